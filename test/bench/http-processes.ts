import { type ChildProcess, spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { freePort } from "../support/pg-cluster"
import { sourceNodeArgs } from "../support/source-node"

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url))

export interface Child {
  readonly origin: string
  readonly stop: () => Promise<void>
}

const waitUntilUp = async (url: string, child: ChildProcess, output: () => string) => {
  // Generous: on a shared machine, seeding the demo shop on PGlite has taken over two minutes.
  const deadline = Date.now() + 300_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`server did not come up at ${url}:\n${output()}`)
}

/**
 * A TypeScript entry in a process of its own, so the server never shares an
 * event loop (or a core's worth of JIT) with the load generator. On a free
 * port unless given one (Lighthouse's LIGHTHOUSE_PORT, to reach it by hand).
 */
export const startChild = async (
  script: string,
  env: Record<string, string>,
  readyPath: string,
  fixedPort?: number,
  /** Node's own flags before the script's (the profiler's --cpu-prof, which NODE_OPTIONS refuses). */
  nodeFlags: readonly string[] = [],
): Promise<Child> => {
  const port = fixedPort ?? (await freePort())
  let output = ""
  const child = spawn(process.execPath, [...nodeFlags, ...sourceNodeArgs(script)], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  })
  child.stdout?.on("data", (chunk) => {
    output += chunk
  })
  child.stderr?.on("data", (chunk) => {
    output += chunk
  })
  const origin = `http://127.0.0.1:${port}`
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000)
      child.once("exit", () => {
        clearTimeout(killer)
        resolve()
      })
      child.kill("SIGTERM")
    })
  try {
    await waitUntilUp(`${origin}${readyPath}`, child, () => output)
  } catch (error) {
    await stop()
    throw error
  }
  return { origin, stop }
}
