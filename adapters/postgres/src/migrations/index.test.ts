import { describe, expect, it } from "vitest"
import { migrations } from "./index"

/**
 * Kysely runs migrations in name order and refuses a database that ran a
 * later one before an earlier one. Two files with one date prefix (written
 * on two branches at once) leave their order to the rest of the name, so a
 * database that ran one of them first cannot be migrated: each migration
 * gets its own moment.
 */
describe("the migrations", () => {
  const names = Object.keys(migrations)

  it("are named by their moment and what they do", () => {
    for (const name of names) expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{4}-[a-z]+(-[a-z]+)*$/)
  })

  it("are listed in the order they run, each at its own moment", () => {
    expect(names).toEqual([...names].sort())
    const moments = names.map((name) => name.slice(0, "2026-11-24T1100".length))
    expect(new Set(moments).size).toBe(moments.length)
  })
})
