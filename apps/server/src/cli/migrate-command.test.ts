import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { makeDatabase, migrations } from "@howzat/postgres"
import { sql } from "kysely"
import { describe, expect, it } from "vitest"
import { EXIT, runMigrateCommand } from "./migrate-command"

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

const NAMES = Object.keys(migrations)

describe("npm run migrate", () => {
  it("shows its usage for an argument it does not take", async () => {
    const { lines, output } = capture()
    expect(await runMigrateCommand(["--to", "x"], {}, output)).toBe(EXIT.usage)
    expect(lines.err.join("\n")).toMatch(/usage: npm run migrate/)
  })

  it("applies what is pending and says which, then nothing, and refuses a later build's schema", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "howzat-migrate-")), "pglite")
    const env = { PGLITE_DATA_DIR: dataDir }

    const first = capture()
    expect(await runMigrateCommand([], env, first.output)).toBe(EXIT.done)
    expect(first.lines.out[0]).toBe(
      `Applied ${NAMES.length} migrations to the embedded database at ${dataDir}:`,
    )
    expect(first.lines.out.slice(1, -1)).toEqual(NAMES.map((name) => `  ${name}`))

    const again = capture()
    expect(await runMigrateCommand([], env, again.output)).toBe(EXIT.done)
    expect(again.lines.out).toEqual([
      `Nothing to apply: the embedded database at ${dataDir} is at ${NAMES.at(-1)} (${NAMES.length} migrations).`,
    ])

    const later = await makeDatabase({ dataDir })
    await sql`insert into kysely_migration (name, timestamp) values ('2099-01-01T0000-later', now()::text)`.execute(
      later.db,
    )
    await later.close()
    const refused = capture()
    expect(await runMigrateCommand([], env, refused.output)).toBe(EXIT.failed)
    expect(refused.lines.err).toEqual([
      "The database's schema is newer than this build: it has run 1 migration this build does not know (2099-01-01T0000-later). Deploy the build that added them (or a later one); an older build must not run on it.",
    ])
  }, 120_000)
})
