import { ConfigError, readConfig, type ServerConfig } from "../config"

/** Where a command writes: the terminal, or a test's lines. */
export interface CommandOutput {
  readonly out: (line: string) => void
  readonly err: (line: string) => void
}

/** The exit codes: done, something went wrong (said in one line), the command line was wrong. */
export const EXIT = { done: 0, failed: 1, usage: 2 } as const

/** The shop's settings, or undefined once a bad one has been named in one line. */
export const configOrSay = (
  env: Readonly<Record<string, string | undefined>>,
  output: CommandOutput,
): ServerConfig | undefined => {
  try {
    return readConfig(env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    output.err(`Configuration error: ${error.message}`)
    return undefined
  }
}
