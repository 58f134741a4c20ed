import type { NewCompetition } from "@howzat/core/ports/competition-writer"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import { makeTransactions, runQuery } from "../transactions"
import type { SuiteDatabase } from "./catalogue.suite"
import { newCompetition } from "./competition-fixtures"
import { createCompetition } from "./competition-writer"
import { makeLiveCompetitions } from "./live-competitions"

const DAY = 24 * 60 * 60 * 1000

/**
 * The shop-wide lock of the live set (decision 0045) on a real database: a
 * second reader waits for the first writer's commit. Which competitions are
 * live is the port's contract, run on every backend:
 * test/contracts/live-competitions.contract.ts.
 */
export const liveCompetitionsSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase
    const now = new Date()
    const at = (days: number) => new Date(now.getTime() + days * DAY)

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    const competition = (overrides: Partial<NewCompetition> = {}) =>
      createCompetition(
        database.db,
        newCompetition({
          startDateTimeUtc: at(-1),
          closeDateTimeUtc: at(5),
          drawDateTimeUtc: at(6),
          ...overrides,
        }),
      )

    const lockedLive = () =>
      Effect.runPromise(
        makeTransactions(database.db).within(makeLiveCompetitions(database.db).lockedLive(now)),
      )

    it("makes a second reader wait for the first writer's commit", async () => {
      const hidden = await competition({ visibilityStatus: "Hidden" })
      const transactions = makeTransactions(database.db)
      const port = makeLiveCompetitions(database.db)
      const writer = Effect.runPromise(
        transactions.within(
          Effect.gen(function* () {
            yield* port.lockedLive(now)
            yield* Effect.sleep("300 millis")
            // In the writer's transaction: committed only when it ends.
            yield* runQuery(database.db, "test.publish", (q) =>
              q
                .updateTable("competitions")
                .set({ visibilityStatus: "Visible" })
                .where("id", "=", hidden)
                .execute(),
            )
          }),
        ),
      )
      await new Promise((resolve) => setTimeout(resolve, 100))
      const reader = lockedLive()
      await writer
      expect((await reader).map((c) => c.id)).toContain(hidden)
    })
  })
