import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { DatabaseHandle } from "../database"
import { recordDraw } from "../repos/draw-records"
import { competitionOnSale, drawnWithNoEntries } from "../repos/orders-fixtures"
import { databaseBefore } from "./database-before"
import { makeMigrator } from "./index"

const MIGRATION = "2026-12-01T1100-drawn-competitions-marked"

/**
 * 2026-12-01T1100 on a shop whose draws were recorded while nothing marked
 * their competitions drawn: each is marked at its draw's time.
 */
describe("the migration marking drawn competitions", { timeout: 120_000 }, () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await databaseBefore(MIGRATION)
  })
  afterAll(() => handle.close())

  it("marks every drawn competition at its draw's time, and no other", async () => {
    const { db } = handle
    const [old, marked, onSale] = [
      await competitionOnSale(db),
      await competitionOnSale(db),
      await competitionOnSale(db),
    ]
    const oldDraw = new Date(Date.UTC(2026, 9, 1, 20, 30))
    const markedDraw = new Date(Date.UTC(2026, 9, 8, 20, 30))
    await recordDraw(db, drawnWithNoEntries(old, oldDraw), "")
    await recordDraw(db, drawnWithNoEntries(marked, markedDraw), "")
    // As the code before this left them: a draw, its competition unmarked.
    await db.updateTable("competitions").set({ drawnAt: null }).where("id", "=", old).execute()
    const migrated = await makeMigrator(db).migrateToLatest()
    expect(migrated.error).toBeUndefined()
    const rows = await db.selectFrom("competitions").select(["id", "drawnAt"]).execute()
    const drawnAt = new Map(rows.map((row) => [row.id, row.drawnAt]))
    expect(drawnAt.get(old)).toEqual(oldDraw)
    expect(drawnAt.get(marked)).toEqual(markedDraw)
    expect(drawnAt.get(onSale)).toBeNull()
  })
})
