import { type ChildProcess, execFile, spawn } from "node:child_process"
import { existsSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { sourceNodeArgs } from "../support/source-node"

/**
 * The processes of the cluster suite: built servers (apps/server/dist, as
 * systemd runs them, docs/deploy.md), HAProxy with docs/deploy/haproxy.cfg,
 * and the built commands (migrate, backup, restore). Every process started
 * is remembered, so a failing run still ends them all (killEverything).
 */

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url))
const DIST = path.join(REPO_ROOT, "apps/server/dist")
export const HAPROXY = process.env.HAPROXY_BIN ?? "/usr/sbin/haproxy"
export const HAPROXY_CONFIG = path.join(REPO_ROOT, "docs/deploy/haproxy.cfg")

const run = promisify(execFile)
const started = new Set<ChildProcess>()

/** For afterAll and a crash: whatever is still running is killed outright. */
export const killEverything = () => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
  started.clear()
}
process.once("exit", killEverything)

/** What the suite needs that the machine lacks, in one line, or undefined. */
export const missing = (): string | undefined => {
  if (!existsSync(path.join(DIST, "main.js")) || !existsSync(path.join(DIST, "migrate.js")))
    return "apps/server/dist has no main.js or migrate.js: run `npm run build:server` (npm run test:cluster does)"
  if (!existsSync(HAPROXY))
    return `HAProxy is not at ${HAPROXY}: install Debian's haproxy (.ci/run does), or set HAPROXY_BIN`
  return undefined
}

interface Watched {
  readonly child: ChildProcess
  readonly output: string[]
  readonly exited: Promise<number | null>
}

const watch = (command: string, args: readonly string[], env: NodeJS.ProcessEnv): Watched => {
  const child = spawn(command, [...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  })
  started.add(child)
  const output: string[] = []
  createInterface({ input: child.stdout as NonNullable<typeof child.stdout> }).on("line", (l) =>
    output.push(l),
  )
  createInterface({ input: child.stderr as NonNullable<typeof child.stderr> }).on("line", (l) =>
    output.push(l),
  )
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      started.delete(child)
      resolve(code)
    }),
  )
  return { child, output, exited }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Thrown by a read that can never say yes: the process it waits for has ended. */
export class ProcessEnded extends Error {}

/** Reads until `read` says yes, or throws `what` with `context()` after `timeoutMs`. */
export const until = async (
  what: string,
  read: () => Promise<boolean>,
  timeoutMs: number,
  context: () => string = () => "",
  pauseMs = 100,
) => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const yes = await read().catch((error) => {
      if (error instanceof ProcessEnded) throw new Error(`${what}: ${error.message}\n${context()}`)
      return false
    })
    if (yes) return
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}\n${context()}`)
    await sleep(pauseMs)
  }
}

const answers = async (url: string, status = 200) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
  await response.arrayBuffer()
  return response.status === status
}

/** The environment every server of the suite shares: only its port differs. */
export const serverEnvironment = (databaseUrl: string): NodeJS.ProcessEnv => {
  const webDistDir = mkdtempSync(path.join(tmpdir(), "howzat-cluster-web-"))
  writeFileSync(path.join(webDistDir, "index.html"), "<!doctype html><title>Howzat</title>")
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl,
    HOST: "127.0.0.1",
    SEED_DEMO_DATA: "false",
    // As docs/deploy.md says: migrations ran once before (npm run migrate).
    MIGRATE_ON_START: "false",
    // Longer than HAProxy takes to see /health/ready fail (two checks 500 ms apart).
    SHUTDOWN_DRAIN_MS: "3000",
    SHUTDOWN_GRACE_MS: "10000",
    TRUST_PROXY: "true",
    DRAW_BEACON: "none",
    AUTOMATIC_DRAW_INTERVAL_MS: "500",
    MAIL_MODE: "mailbox",
    SMTP_URL: "",
    PUBLIC_URL: "",
    WEB_DIST_DIR: webDistDir,
    FILES_DIR: mkdtempSync(path.join(tmpdir(), "howzat-cluster-files-")),
    // Every virtual customer reaches the servers from HAProxy's one address.
    RATE_LIMIT_LOGIN_PER_ADDRESS: "10000/15m",
    RATE_LIMIT_REGISTER_PER_ADDRESS: "10000/1h",
  }
  for (const name of [
    "JWT_SECRET",
    "PAYMENT_NOTIFICATION_SECRET",
    "PAYMENT_GATEWAY",
    "METRICS_TOKEN",
  ])
    delete env[name]
  return env
}

export interface ShopServer {
  readonly name: string
  readonly port: number
  readonly origin: string
  /** Everything the current process printed. */
  readonly output: () => readonly string[]
  /** Starts the process (again) on the same port and waits for /health/ready. */
  readonly start: () => Promise<void>
  readonly signal: (signal: NodeJS.Signals) => void
  /** The current process's exit code, once it has ended. */
  readonly exited: () => Promise<number | null>
}

export const shopServer = (name: string, port: number, env: NodeJS.ProcessEnv): ShopServer => {
  let current: Watched | undefined
  const origin = `http://127.0.0.1:${port}`
  const output = () => current?.output ?? []
  return {
    name,
    port,
    origin,
    output,
    start: async () => {
      const process_ = watch(
        process.execPath,
        ["--enable-source-maps", path.join(DIST, "main.js")],
        { ...env, PORT: String(port), PGAPPNAME: name },
      )
      current = process_
      await until(
        `${name} to be ready`,
        async () => {
          if (process_.child.exitCode !== null) throw new ProcessEnded(`${name} ended`)
          return answers(`${origin}/health/ready`)
        },
        90_000,
        () => `${name} said:\n${process_.output.join("\n")}`,
        200,
      )
    },
    signal: (signal) => current?.child.kill(signal),
    exited: () => current?.exited ?? Promise.resolve(null),
  }
}

/** Runs a built command (migrate, backup, restore) to its end: exit code and output. */
export const runBuilt = async (
  command: "migrate" | "backup" | "restore",
  args: readonly string[],
  env: NodeJS.ProcessEnv,
) => {
  const watched = watch(process.execPath, [path.join(DIST, `${command}.js`), ...args], env)
  const code = await watched.exited
  return { code, output: watched.output }
}

/** `npm run verify-draw` against a shop: its exit code and what it printed. */
export const verifyDraw = async (origin: string, competitionId: string) => {
  const watched = watch(
    process.execPath,
    sourceNodeArgs(path.join(REPO_ROOT, "tools/verify-draw/verify-draw.ts"), origin, competitionId),
    process.env,
  )
  return { code: await watched.exited, output: watched.output }
}

export interface LoadBalancer {
  readonly origin: string
  readonly output: () => readonly string[]
  /** HAProxy's view of each server: "UP", "DOWN", "UP 1/2", ... */
  readonly states: () => Promise<Record<string, string>>
  /** Waits until HAProxy sends to `name` again (it passed its readiness checks). */
  readonly waitUp: (name: string) => Promise<void>
  readonly waitDown: (name: string) => Promise<void>
}

/** HAProxy on docs/deploy/haproxy.cfg, the addresses filled in from the environment. */
export const startHaproxy = async (
  servers: readonly ShopServer[],
  lbPort: number,
  statsPort: number,
): Promise<LoadBalancer> => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOWZAT_LB_BIND: `127.0.0.1:${lbPort}`,
    HOWZAT_LB_STATS: `127.0.0.1:${statsPort}`,
  }
  servers.forEach((server, i) => {
    env[`HOWZAT_SHOP${i + 1}`] = `127.0.0.1:${server.port}`
  })
  await run(HAPROXY, ["-c", "-q", "-f", HAPROXY_CONFIG], { env })
  const haproxy = watch(HAPROXY, ["-db", "-f", HAPROXY_CONFIG], env)
  const states = async () => {
    const response = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`, {
      signal: AbortSignal.timeout(2_000),
    })
    const [header = "", ...rows] = (await response.text()).split("\n")
    const columns = header.replace(/^# /, "").split(",")
    const at = (name: string) => columns.indexOf(name)
    const found: Record<string, string> = {}
    for (const row of rows) {
      const cells = row.split(",")
      if (cells[at("pxname")] === "servers" && /^shop\d$/.test(cells[at("svname")] ?? ""))
        found[cells[at("svname")] ?? ""] = cells[at("status")] ?? ""
    }
    return found
  }
  const context = () => `HAProxy said:\n${haproxy.output.join("\n")}`
  const lb: LoadBalancer = {
    origin: `http://127.0.0.1:${lbPort}`,
    output: () => haproxy.output,
    states,
    waitUp: (name) =>
      until(
        `HAProxy to send to ${name}`,
        async () => (await states())[name] === "UP",
        60_000,
        context,
      ),
    waitDown: (name) =>
      until(
        `HAProxy to stop sending to ${name}`,
        async () => /^DOWN/.test((await states())[name] ?? ""),
        60_000,
        context,
      ),
  }
  await until(
    "HAProxy's stats",
    async () => {
      if (haproxy.child.exitCode !== null) throw new ProcessEnded("HAProxy ended")
      return Object.keys(await states()).length === servers.length
    },
    30_000,
    context,
  )
  return lb
}
