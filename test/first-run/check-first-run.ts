/**
 * The README's first command on a fresh clone: `npm start` in a copy of the
 * repository that has never run (no `.data/`, no build), with the default
 * configuration. It waits for /health/ping, then loads the storefront and
 * the competitions the demo data seeded. Every other suite opens its
 * database in its own folder or in memory, so only this check sees what a
 * new developer sees on their first start.
 *
 * The copy holds the repository's files (tracked, and untracked ones not
 * ignored, as `git ls-files` lists them) and links the installed
 * node_modules: installing again would test npm, not the shop.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"

const repoRoot = path.resolve(import.meta.dirname, "../..")
/** Building the storefront and seeding the demo data on a busy 2-core machine. */
const START_TIMEOUT_MS = 240_000

/** Settings a developer's shell may carry that would make this not the default start. */
const CONFIG_VARIABLES = [
  "PORT",
  "HOST",
  "DATABASE_URL",
  "PGLITE_DATA_DIR",
  "SEED_DEMO_DATA",
  "WEB_DIST_DIR",
  "PUBLIC_URL",
  "MAIL_MODE",
  "SMTP_URL",
  "PAYMENT_METHODS",
  "PAYMENT_GATEWAY",
  "PAY_BY_BANK",
]

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, () => {
      const address = server.address()
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      )
    })
  })

const copyRepository = (to: string) => {
  const files = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    { cwd: repoRoot, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  )
    .split("\0")
    .filter((file) => file !== "" && existsSync(path.join(repoRoot, file)))
  for (const file of files) {
    mkdirSync(path.dirname(path.join(to, file)), { recursive: true })
    cpSync(path.join(repoRoot, file), path.join(to, file))
  }
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(to, "node_modules"), "dir")
  return files.length
}

const fail = (message: string): never => {
  throw new Error(message)
}

const check = async (
  label: string,
  url: string,
  expectation: (response: Response) => Promise<void>,
) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) })
  await expectation(response)
  console.log(`first run: ${label} ✓`)
}

const waitForHealth = async (origin: string, started: ChildProcess, output: () => string) => {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (started.exitCode !== null || started.signalCode !== null) {
      fail(
        `npm start exited (${started.exitCode ?? started.signalCode}) before the shop answered:\n${output()}`,
      )
    }
    const ok = await fetch(`${origin}/health/ping`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.ok)
      .catch(() => false)
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  fail(`the shop did not answer /health/ping within ${START_TIMEOUT_MS / 1000} s:\n${output()}`)
}

/** npm runs the build and then node: the whole group goes, not just npm. */
const stop = (started: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (started.exitCode !== null || started.pid === undefined) return resolve()
    const timer = setTimeout(() => {
      try {
        process.kill(-(started.pid as number), "SIGKILL")
      } catch {}
    }, 10_000)
    started.once("exit", () => {
      clearTimeout(timer)
      resolve()
    })
    try {
      process.kill(-started.pid, "SIGTERM")
    } catch {
      resolve()
    }
  })

const main = async () => {
  const clone = mkdtempSync(path.join(tmpdir(), "howzat-first-run-"))
  let started: ChildProcess | undefined
  try {
    const copied = copyRepository(clone)
    if (existsSync(path.join(clone, ".data"))) fail("the copy already has a .data folder")
    console.log(`first run: ${copied} files copied to ${clone}, no .data/, no build`)

    const port = await freePort()
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) }
    for (const name of CONFIG_VARIABLES) if (name !== "PORT") delete env[name]
    let output = ""
    started = spawn("npm", ["start"], { cwd: clone, env, detached: true })
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000)
    }
    started.stdout?.on("data", keep)
    started.stderr?.on("data", keep)

    const origin = `http://localhost:${port}`
    await waitForHealth(origin, started, () => output)
    console.log(`first run: npm start answers /health/ping on port ${port} ✓`)

    await check("the storefront at /", `${origin}/`, async (response) => {
      const html = await response.text()
      if (response.status !== 200) fail(`/ answered ${response.status}: ${html.slice(0, 300)}`)
      const script = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1]
      if (!html.includes('<div id="root">') || script === undefined)
        fail(`/ is not the built storefront:\n${html.slice(0, 500)}`)
      const asset = await fetch(new URL(script as string, origin))
      if (asset.status !== 200) fail(`the storefront's script ${script} answered ${asset.status}`)
    })
    await check("the back office at /admin", `${origin}/admin`, async (response) => {
      const html = await response.text()
      if (response.status !== 200) fail(`/admin answered ${response.status}: ${html.slice(0, 300)}`)
      const script = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1]
      if (!script?.startsWith("/admin/assets/"))
        fail(`/admin is not the built back office:\n${html.slice(0, 500)}`)
      const asset = await fetch(new URL(script as string, origin))
      if (asset.status !== 200) fail(`the back office's script ${script} answered ${asset.status}`)
    })
    await check(
      "the demo member of staff signing in (README § Demo data)",
      `${origin}/health/ping`,
      async (page) => {
        // Changes need the double-submit XSRF cookie that a GET hands out; not a public
        // catalogue read, which any cache may share and so carries no cookie (decision 0047).
        const xsrf = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get("set-cookie") ?? "")?.[1] ?? ""
        const response = await fetch(`${origin}/api/auth/authenticate`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-xsrf-token": xsrf,
            cookie: `XSRF-TOKEN=${xsrf}`,
          },
          body: JSON.stringify({ email: "staff@howzat.example", password: "Howzat!Staff2026" }),
          signal: AbortSignal.timeout(15_000),
        })
        const body = (await response.json()) as { user?: { role?: string } }
        if (response.status !== 200 || body.user?.role !== "Staff")
          fail(`the demo staff sign-in answered ${response.status}: ${JSON.stringify(body)}`)
      },
    )
    await check(
      "the demo competitions at /api/Competitions",
      `${origin}/api/Competitions`,
      async (response) => {
        const body = (await response.json()) as { competitions?: { name?: string }[] }
        if (response.status !== 200)
          fail(`/api/Competitions answered ${response.status}: ${JSON.stringify(body)}`)
        if (!Array.isArray(body.competitions) || body.competitions.length === 0)
          fail(`/api/Competitions listed no competitions: ${JSON.stringify(body).slice(0, 300)}`)
      },
    )
    if (!existsSync(path.join(clone, ".data", "pglite", "PG_VERSION")))
      fail("the embedded database was not made in .data/pglite")
    console.log("first run: the embedded database lives in .data/pglite ✓")
  } finally {
    if (started) await stop(started)
    rmSync(clone, { recursive: true, force: true })
  }
}

main().then(
  () => console.log("first run: a fresh copy starts with npm start, as the README says"),
  (error: unknown) => {
    console.error(`first run FAILED: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
