import type { NewCompetition } from "@howzat/core/ports/competition-writer"
import { Deferred, Effect, Fiber, Option } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
// The contract's draw and calendar, so the suite records what the contract does.
import { drawOf, yearOf } from "../../../../test/contracts/draw-records.contract"
import { migrateToLatest } from "../migrations"
import type { Database } from "../schema"
import { makeTransactions } from "../transactions"
import { makeCompetitionRepo } from "./competitions"
import { makeDrawRecords } from "./draw-records"
import { competitionOnSale } from "./orders-fixtures"

export interface SuiteDatabase {
  readonly db: Kysely<Database>
  readonly close: () => Promise<void>
}

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

/**
 * What only the database shows of the draw records: the catalogue's own
 * competition in `awaiting`,
 * and the row lock that makes a draw happen once across processes
 * (`concurrent`: only a real server has two connections to race). What the
 * port promises (entries, holders, a draw read back as recorded, due,
 * awaiting, the list) is the contract's: test/contracts/draw-records.* and draws.*.
 */
export const drawRecordsSuite = (
  name: string,
  open: () => Promise<SuiteDatabase>,
  options: { readonly concurrent: boolean },
) =>
  describe(name, () => {
    let database: SuiteDatabase
    const db = () => database.db
    const records = () => makeDrawRecords(db())
    const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    /** On sale from `at` minus a day, closing at `at`, drawn an hour later unless told. */
    const competitionAt = (at: Date, overrides: Partial<NewCompetition> = {}) =>
      competitionOnSale(db(), {
        startDateTimeUtc: new Date(at.getTime() - DAY),
        closeDateTimeUtc: at,
        drawDateTimeUtc: new Date(at.getTime() + HOUR),
        drawType: "Live",
        ...overrides,
      })

    it("awaiting gives the catalogue's own competition, instant-win groups and all", async () => {
      const day = yearOf(2008)
      const putOff = await competitionAt(day(2), {
        name: "Put off",
        drawDateTimeUtc: day(3),
        totalTickets: 20,
        instantWinGroups: [{ name: "£5", imageUrls: [], ticketNumbers: [4] }],
      })
      const scope = { drawTypes: ["Live"] as const, visibleOnly: true }
      const listed = await run(records().awaiting(day(10), scope))
      const catalogued = await run(makeCompetitionRepo(db()).byId(putOff, { visibleOnly: true }))
      expect(listed.find((c) => c.id === putOff)).toEqual(catalogued)
    })

    it.runIf(options.concurrent)(
      "lock holds a second drawer until the first commits, which then finds its draw",
      async () => {
        const id = await competitionAt(yearOf(2006)(1))
        const transactions = makeTransactions(db())
        await run(
          Effect.gen(function* () {
            const locked = yield* Deferred.make<void>()
            const release = yield* Deferred.make<void>()
            const first = yield* Effect.fork(
              transactions.within(
                Effect.gen(function* () {
                  yield* records().lock(id)
                  yield* Deferred.succeed(locked, undefined)
                  yield* Deferred.await(release)
                  yield* records().record(drawOf(id), "1\n2\n3")
                }),
              ),
            )
            yield* Deferred.await(locked)
            const second = yield* Effect.fork(transactions.within(records().lock(id)))
            yield* Effect.sleep("300 millis")
            expect(yield* Fiber.poll(second)).toEqual(Option.none())

            yield* Deferred.succeed(release, undefined)
            yield* Fiber.join(first)
            const seen = yield* Fiber.join(second)
            expect(seen.draw?.winningTicketNumber).toBe(2)
          }),
        )
      },
    )
  })
