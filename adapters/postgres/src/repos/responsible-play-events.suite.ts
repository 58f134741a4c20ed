import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import type { SuiteDatabase } from "./catalogue.suite"
import { newCustomer } from "./orders-fixtures"
import { makeResponsiblePlayEvents } from "./responsible-play-events"

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

/**
 * The responsible-play log on a real database: events read back as
 * written (detail JSON and all), oldest first, by customer or by kind,
 * from a given moment; and only for a customer who exists.
 */
export const responsiblePlayEventsSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase
    const log = () => makeResponsiblePlayEvents(database.db)

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    it("reads a customer's events back as written, oldest first, from a moment on", async () => {
      const ann = await newCustomer(database.db)
      const bob = await newCustomer(database.db)
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute))
      await run(
        log().record({
          customerId: ann,
          kind: "SpendLimitReached",
          at: at(5),
          detail: { limit: 0, attempted: 250 },
        }),
      )
      await run(
        log().record({ customerId: ann, kind: "SpendLimitChanged", at: at(1), detail: null }),
      )
      await run(
        log().record({ customerId: bob, kind: "PaymentDeclined", at: at(3), detail: "Declined" }),
      )

      const anns = await run(log().forCustomer(ann, at(0)))
      expect(anns.map((e) => [e.kind, e.at, e.detail])).toEqual([
        ["SpendLimitChanged", at(1), null],
        ["SpendLimitReached", at(5), { limit: 0, attempted: 250 }],
      ])
      expect((await run(log().forCustomer(ann, at(2)))).map((e) => e.kind)).toEqual([
        "SpendLimitReached",
      ])
      expect(await run(log().forCustomer("not-a-uuid", at(0)))).toEqual([])

      const declined = await run(log().ofKinds(["PaymentDeclined", "SpendLimitReached"], at(0)))
      expect(declined.filter((e) => e.customerId === ann || e.customerId === bob)).toHaveLength(2)
      expect(await run(log().ofKinds([], at(0)))).toEqual([])
    })

    it("refuses an event about nobody", async () => {
      const failed = await run(
        Effect.flip(
          log().record({
            customerId: randomUUID(),
            kind: "AccountClosed",
            at: new Date(),
            detail: {},
          }),
        ),
      )
      expect(failed._tag).toBe("RepositoryError")
    })
  })
