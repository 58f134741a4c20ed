import { Baskets, Checkout } from "@howzat/core/orders"
import { changeSpendLimit, pence, spendOf, UNANSWERED } from "@howzat/core/rules"
import { Effect, Either, FastCheck as fc } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TestDatabase } from "../../../test/support/postgres-database"
import { createMigratedTestDatabase } from "../../../test/support/suite-database"
import { runCheckoutOn } from "./checkout-runner"
import { type DatabaseHandle, makeDatabase } from "./database"
import { competitionOnSale, NOW, newCustomer } from "./repos/orders-fixtures"
import { makeSpendLimitStore } from "./repos/spend-limits"

/**
 * Decision 0041: "two tabs cannot both pass" the monthly spend limit. One
 * customer's checkouts race on real PostgreSQL, each in its own transaction
 * on its own connection, every basket for a different competition so the
 * allocator's locks do not line them up: only the customer's row, held
 * before the month is summed, can keep the month within the limit.
 */
const RACERS = 6

describe("the monthly spend limit under racing checkouts on PostgreSQL", () => {
  let database: TestDatabase
  let handle: DatabaseHandle
  let competitions: string[] = []

  beforeAll(async () => {
    database = await createMigratedTestDatabase()
    handle = await makeDatabase({
      databaseUrl: database.connectionString,
      maxConnections: RACERS + 2,
    })
    competitions = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        competitionOnSale(handle.db, {
          name: `Prize ${i}`,
          ticketPrice: pence(100),
          totalTickets: 10_000,
          maxTicketsPerCustomer: 1000,
        }),
      ),
    )
  }, 60_000)

  afterAll(async () => {
    await handle?.close()
    await database?.drop()
  })

  const run = runCheckoutOn(() => handle.db)

  it("property: the month's committed spend never exceeds the limit", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1500 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 2, maxLength: RACERS }),
        async (limit, quantities) => {
          const customerId = await newCustomer(handle.db)
          const store = makeSpendLimitStore(handle.db)
          const { setting, change } = changeSpendLimit(
            UNANSWERED,
            { kind: "Amount", amount: pence(limit) },
            new Date(NOW.getTime() - 60_000),
          )
          await Effect.runPromise(
            store.save(customerId, setting, { ...change, changedBy: "Customer" }),
          )
          const basketIds = await run(
            Effect.forEach(quantities, (quantity, i) =>
              Effect.gen(function* () {
                const baskets = yield* Baskets
                const { id } = yield* baskets.create(customerId)
                yield* baskets.addItem(id, competitions[i] ?? "", quantity, customerId)
                return id
              }),
            ),
          )

          const outcomes = await run(
            Effect.forEach(
              basketIds,
              (basketId) =>
                Effect.either(Effect.flatMap(Checkout, (c) => c.checkout(basketId, customerId))),
              { concurrency: "unbounded" },
            ),
          )

          for (const outcome of outcomes)
            if (Either.isLeft(outcome)) expect(outcome.left._tag).toBe("SpendLimitReached")
          const month = await Effect.runPromise(store.ordersSince(customerId, new Date(0)))
          const committed = month.reduce((sum, order) => sum + spendOf(order), 0)
          expect(committed).toBeLessThanOrEqual(limit)
          // Nothing was refused that fitted: the smallest refused basket was over what was left.
          const placed = outcomes.filter(Either.isRight).length
          expect(month).toHaveLength(placed)
          const refused = quantities.filter((_, i) =>
            Either.isLeft(outcomes[i] as Either.Either<unknown, unknown>),
          )
          if (refused.length > 0)
            expect(Math.min(...refused) * 100).toBeGreaterThan(limit - committed)
          const logged = await handle.db
            .selectFrom("responsiblePlayEvents")
            .select("kind")
            .where("customerId", "=", customerId)
            .execute()
          expect(logged.filter((e) => e.kind === "SpendLimitReached")).toHaveLength(refused.length)
        },
      ),
      { numRuns: 12 },
    )
  }, 180_000)
})
