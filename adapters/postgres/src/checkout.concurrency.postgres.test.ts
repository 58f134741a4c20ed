import { Baskets, Checkout } from "@howzat/core/orders"
import { pence } from "@howzat/core/rules"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TestDatabase } from "../../../test/support/postgres-database"
import { createMigratedTestDatabase } from "../../../test/support/suite-database"
import { runCheckoutOn } from "./checkout-runner"
import { type DatabaseHandle, makeDatabase } from "./database"
import { competitionOnSale, newCustomer } from "./repos/orders-fixtures"

/**
 * One customer's checkouts racing on real PostgreSQL with a voucher they may
 * use once: core's Checkout on the real repositories, each checkout in its
 * own transaction on its own connection. Every basket is for a different
 * competition, so the allocator's per-customer locks do not line the
 * checkouts up: only the promotion's own lock can keep the limit.
 */
const RACERS = 12

const checkOut = (basketId: string, customerId: string) =>
  Effect.flatMap(Checkout, (checkout) => checkout.checkout(basketId, customerId))

describe("a once-per-customer voucher under racing checkouts on PostgreSQL", () => {
  let database: TestDatabase
  let handle: DatabaseHandle

  beforeAll(async () => {
    database = await createMigratedTestDatabase()
    handle = await makeDatabase({
      databaseUrl: database.connectionString,
      maxConnections: RACERS + 2,
    })
  }, 60_000)

  afterAll(async () => {
    await handle?.close()
    await database?.drop()
  })

  const run = runCheckoutOn(() => handle.db)

  it("gives the voucher to exactly one of the customer's orders", async () => {
    await handle.db
      .insertInto("promotions")
      .values({
        code: "ONCEEACH",
        description: "10% off, once per customer",
        discountKind: "Percentage",
        percent: 10,
        perCustomerLimit: 1,
      })
      .execute()
    const customerId = await newCustomer(handle.db)
    const competitions = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        competitionOnSale(handle.db, { name: `Prize ${i}`, ticketPrice: pence(1000) }),
      ),
    )
    // Each basket had the code accepted while no order held a use yet.
    const basketIds = await run(
      Effect.forEach(competitions, (competitionId) =>
        Effect.gen(function* () {
          const baskets = yield* Baskets
          const { id } = yield* baskets.create(customerId)
          yield* baskets.addItem(id, competitionId, 1, customerId)
          const priced = yield* baskets.setVoucher(id, "ONCEEACH", customerId)
          expect(priced.totals.discountTotal).toBe(100)
          return id
        }),
      ),
    )

    const outcomes = await run(
      Effect.forEach(basketIds, (basketId) => checkOut(basketId, customerId), {
        concurrency: "unbounded",
      }),
    )

    expect(outcomes).toHaveLength(RACERS)
    const discounted = outcomes.filter(({ order }) => order.discountTotal > 0)
    expect(discounted).toHaveLength(1)
    const uses = await handle.db
      .selectFrom("promotionUses")
      .innerJoin("promotions", "promotions.id", "promotionUses.promotionId")
      .select(["promotionUses.orderId", "promotionUses.customerId", "promotions.usageCount"])
      .where("promotions.code", "=", "ONCEEACH")
      .execute()
    expect(uses).toEqual([{ orderId: discounted[0]?.order.id, customerId, usageCount: 1 }])
  }, 60_000)
})
