import { DEFAULT_MINIMUM_OPEN_MS } from "@howzat/core/competitions"
import { instantWinMajority, shareOf } from "@howzat/core/rules"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openMigratedPglite } from "../../../../test/support/suite-database"
import type { makeDatabase } from "../database"
import { makeLiveCompetitions } from "../repos/live-competitions"
import { makeTransactions } from "../transactions"
import { seedDemoData } from "./demo"

/**
 * The demo shop keeps the competition rules of decision 0045, so
 * `npm start` shows a compliant shop: instant-win competitions are not the
 * majority of live ones, and every competition is open at least the
 * default minimum.
 */
describe("the demo shop and the DCMS code's competition rules", { timeout: 120_000 }, () => {
  let database: Awaited<ReturnType<typeof makeDatabase>>
  const now = new Date()

  beforeAll(async () => {
    database = await openMigratedPglite()
    await seedDemoData(database.db, now)
  })
  afterAll(() => database?.close())

  it("has no majority of instant-win live competitions", async () => {
    const live = await Effect.runPromise(
      makeTransactions(database.db).within(makeLiveCompetitions(database.db).lockedLive(now)),
    )
    expect(live.length).toBeGreaterThan(0)
    expect(instantWinMajority(shareOf(live))).toBe(false)
  })

  it("opens every competition for at least the minimum", async () => {
    const rows = await database.db
      .selectFrom("competitions")
      .select(["name", "startDateTimeUtc", "closeDateTimeUtc"])
      .execute()
    const short = rows.filter(
      (r) => r.closeDateTimeUtc.getTime() - r.startDateTimeUtc.getTime() < DEFAULT_MINIMUM_OPEN_MS,
    )
    expect(short.map((r) => r.name)).toEqual([])
  })
})
