import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openMigratedPglite } from "../../../../test/support/suite-database"
import type { DatabaseHandle } from "../database"
import { makeCompetitionAdminStore } from "./competition-admin"
import { recordDraw } from "./draw-records"
import { competitionOnSale, drawnWithNoEntries, NOW } from "./orders-fixtures"

/**
 * A recorded draw marks its competition drawn: the checkout's late-buyer
 * guard (draw-guard.concurrency.postgres.test.ts) and the back office's
 * refusals (editing the drawn fields, deleting, bringing the draw forward)
 * all read `competitions.drawn_at`, which nothing else sets.
 */
describe("recording a draw on PGlite", () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openMigratedPglite()
  })
  afterAll(() => handle?.close())

  it("marks the competition drawn, at the draw's time, and only that one", async () => {
    const [competitionId, other] = [
      await competitionOnSale(handle.db, { name: "Drawn" }),
      await competitionOnSale(handle.db, { name: "Not drawn" }),
    ]
    const at = new Date(NOW.getTime() + 60_000)
    await recordDraw(handle.db, drawnWithNoEntries(competitionId, at), "")
    const rows = await handle.db
      .selectFrom("competitions")
      .select(["id", "drawnAt"])
      .where("id", "in", [competitionId, other])
      .execute()
    expect(Object.fromEntries(rows.map((r) => [r.id, r.drawnAt]))).toEqual({
      [competitionId]: at,
      [other]: null,
    })
    const store = makeCompetitionAdminStore(handle.db)
    expect((await Effect.runPromise(store.lock(competitionId))).drawn).toBe(true)
    expect((await Effect.runPromise(store.lock(other))).drawn).toBe(false)
  })
})
