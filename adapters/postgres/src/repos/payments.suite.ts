import { randomUUID } from "node:crypto"
import type { PaymentOutcome } from "@howzat/core/ports/payments"
import { type Pence, pence } from "@howzat/core/rules/money"
import { OrderStatus } from "@howzat/core/rules/order-status"
import { Effect, Either } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
// The same walk of the order machine as the orders contracts take.
import { pathTo } from "../../../../test/contracts/orders.world"
import { migrateToLatest } from "../migrations"
import type { Database } from "../schema"
import { makeTransactions } from "../transactions"
import { makeCustomerRepo } from "./customers"
import { makeOrderRepo } from "./orders"
import { NOW, newBasket, newCustomer } from "./orders-fixtures"
import { makePaymentRepo } from "./payments"
import { makeSiteCreditLedger } from "./site-credit"
import type { SuiteDatabase } from "./suite-database"

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE

export const paymentsSuite = (
  name: string,
  open: () => Promise<SuiteDatabase>,
  options: { readonly concurrent: boolean } = { concurrent: false },
) =>
  describe(name, () => {
    let database: SuiteDatabase
    const db = (): Kysely<Database> => database.db
    const orders = () => makeOrderRepo(db())
    const payments = () => makePaymentRepo(db())
    const ledger = () => makeSiteCreditLedger(db())
    const customers = () => makeCustomerRepo(db())
    const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    const newOrder = async (
      customerId: string,
      times: { createdAt?: Date; expiresAt?: Date; status?: OrderStatus } = {},
    ) => {
      const basketId = await newBasket(db(), customerId)
      const createdAt = times.createdAt ?? NOW
      const { order } = await run(
        orders().createForBasket({
          basketId,
          customerId,
          createdAt,
          expiresAt: times.expiresAt ?? new Date(createdAt.getTime() + HOUR),
        }),
      )
      for (const to of pathTo(times.status ?? OrderStatus.Pending)) {
        await run(orders().transition(order.id, to))
      }
      return order.id
    }

    const entriesSum = async (customerId: string) => {
      const { total } = await db()
        .selectFrom("siteCreditEntries")
        .select(sql<string>`coalesce(sum(amount_pence), 0)`.as("total"))
        .where("customerId", "=", customerId)
        .executeTakeFirstOrThrow()
      return Number(total)
    }

    // What the PaymentRepo port promises is test/contracts/payments.contract.ts, run on
    // every backend; here only what a database shows: rollbacks, racers and constraints.
    describe("payments", () => {
      const newPayment = (orderId: string) => ({
        orderId,
        amount: pence(1_250),
        provider: "sandbox",
        providerReference: `pi_${randomUUID()}`,
        clientToken: `secret_${randomUUID()}`,
        createdAt: NOW,
      })

      it("settles once when two outcomes arrive together", async () => {
        const orderId = await newOrder(await newCustomer(db()))
        const payment = await run(payments().record(newPayment(orderId)))
        const outcomes: PaymentOutcome[] = [
          { status: "Succeeded" },
          { status: "Failed", failureDetail: "declined" },
        ]
        const settled = await run(
          Effect.all(
            outcomes.map((outcome) =>
              makeTransactions(db()).within(payments().settle(payment.id, outcome, NOW)),
            ),
            { concurrency: "unbounded" },
          ),
        )
        expect(settled[0]).toEqual(settled[1])
      })

      it("forgets a notification whose transaction rolled back", async () => {
        const eventId = `evt_${randomUUID()}`
        const failed = await run(
          makeTransactions(db())
            .within(
              Effect.zipRight(
                payments().rememberNotification("sandbox", eventId, NOW),
                Effect.fail("order update failed" as const),
              ),
            )
            .pipe(Effect.either),
        )
        expect(Either.isLeft(failed)).toBe(true)
        expect(await run(payments().rememberNotification("sandbox", eventId, NOW))).toBe(true)
      })
    })

    describe("refunds", () => {
      const paidPayment = async () => {
        const orderId = await newOrder(await newCustomer(db()), { status: OrderStatus.Cancelled })
        const recorded = await run(
          payments().record({
            orderId,
            amount: pence(1_250),
            provider: "sandbox",
            providerReference: `pi_${randomUUID()}`,
            clientToken: `secret_${randomUUID()}`,
            createdAt: NOW,
          }),
        )
        return run(payments().settle(recorded.id, { status: "Succeeded" }, NOW))
      }
      const due = (payment: { id: string; orderId: string }) => ({
        paymentId: payment.id,
        orderId: payment.orderId,
        amount: pence(1_250),
        reason: "OrderCancelled" as const,
        at: NOW,
      })

      it.runIf(options.concurrent)(
        "records one refund when several processes notice the same payment at once",
        async () => {
          const payment = await paidPayment()
          const answers = await Promise.all(
            Array.from({ length: 8 }, () =>
              run(makeTransactions(db()).within(payments().refundDue(due(payment)))),
            ),
          )
          for (const answer of answers) expect(answer).toEqual(answers[0])
          expect(await run(payments().refundsForOrder(payment.orderId))).toHaveLength(1)
        },
      )

      it("the table refuses a refund marked Refunded without the provider's reference", async () => {
        const payment = await paidPayment()
        await run(payments().refundDue(due(payment)))
        await expect(
          db()
            .updateTable("paymentRefunds")
            .set({ status: "Refunded", refundedAt: NOW })
            .where("paymentId", "=", payment.id)
            .execute(),
        ).rejects.toThrow()
      })
    })

    // What the SiteCreditLedger port promises is test/contracts/site-credit.contract.ts;
    // here the customer's balance as CustomerRepo shows it, rollbacks and racing checkouts.
    describe("site credit", () => {
      it("shows the ledger's balance on the customer, 0 when it has no entries", async () => {
        const customerId = await newCustomer(db())
        const other = await newCustomer(db())
        expect((await run(customers().byId(customerId))).siteCreditAccountBalance).toBe(0)
        await run(ledger().grant(customerId, pence(750), "Prize", NOW))
        await run(ledger().grant(customerId, pence(250), "Prize", NOW))
        await run(ledger().grant(other, pence(1), "Prize", NOW))
        expect((await run(customers().byId(customerId))).siteCreditAccountBalance).toBe(1_000)
        const { lastName } = await run(customers().byId(customerId))
        const listed = await run(
          customers().list({ lastName, page: { pageNumber: 1, pageSize: 10 } }),
        )
        expect(listed.items.map((c) => [c.customerId, c.siteCreditAccountBalance])).toEqual([
          [customerId, 1_000],
        ])
      })

      it("takes nothing for a debit whose transaction rolled back", async () => {
        const customerId = await newCustomer(db())
        const orderId = await newOrder(customerId)
        await run(ledger().grant(customerId, pence(100), "Goodwill", NOW))
        const failed = await run(
          makeTransactions(db())
            .within(
              Effect.zipRight(
                ledger().debitForOrder(customerId, orderId, pence(100), NOW),
                Effect.fail("allocation failed" as const),
              ),
            )
            .pipe(Effect.either),
        )
        expect(Either.isLeft(failed)).toBe(true)
        expect(await run(ledger().balance(customerId))).toBe(100)
      })

      it.runIf(options.concurrent)(
        "never takes the balance below zero when checkouts of one customer race",
        async () => {
          const customerId = await newCustomer(db())
          await run(ledger().grant(customerId, pence(1_000), "Goodwill", NOW))
          const baskets = await Promise.all(
            Array.from({ length: 12 }, () => newBasket(db(), customerId)),
          )
          // Each checkout inserts its order first (its foreign key holding the
          // customer's row), reads the balance under the hold, then debits:
          // the shape of core's checkout, which must neither deadlock nor overspend.
          const checkout = (basketId: string, index: number) =>
            makeTransactions(db()).within(
              Effect.gen(function* () {
                const { order } = yield* orders().createForBasket({
                  basketId,
                  customerId,
                  createdAt: NOW,
                  expiresAt: new Date(NOW.getTime() + HOUR),
                })
                const balance =
                  index % 2 === 0 ? yield* ledger().balanceForUpdate(customerId) : pence(1_000)
                yield* Effect.sleep(5)
                const amount: Pence = pence(Math.min(300, balance))
                if (amount > 0) yield* ledger().debitForOrder(customerId, order.id, amount, NOW)
                return amount
              }),
            )
          const outcomes = await run(
            Effect.all(
              baskets.map((basketId, index) => Effect.either(checkout(basketId, index))),
              { concurrency: "unbounded" },
            ),
          )
          const unexpected = outcomes.filter(
            (o) => Either.isLeft(o) && o.left._tag !== "InsufficientSiteCredit",
          )
          expect(unexpected).toEqual([])
          const balance = await run(ledger().balance(customerId))
          expect(balance).toBeGreaterThanOrEqual(0)
          expect(balance).toBe(await entriesSum(customerId))
          const spent = outcomes.reduce((sum, o) => sum + (Either.isRight(o) ? o.right : 0), 0)
          expect(balance).toBe(1_000 - spent)
          // Three debits of 300 fit in 1,000; the last 100 goes to a checkout that read it under the hold.
          expect(spent).toBeGreaterThanOrEqual(900)
        },
      )
    })
  })
