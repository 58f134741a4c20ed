import { Baskets, Checkout, type CheckoutOutcome } from "@howzat/core/orders"
import { Effect, Either } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { untilWaitingForLocks } from "../../../test/support/lock-waits"
import type { TestDatabase } from "../../../test/support/postgres-database"
import { createMigratedTestDatabase } from "../../../test/support/suite-database"
import { runCheckoutOn } from "./checkout-runner"
import { type DatabaseHandle, makeDatabase } from "./database"
import { competitionOnSale, newCustomer } from "./repos/orders-fixtures"
import type { Database } from "./schema"

/**
 * Checkout reads the basket in the statement that takes its lock (decision
 * 0050). A statement that waited for a lock still reads as of when it began,
 * so a change committed while the checkout waited must send it back for a
 * fresh read: these tests hold the lock in a transaction of their own, let
 * the checkout queue behind it, change the basket and commit.
 */
describe("checkout behind a basket's lock on PostgreSQL", () => {
  let database: TestDatabase
  let handle: DatabaseHandle

  beforeAll(async () => {
    database = await createMigratedTestDatabase()
    handle = await makeDatabase({ databaseUrl: database.connectionString, maxConnections: 6 })
  }, 60_000)

  afterAll(async () => {
    await handle?.close()
    await database?.drop()
  })

  const run = runCheckoutOn(() => handle.db)

  /**
   * Holds the basket's lock as the basket use cases do, starts the checkout,
   * and once it waits applies `change` and commits.
   */
  const checkoutBehind = async (
    basketId: string,
    customerId: string,
    change: (trx: Kysely<Database>) => Promise<unknown>,
  ) => {
    let checkout: Promise<Either.Either<CheckoutOutcome, { readonly _tag: string }>> | undefined
    await handle.db.transaction().execute(async (trx) => {
      await sql`select id from baskets where id = ${basketId} for update`.execute(trx)
      const started = run(
        Effect.either(Effect.flatMap(Checkout, (c) => c.checkout(basketId, customerId))),
      )
      checkout = started
      expect(await untilWaitingForLocks(handle.db, 1, [started])).toBe("waiting")
      await change(trx)
      await sql`update baskets set updated_at = now() where id = ${basketId}`.execute(trx)
    })
    if (checkout === undefined) throw new Error("the checkout never started")
    return checkout
  }

  it("checks out the items as they are after the change it waited for", async () => {
    const competitionId = await competitionOnSale(handle.db, { name: "Changed while waiting" })
    const customerId = await newCustomer(handle.db)
    const { id } = await run(
      Effect.flatMap(Baskets, (baskets) =>
        Effect.tap(baskets.create(customerId), (basket) =>
          baskets.addItem(basket.id, competitionId, 2, customerId),
        ),
      ),
    )

    const outcome = await checkoutBehind(id, customerId, (trx) =>
      trx.updateTable("basketItems").set({ quantity: 5 }).where("basketId", "=", id).execute(),
    )

    expect(Either.getOrThrow(outcome).order.lines.map((line) => line.quantity)).toEqual([5])
  }, 60_000)

  it("does not check out items removed while it waited", async () => {
    const competitionId = await competitionOnSale(handle.db, { name: "Emptied while waiting" })
    const customerId = await newCustomer(handle.db)
    const { id } = await run(
      Effect.flatMap(Baskets, (baskets) =>
        Effect.tap(baskets.create(customerId), (basket) =>
          baskets.addItem(basket.id, competitionId, 3, customerId),
        ),
      ),
    )

    const outcome = await checkoutBehind(id, customerId, (trx) =>
      trx.deleteFrom("basketItems").where("basketId", "=", id).execute(),
    )

    expect(Either.isLeft(outcome) && outcome.left._tag).toBe("BasketEmpty")
    const orders = await handle.db
      .selectFrom("orders")
      .select("id")
      .where("basketId", "=", id)
      .execute()
    expect(orders).toEqual([])
  }, 60_000)
})
