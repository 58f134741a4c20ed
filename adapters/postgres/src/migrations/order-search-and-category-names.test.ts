import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { DatabaseHandle } from "../database"
import { databaseBefore } from "./database-before"
import { makeMigrator } from "./index"

const MIGRATION = "2026-11-29T0300-order-search-and-category-names"

/**
 * 2026-11-29T0300 on a shop that already took two categories that read
 * alike: the unique index could not be built over them, so all but the
 * oldest of each set are renamed first, and the index then refuses a third.
 */
describe("the migration to one name per category", { timeout: 120_000 }, () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await databaseBefore(MIGRATION)
  })
  afterAll(() => handle.close())

  it("renames the younger of categories that read alike, then refuses another", async () => {
    const { db } = handle
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute))
    await db
      .insertInto("categories")
      .values([
        { name: "Golf", createdAt: at(1) },
        { name: " golf", createdAt: at(2) },
        { name: "GOLF ", createdAt: at(3) },
        { name: "Cash", createdAt: at(4) },
      ])
      .execute()
    const migrated = await makeMigrator(db).migrateToLatest()
    expect(migrated.error).toBeUndefined()
    const names = await db.selectFrom("categories").select("name").orderBy("createdAt").execute()
    expect(names.map((row) => row.name)).toEqual(["Golf", "golf (2)", "GOLF (3)", "Cash"])
    await expect(
      db.insertInto("categories").values({ name: "  gOLF " }).execute(),
    ).rejects.toMatchObject({ code: "23505" })
  })
})
