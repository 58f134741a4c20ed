import { describe, expect, it } from "@effect/vitest"
import { Baskets, Charities, Checkout } from "@howzat/core/orders"
import { PurchaseGateOpen } from "@howzat/core/responsible-play"
import { allocationReasons, pence } from "@howzat/core/rules"
import { testBrandLayer } from "@howzat/core/testing"
import { Effect, Layer, TestClock } from "effect"
import type { Kysely, KyselyPlugin } from "kysely"
import { afterAll, beforeAll } from "vitest"
import { openMigratedPglite } from "../../../test/support/suite-database"
import { type DatabaseHandle, Db } from "./database"
import { CompetitionRepoLive } from "./repos/competitions"
import { CustomerRepoLive } from "./repos/customers"
import { PostgresOrdersLive } from "./repos/index"
import { competitionOnSale, NOW, newCustomer, poolCounts } from "./repos/orders-fixtures"
import type { Database } from "./schema"
import { TransactionsLive } from "./transactions"

/**
 * BEGIN and COMMIT not included: 19 after decision 0046, 9 since
 * decision 0050 (the basket in one statement, the customer's position in a hold
 * and one read, the order's lines and its status move each read back in the
 * statement that writes them).
 */
const STATEMENTS_PER_CHECKOUT = 9

/** The basket and checkout use cases of core on the real repositories (embedded Postgres). */
describe("checkout on PGlite", () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openMigratedPglite()
  })
  afterAll(() => handle?.close())

  const services = (db: Kysely<Database> = handle.db) => {
    const ports = Layer.mergeAll(
      PostgresOrdersLive,
      CompetitionRepoLive,
      CustomerRepoLive,
      TransactionsLive,
    ).pipe(Layer.provide(Layer.succeed(Db, db)))
    // A brand with a charity, so the round-up below is priced (none: core charges none).
    const charity = Layer.succeed(Charities, {
      list: [{ name: "Lord's Taverners", url: "https://www.lordstaverners.org" }],
    })
    // Checkout's SQL is the subject here; the purchase gate has its own suites.
    return Layer.mergeAll(Checkout.Default, Baskets.Default).pipe(
      Layer.provide(Layer.mergeAll(ports, PurchaseGateOpen, testBrandLayer)),
      Layer.provide(charity),
    )
  }
  const run = <A, E>(test: Effect.Effect<A, E, Checkout | Baskets>, db?: Kysely<Database>) =>
    Effect.provide(Effect.zipRight(TestClock.setTime(NOW.getTime()), test), services(db))
  const db = () => handle.db
  const promise = <A>(make: () => Promise<A>) => Effect.promise(make)

  it.effect(
    "makes one order per basket, priced on what was allocated, expiring after 15 minutes",
    () =>
      run(
        Effect.gen(function* () {
          const competitionId = yield* promise(() =>
            competitionOnSale(db(), { name: "Car", ticketPrice: pence(250), totalTickets: 50 }),
          )
          const customerId = yield* promise(() => newCustomer(db()))
          const baskets = yield* Baskets
          const checkout = yield* Checkout
          const { id } = yield* baskets.create(customerId)
          yield* baskets.addItem(id, competitionId, 3, customerId)
          yield* baskets.setExtras(
            id,
            { autoRoundup: true, siteCreditRequested: pence(0) },
            customerId,
          )

          const first = yield* checkout.checkout(id, customerId)
          const second = yield* checkout.checkout(id, customerId)

          expect(first.created).toBe(true)
          expect(second.created).toBe(false)
          expect(second.order.id).toBe(first.order.id)
          // Three allocated; their numbers are the customer's once paid (docs/decisions/0059).
          expect(first.order.lines.map((l) => [l.quantity, l.ticketNumbers])).toEqual([[3, []]])
          // £7.50 of tickets, rounded up by 50p.
          expect([first.order.itemTotal, first.order.donation, first.order.orderTotal]).toEqual([
            750, 50, 800,
          ])
          expect(first.order.expiresAt.getTime() - NOW.getTime()).toBe(15 * 60_000)
          expect((yield* promise(() => poolCounts(db(), competitionId))).ticketsSold).toBe(3)
        }),
      ),
  )

  /**
   * Each statement is a round trip, and checkouts of a launch run at the
   * rate of the slowest of them: a checkout of one competition is a fixed,
   * short list of statements (decision 0046), not one per thing it loads.
   */
  it.effect("checks out one competition in a fixed, short list of statements", () =>
    Effect.gen(function* () {
      const statements: string[] = []
      const counting: KyselyPlugin = {
        transformQuery: ({ node }) => {
          statements.push(handle.db.getExecutor().compileQuery(node, { queryId: "" }).sql)
          return node
        },
        transformResult: async ({ result }) => result,
      }
      const counted = handle.db.withPlugin(counting)
      const competitionId = yield* promise(() => competitionOnSale(db(), { name: "Counted" }))
      const customerId = yield* promise(() => newCustomer(db()))
      const { id } = yield* run(
        Effect.flatMap(Baskets, (baskets) =>
          Effect.tap(baskets.create(customerId), (basket) =>
            baskets.addItem(basket.id, competitionId, 2, customerId),
          ),
        ),
      )
      const outcome = yield* run(
        Effect.flatMap(Checkout, (checkout) => checkout.checkout(id, customerId)),
        counted,
      )
      expect(outcome.order.lines[0]?.quantity).toBe(2)
      if (process.env.SHOW_STATEMENTS)
        console.log(`${statements.length} statements:\n${statements.join("\n")}`)
      expect(statements.length).toBeLessThanOrEqual(STATEMENTS_PER_CHECKOUT)
    }),
  )

  it.effect("allocates what is left, reports why, and cuts the basket to match", () =>
    run(
      Effect.gen(function* () {
        const competitionId = yield* promise(() =>
          competitionOnSale(db(), { name: "Watch", totalTickets: 10, maxTicketsPerCustomer: 10 }),
        )
        const early = yield* promise(() => newCustomer(db()))
        const late = yield* promise(() => newCustomer(db()))
        const baskets = yield* Baskets
        const checkout = yield* Checkout
        const lateBasket = yield* baskets.create(late)
        // Added while there was still stock; someone else then buys most of it.
        yield* baskets.addItem(lateBasket.id, competitionId, 5, late)
        const earlyBasket = yield* baskets.create(early)
        yield* baskets.addItem(earlyBasket.id, competitionId, 8, early)
        yield* checkout.checkout(earlyBasket.id, early)

        const outcome = yield* checkout.checkout(lateBasket.id, late)

        expect(outcome.order.lines[0]?.quantity).toBe(2)
        expect(outcome.exceptions).toEqual([
          { competitionName: "Watch", exceptionReason: allocationReasons.fewerLeft(2) },
        ])
        expect(outcome.order.allocationExceptions).toEqual(outcome.exceptions)
        expect((yield* baskets.view(lateBasket.id, late)).basket.items[0]?.quantity).toBe(2)
      }),
    ),
  )

  it.effect(
    "rolls everything back and says the basket is empty when nothing can be allocated",
    () =>
      run(
        Effect.gen(function* () {
          const competitionId = yield* promise(() =>
            competitionOnSale(db(), { name: "Tiny", totalTickets: 2, maxTicketsPerCustomer: 2 }),
          )
          const first = yield* promise(() => newCustomer(db()))
          const second = yield* promise(() => newCustomer(db()))
          const baskets = yield* Baskets
          const checkout = yield* Checkout
          const secondBasket = yield* baskets.create(second)
          yield* baskets.addItem(secondBasket.id, competitionId, 1, second)
          const firstBasket = yield* baskets.create(first)
          yield* baskets.addItem(firstBasket.id, competitionId, 2, first)
          yield* checkout.checkout(firstBasket.id, first)

          const failed = yield* Effect.flip(checkout.checkout(secondBasket.id, second))

          expect(failed).toMatchObject({
            _tag: "BasketEmpty",
            exceptions: [{ competitionName: "Tiny", exceptionReason: allocationReasons.soldOut }],
          })
          const orders = yield* promise(() =>
            db()
              .selectFrom("orders")
              .select("id")
              .where("basketId", "=", secondBasket.id)
              .execute(),
          )
          expect(orders).toEqual([])
          const empty = yield* Effect.flip(
            checkout.checkout((yield* baskets.create(null)).id, second),
          )
          expect(empty._tag).toBe("BasketEmpty")
        }),
      ),
  )
})
