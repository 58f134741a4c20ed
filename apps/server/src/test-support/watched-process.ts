import { type ChildProcess, spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { sourceNodeArgs } from "../../../../test/support/source-node"

/** A Node process running a repository script from source, with its output kept line by line. */
export interface WatchedProcess {
  readonly child: ChildProcess
  /** Everything it printed, stdout and stderr, in the order heard. */
  readonly output: readonly string[]
  /** Its exit code (null when ended by a signal), once it has ended. */
  readonly exited: Promise<number | null>
  /**
   * The first line matching `pattern`, or a rejection carrying everything
   * printed when the process ends or the time runs out first.
   */
  readonly waitFor: (pattern: RegExp, timeoutMs: number) => Promise<RegExpMatchArray>
}

export interface WatchOptions {
  /** How a failure names the process. */
  readonly name: string
  readonly cwd: string
  readonly env: NodeJS.ProcessEnv
  /** "pipe" when the test talks to the process on its standard input. */
  readonly stdin: "pipe" | "ignore"
}

/**
 * Spawns `script` under `node --conditions=@howzat/source --import tsx` and
 * listens to it. The servers' tests (several shops on one database, a
 * shutdown in flight) wait on the lines a process prints rather than on
 * sleeps, and a failure shows the whole output.
 */
export const spawnWatched = (script: string, options: WatchOptions): WatchedProcess => {
  const child = spawn(process.execPath, sourceNodeArgs(script), {
    cwd: options.cwd,
    env: options.env,
    stdio: [options.stdin, "pipe", "pipe"],
  })
  const output: string[] = []
  const listeners = new Set<() => void>()
  const tell = () => {
    for (const listener of listeners) listener()
  }
  const heard = (line: string) => {
    output.push(line)
    tell()
  }
  createInterface({ input: child.stdout as NonNullable<typeof child.stdout> }).on("line", heard)
  createInterface({ input: child.stderr as NonNullable<typeof child.stderr> }).on("line", heard)
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      resolve(code)
      tell()
    }),
  )

  const waitFor = (pattern: RegExp, timeoutMs: number) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const failure = (what: string) =>
        new Error(`${options.name} ${what} before printing ${pattern}:\n${output.join("\n")}`)
      const check = () => {
        for (const line of output) {
          const match = pattern.exec(line)
          if (match) return settle(() => resolve(match))
        }
        if (child.exitCode !== null || child.signalCode !== null)
          settle(() => reject(failure(`ended (${child.exitCode ?? child.signalCode})`)))
      }
      const timer = setTimeout(
        () => settle(() => reject(failure(`took over ${timeoutMs} ms`))),
        timeoutMs,
      )
      const settle = (done: () => void) => {
        clearTimeout(timer)
        listeners.delete(check)
        done()
      }
      listeners.add(check)
      check()
    })

  return { child, output, exited, waitFor }
}
