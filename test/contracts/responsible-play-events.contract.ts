import { randomUUID } from "node:crypto"
import { ResponsiblePlayEvents, type ResponsiblePlayEventsShape } from "@howzat/core/ports"
import { Effect, Either, type Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/** A ResponsiblePlayEvents log to test, with customers whose events it keeps. */
export interface ResponsiblePlayEventsWorld {
  readonly layer: Layer.Layer<ResponsiblePlayEvents>
  readonly newCustomer: () => Promise<string>
  readonly close: () => Promise<void>
}

/**
 * The ResponsiblePlayEvents port's contract (decision 0041), run on the
 * in-memory adapter and on PGlite and PostgreSQL: events read back as
 * written (detail JSON and all), oldest first, by customer or by kind, from
 * a given moment on; and only about a customer who exists.
 */
export const responsiblePlayEventsContract = (
  name: string,
  open: () => Promise<ResponsiblePlayEventsWorld>,
) =>
  describe(name, { timeout: 60_000 }, () => {
    let world: ResponsiblePlayEventsWorld
    const run = <A, E>(use: (log: ResponsiblePlayEventsShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(
        Effect.flatMap(ResponsiblePlayEvents, use).pipe(Effect.provide(world.layer)),
      )
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute))

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("reads a customer's events back as written, oldest first, from a moment on", async () => {
      const ann = await world.newCustomer()
      const bob = await world.newCustomer()
      const limit = { limit: 0, attempted: 250, nested: { cards: ["debit", true, null] } }
      await run((log) =>
        log.record({ customerId: ann, kind: "SpendLimitReached", at: at(5), detail: limit }),
      )
      await run((log) =>
        log.record({ customerId: ann, kind: "SpendLimitChanged", at: at(1), detail: null }),
      )
      await run((log) =>
        log.record({ customerId: bob, kind: "PaymentDeclined", at: at(3), detail: "Declined" }),
      )
      const anns = await run((log) => log.forCustomer(ann, at(0)))
      expect(anns.map(({ id: _, ...event }) => event)).toEqual([
        { customerId: ann, kind: "SpendLimitChanged", at: at(1), detail: null },
        { customerId: ann, kind: "SpendLimitReached", at: at(5), detail: limit },
      ])
      expect(new Set(anns.map((e) => e.id)).size).toBe(2)
      // `since` is inclusive.
      expect((await run((log) => log.forCustomer(ann, at(5)))).map((e) => e.kind)).toEqual([
        "SpendLimitReached",
      ])
      expect(await run((log) => log.forCustomer(ann, at(6)))).toEqual([])
      expect(await run((log) => log.forCustomer("not-a-uuid", at(0)))).toEqual([])
    })

    it("reads every customer's events of the kinds asked, oldest first", async () => {
      const cat = await world.newCustomer()
      const dan = await world.newCustomer()
      const later = (minute: number) => at(30 + minute)
      await run((log) =>
        log.record({ customerId: dan, kind: "AccountClosed", at: later(4), detail: {} }),
      )
      await run((log) =>
        log.record({ customerId: cat, kind: "CreditCardRefused", at: later(2), detail: {} }),
      )
      await run((log) =>
        log.record({ customerId: dan, kind: "PaymentDeclined", at: later(3), detail: {} }),
      )
      const refused = await run((log) =>
        log.ofKinds(["CreditCardRefused", "AccountClosed"], later(0)),
      )
      expect(refused.map((e) => [e.customerId, e.kind, e.at])).toEqual([
        [cat, "CreditCardRefused", later(2)],
        [dan, "AccountClosed", later(4)],
      ])
      expect(
        (await run((log) => log.ofKinds(["PaymentDeclined"], later(3)))).map((e) => e.customerId),
      ).toEqual([dan])
      expect(await run((log) => log.ofKinds([], at(0)))).toEqual([])
    })

    it("refuses an event about nobody", async () => {
      const failed = await run((log) =>
        Effect.either(
          log.record({ customerId: randomUUID(), kind: "AccountClosed", at: at(0), detail: {} }),
        ),
      )
      expect(Either.isLeft(failed) && failed.left._tag).toBe("RepositoryError")
    })
  })
