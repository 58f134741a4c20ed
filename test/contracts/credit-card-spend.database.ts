import type { Principal } from "@howzat/core/accounts"
import { Baskets, Checkout, OnlyPaymentGateway, Payments } from "@howzat/core/orders"
import { type IntentStatus, PaymentGateway } from "@howzat/core/ports"
import { PurchaseGateOpen } from "@howzat/core/responsible-play"
import { CREDIT_CARD_MONTHLY_CAP, type Pence, pence } from "@howzat/core/rules"
import { testBrandLayer } from "@howzat/core/testing"
import {
  CompetitionRepoLive,
  CreditCardSpendLive,
  CustomerRepoLive,
  Db,
  makeMigrator,
  migrateToLatest,
  PaymentRepoLive,
  PostgresOrdersLive,
  TransactionsLive,
} from "@howzat/postgres"
import { competitionOnSale, NOW, newCustomer, newOrder } from "@howzat/postgres/testing"
import { Effect, FastCheck as fc, Layer, TestClock, TestContext } from "effect"
import { sql } from "kysely"
import { describe, expect, it } from "vitest"
import { lockWaits } from "../support/lock-waits"
import type { CreditCardSpendSeed } from "./credit-card-spend.contract"
import type { ContractDatabase } from "./harness"
import { useDatabase } from "./harness"

/** The credit-card harness on a real database: orders and their lines written to the tables. */
export const creditCardSpendOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  /** An order with a line of a new competition per entry, with that many instant-win groups. */
  const orderOfLines = async (customerId: string, instantWinGroups: readonly number[]) => {
    const id = await newOrder(db, customerId, {
      status: "AwaitingPayment",
      orderTotalPence: 1000,
    })
    for (const groups of instantWinGroups) {
      const competitionId = await competitionOnSale(db)
      for (let group = 0; group < groups; group++)
        await db
          .insertInto("instantWinGroups")
          .values({ competitionId, name: `£5 Site Credit ${group + 1}`, sortOrder: group })
          .execute()
      await db
        .insertInto("orderLines")
        .values({
          orderId: id,
          competitionId,
          quantityRequested: 1,
          quantity: 1,
          unitPricePence: 1000,
          preDiscountTotalPence: 1000,
          lineTotalPence: 1000,
        })
        .execute()
    }
    return id
  }
  const seed: CreditCardSpendSeed = {
    customer: () => newCustomer(db),
    order: (customerId, { instantWin }) => orderOfLines(customerId, [instantWin ? 1 : 0]),
    orderOfLines,
  }
  return {
    layer: Layer.merge(CreditCardSpendLive, PaymentRepoLive).pipe(Layer.provide(dbLayer)),
    seed,
    close,
  }
}

/**
 * A provider whose intents the test settles: each intent succeeds with the
 * card the test put on it. Voids and refunds are accepted.
 */
const providerDouble = () => {
  const intents = new Map<string, IntentStatus>()
  let made = 0
  const layer = Layer.succeed(PaymentGateway, {
    provider: "double",
    method: "Card",
    createIntent: ({ idempotencyKey }) =>
      Effect.sync(() => {
        made += 1
        const reference = `pi_${made}_${idempotencyKey}`
        intents.set(reference, { status: "Pending" })
        return { providerReference: reference, clientToken: `ct_${reference}` }
      }),
    intentStatus: (reference) => Effect.sync(() => intents.get(reference) ?? { status: "Pending" }),
    cancelIntent: (reference) => Effect.sync(() => intents.get(reference) ?? { status: "Pending" }),
    refund: ({ providerReference }) =>
      Effect.succeed({ refundReference: `re_${providerReference}` }),
    verifyNotification: () => Effect.die("not used"),
  })
  return { intents, layer }
}

const principalOf = (customerId: string): Principal => ({
  userId: `user-${customerId}`,
  role: "Customer",
  customerId,
  email: "buyer@example.com",
  name: "Test Buyer",
})

/**
 * What only the database shows of the credit-card rule (decision 0042):
 * core's Payments on the real repositories, each settlement in its own
 * transaction, racing; and the migration rolling back. With
 * `raceBehindTheCustomer` (a server, which has sessions to race on) the
 * test holds the customer's row until every settlement waits for it, so
 * they are known to have raced; PGlite runs them one after another.
 */
export const creditCardSpendDatabaseFacts = (
  name: string,
  open: () => Promise<ContractDatabase>,
  options: { readonly raceBehindTheCustomer: boolean },
) =>
  describe(name, () => {
    const db = useDatabase(open)
    const provider = providerDouble()

    const run = <A, E>(test: Effect.Effect<A, E, Checkout | Baskets | Payments>) => {
      const ports = Layer.mergeAll(
        PostgresOrdersLive,
        CompetitionRepoLive,
        CustomerRepoLive,
        TransactionsLive,
        Layer.provideMerge(OnlyPaymentGateway, provider.layer),
      ).pipe(Layer.provide(Layer.succeed(Db, db())))
      const services = Layer.mergeAll(Checkout.Default, Baskets.Default, Payments.Default).pipe(
        Layer.provide(Layer.mergeAll(ports, PurchaseGateOpen, testBrandLayer)),
      )
      return Effect.runPromise(
        Effect.zipRight(TestClock.setTime(NOW.getTime()), test).pipe(
          Effect.provide(services),
          Effect.provide(TestContext.TestContext),
        ),
      )
    }

    /** An order of one ticket costing `amount`, of an instant-win competition if asked. */
    const orderOf = async (customerId: string, amount: Pence, instantWin = false) => {
      const competitionId = await competitionOnSale(db(), { ticketPrice: amount })
      if (instantWin) {
        await db()
          .insertInto("instantWinGroups")
          .values({ competitionId, name: "£5 Site Credit" })
          .execute()
      }
      return run(
        Effect.gen(function* () {
          const baskets = yield* Baskets
          const { id } = yield* baskets.create(customerId)
          yield* baskets.addItem(id, competitionId, 1, customerId)
          const { order } = yield* (yield* Checkout).checkout(id, customerId)
          return order
        }),
      )
    }

    /** Lets `race` loose; on a server, behind the customer's row until all `count` wait for it. */
    const together = async <A>(customerId: string, count: number, race: () => Promise<A>) => {
      if (!options.raceBehindTheCustomer) return race()
      let raced: Promise<A> | undefined
      let finished = false
      await db()
        .transaction()
        .execute(async (trx) => {
          // The lock each settlement takes before it sums the month (holdCustomer).
          await sql`select id from customers where id = ${customerId}::uuid for no key update`.execute(
            trx,
          )
          raced = race().finally(() => {
            finished = true
          })
          await lockWaits(db(), count, () => finished)
        })
      if (raced === undefined) throw new Error("the race never started")
      return raced
    }

    it("racing credit-card payments never keep more than £250 a month, nor any on instant win", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              amount: fc.integer({ min: 1_000, max: 15_000 }),
              instantWin: fc.boolean(),
            }),
            { minLength: 2, maxLength: 6 },
          ),
          async (lines) => {
            const customerId = await newCustomer(db())
            // Answered "No limit": the monthly spend question comes before any payment.
            await db()
              .insertInto("spendLimits")
              .values({
                customerId,
                limitKind: "NoLimit",
                limitPence: null,
                pendingKind: null,
                pendingPence: null,
                pendingAppliesAt: null,
                updatedAt: NOW,
              })
              .execute()
            const principal = principalOf(customerId)
            const orders: Awaited<ReturnType<typeof orderOf>>[] = []
            for (const line of lines) {
              orders.push(await orderOf(customerId, pence(line.amount), line.instantWin))
            }
            // Every intent made, then every card confirmed, then the returns race.
            await run(
              Effect.forEach(orders, (order) =>
                Effect.flatMap(Payments, (payments) =>
                  Effect.map(payments.startPayment(principal, order.id), (started) => {
                    for (const payment of started.payments) {
                      provider.intents.set(payment.providerReference, {
                        status: "Succeeded",
                        cardFunding: "Credit",
                      })
                    }
                  }),
                ),
              ),
            )
            await together(customerId, orders.length, () =>
              run(
                Effect.forEach(
                  orders,
                  (order) =>
                    Effect.flatMap(Payments, (payments) =>
                      Effect.either(payments.complete(principal, order.id)),
                    ),
                  { concurrency: "unbounded" },
                ),
              ),
            )
            const kept = await db()
              .selectFrom("payments")
              .innerJoin("orders", "orders.id", "payments.orderId")
              .leftJoin("paymentRefunds", "paymentRefunds.paymentId", "payments.id")
              .select(["payments.amountPence", "orders.id as orderId", "orders.status"])
              .where("orders.customerId", "=", customerId)
              .where("payments.status", "=", "Succeeded")
              .where("paymentRefunds.paymentId", "is", null)
              .execute()
            const keptTotal = kept.reduce((sum, p) => sum + p.amountPence, 0)
            expect(keptTotal).toBeLessThanOrEqual(CREDIT_CARD_MONTHLY_CAP)
            const instantWinIds = new Set(
              orders.filter((_, i) => lines[i]?.instantWin).map((o) => o.id),
            )
            expect(kept.filter((p) => instantWinIds.has(p.orderId))).toEqual([])
            // Money kept is exactly the orders completed: nothing paid for nothing.
            expect(kept.every((p) => p.status === "Completed")).toBe(true)
            const completed = await db()
              .selectFrom("orders")
              .select("id")
              .where("customerId", "=", customerId)
              .where("status", "=", "Completed")
              .execute()
            expect(completed).toHaveLength(kept.length)
          },
        ),
        { numRuns: 6 },
      )
    }, 180_000)

    // Last of all the file's tests: it takes the schema down a step and back up.
    it("the migration rolls back and forward again", async () => {
      const columns = async () =>
        (
          await sql<{ column_name: string }>`select column_name from information_schema.columns
            where table_name in ('payments', 'sandbox_payment_intents')
            and column_name in ('card_funding', 'succeeded_at', 'credit_card_notice',
              'credit_cards_allowed')`.execute(db())
        ).rows.length
      expect(await columns()).toBe(6)
      // Step down until this migration is undone: later ones (other work) go first.
      let undone = false
      for (let step = 0; step < 20 && !undone; step++) {
        const down = await makeMigrator(db()).migrateDown()
        expect(down.error).toBeUndefined()
        undone = down.results?.[0]?.migrationName === "2026-11-25T1400-credit-cards"
      }
      expect(undone).toBe(true)
      expect(await columns()).toBe(0)
      await migrateToLatest(db())
      expect(await columns()).toBe(6)
    }, 60_000)
  })
