import type { ChildProcess } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { spawnWatched } from "./watched-process"

const CHILD = fileURLToPath(new URL("./shop-process.child.ts", import.meta.url))
const REPO_ROOT = path.resolve(path.dirname(CHILD), "../../../..")

/** A shop server running in its own Node process (shop-process.child.ts). */
export interface ShopProcess {
  readonly name: string
  /** Everything it printed, stdout and stderr, line by line. */
  readonly output: readonly string[]
  /** Its HTTP origin, once started. */
  readonly origin: () => string
  readonly exitCode: () => number | null
}

interface Running extends ShopProcess {
  readonly child: ChildProcess
  readonly send: (line: string) => void
  readonly waitFor: (pattern: RegExp, timeoutMs: number) => Promise<RegExpMatchArray>
  readonly listeningOn: (port: string) => void
}

/** Every process started and not yet reaped, so a failing test still ends them. */
const live = new Set<Running>()

const launch = (name: string, env: Readonly<Record<string, string>>): Running => {
  const watched = spawnWatched(CHILD, {
    name: `Shop process ${name}`,
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdin: "pipe",
  })
  const { child } = watched
  watched.exited.then(() => live.delete(running))
  let origin: string | undefined

  const running: Running = {
    name,
    output: watched.output,
    child,
    origin: () => {
      if (origin === undefined) throw new Error(`Shop process ${name} has not started`)
      return origin
    },
    exitCode: () => child.exitCode,
    send: (line) => child.stdin?.write(`${line}\n`),
    waitFor: watched.waitFor,
    listeningOn: (port) => {
      origin = `http://127.0.0.1:${port}`
    },
  }
  live.add(running)
  return running
}

export interface StartOptions {
  readonly databaseUrl: string
  /** Extra environment, e.g. AUTOMATIC_DRAW_INTERVAL_MS. */
  readonly env?: Readonly<Record<string, string>>
  readonly timeoutMs?: number
}

/**
 * Starts one process per name on the database, each with its own pool and
 * port, and lets them all compose their shop at the same moment: each loads
 * its modules first and says ready, and only then do all of them hear "go".
 * Each connects with its name as application_name, so pg_stat_activity
 * tells the processes' sessions apart.
 */
export const startShopProcesses = async (
  names: readonly string[],
  options: StartOptions,
): Promise<ShopProcess[]> => {
  const timeoutMs = options.timeoutMs ?? 30_000
  // No storefront build is needed (nor to be waited for) to test the jobs and the API.
  const webDistDir = mkdtempSync(path.join(tmpdir(), "howzat-web-"))
  const started = names.map((name) => {
    const url = new URL(options.databaseUrl)
    url.searchParams.set("application_name", name)
    return launch(name, {
      DATABASE_URL: url.toString(),
      PORT: "0",
      HOST: "127.0.0.1",
      SEED_DEMO_DATA: "false",
      DRAW_BEACON: "none",
      MAIL_MODE: "mailbox",
      SMTP_URL: "",
      PUBLIC_URL: "",
      WEB_DIST_DIR: webDistDir,
      ...options.env,
    })
  })
  await Promise.all(started.map((p) => p.waitFor(/^ready$/, timeoutMs)))
  for (const p of started) p.send("go")
  await Promise.all(
    started.map(async (p) =>
      p.listeningOn((await p.waitFor(/^started (\d+)$/, timeoutMs))[1] ?? ""),
    ),
  )
  return started
}

/**
 * Stops processes as SIGTERM stops the real server (jobs stopped, pool
 * closed); one that does not finish in time is killed.
 */
export const stopShopProcesses = async (processes: readonly ShopProcess[], timeoutMs = 10_000) => {
  const running = [...live].filter((p) => processes.includes(p))
  await Promise.all(
    running.map(async (p) => {
      p.send("stop")
      const exited = new Promise((resolve) => p.child.once("exit", resolve))
      const timer = setTimeout(() => p.child.kill("SIGKILL"), timeoutMs)
      if (p.child.exitCode === null && p.child.signalCode === null) await exited
      clearTimeout(timer)
    }),
  )
}

/** For afterAll: whatever is still running is killed outright. */
export const killShopProcesses = () => {
  for (const p of live) p.child.kill("SIGKILL")
  live.clear()
}
