import { describe, expect, it } from "vitest"
import { EXIT, runBackupCommand, runRestoreCommand } from "./backup-command"

const capture = () => {
  const lines = { out: [] as string[], err: [] as string[] }
  return {
    lines,
    output: {
      out: (line: string) => lines.out.push(line),
      err: (line: string) => lines.err.push(line),
    },
  }
}

describe("npm run backup and npm run restore", () => {
  it("shows its usage for an argument it does not take", async () => {
    const { lines, output } = capture()
    expect(await runBackupCommand(["--to", "x"], {}, output)).toBe(EXIT.usage)
    expect(lines.err.join("\n")).toMatch(/usage: npm run backup/)
  })

  it("restore needs one file", async () => {
    const { lines, output } = capture()
    expect(await runRestoreCommand([], {}, output)).toBe(EXIT.usage)
    expect(await runRestoreCommand(["a.dump", "b.dump"], {}, output)).toBe(EXIT.usage)
    expect(lines.err.join("\n")).toMatch(/usage: npm run restore -- <backup file> \[--force\]/)
  })

  it("says in one line that a file is missing, and fails", async () => {
    const { lines, output } = capture()
    const code = await runRestoreCommand(
      ["/nowhere/howzat.tar.gz", "--force"],
      { PGLITE_DATA_DIR: "memory://" },
      output,
    )
    expect(code).toBe(EXIT.failed)
    expect(lines.err).toEqual(["There is no file /nowhere/howzat.tar.gz."])
  })

  it("names a bad setting rather than backing up the wrong database", async () => {
    const { lines, output } = capture()
    expect(await runBackupCommand([], { DATABASE_URL: "mysql://shop" }, output)).toBe(EXIT.failed)
    expect(lines.err).toEqual([
      "Configuration error: DATABASE_URL must be a postgres:// connection string",
    ])
  })
})
