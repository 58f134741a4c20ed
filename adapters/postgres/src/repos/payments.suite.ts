import { randomUUID } from "node:crypto"
import type { PaymentOutcome } from "@howzat/core/ports/payments"
import { type Pence, pence } from "@howzat/core/rules/money"
import { OrderStatus, orderTransitions } from "@howzat/core/rules/order-status"
import { Effect, Either } from "effect"
import fc from "fast-check"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import type { Database } from "../schema"
import { makeTransactions } from "../transactions"
import { makeCustomerRepo } from "./customers"
import { makeOrderRepo } from "./orders"
import type { SuiteDatabase } from "./orders.suite"
import { NOW, newBasket, newCustomer } from "./orders-fixtures"
import { makePaymentRepo } from "./payments"
import { makeSiteCreditLedger } from "./site-credit"

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** The moves from Pending to `status`, read from the machine itself (breadth first). */
const pathTo = (status: OrderStatus): readonly OrderStatus[] => {
  const queue: (readonly OrderStatus[])[] = [[]]
  const seen = new Set<OrderStatus>([OrderStatus.Pending])
  while (queue.length > 0) {
    const path = queue.shift() ?? []
    const at = path.at(-1) ?? OrderStatus.Pending
    if (at === status) return path
    for (const next of orderTransitions[at]) {
      if (seen.has(next)) continue
      seen.add(next)
      queue.push([...path, next])
    }
  }
  throw new Error(`The machine never reaches ${status}`)
}

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

    describe("payments", () => {
      const newPayment = (orderId: string, providerReference = `pi_${randomUUID()}`) => ({
        orderId,
        amount: pence(1_250),
        provider: "sandbox",
        providerReference,
        clientToken: `secret_${randomUUID()}`,
        createdAt: NOW,
      })

      it("records one payment per provider reference, however often it is recorded", async () => {
        const orderId = await newOrder(await newCustomer(db()))
        const first = await run(payments().record(newPayment(orderId, "pi_same")))
        const again = await run(
          payments().record({ ...newPayment(orderId, "pi_same"), clientToken: "another" }),
        )
        expect(again).toEqual(first)
        expect(first).toMatchObject({
          orderId,
          amount: 1_250,
          status: "Pending",
          provider: "sandbox",
          providerReference: "pi_same",
          failureDetail: null,
          createdAt: NOW,
        })
        // Another provider's reference is another payment, even if the text matches.
        const other = await run(
          payments().record({
            ...newPayment(orderId, "pi_same"),
            provider: "stripe",
            createdAt: new Date(NOW.getTime() + MINUTE),
          }),
        )
        expect(other.id).not.toBe(first.id)
        expect((await run(payments().forOrder(orderId))).map((p) => p.id)).toEqual([
          first.id,
          other.id,
        ])
      })

      it("lists an order's attempts oldest first and finds one by provider reference", async () => {
        const orderId = await newOrder(await newCustomer(db()))
        const later = await run(
          payments().record({
            ...newPayment(orderId),
            createdAt: new Date(NOW.getTime() + MINUTE),
          }),
        )
        const earlier = await run(payments().record(newPayment(orderId)))
        expect((await run(payments().forOrder(orderId))).map((p) => p.id)).toEqual([
          earlier.id,
          later.id,
        ])
        expect(
          await run(payments().byProviderReference("sandbox", later.providerReference)),
        ).toEqual(later)
        expect(await run(payments().byProviderReference("stripe", later.providerReference))).toBe(
          null,
        )
        expect(await run(payments().forOrder(randomUUID()))).toEqual([])
        expect(await run(payments().forOrder("not-an-id"))).toEqual([])
      })

      it("settles once: the first outcome wins (but a success beats a failure) and the token is cleared", async () => {
        const orderId = await newOrder(await newCustomer(db()))
        const paid = await run(payments().record(newPayment(orderId)))
        const succeeded = await run(payments().settle(paid.id, { status: "Succeeded" }, NOW))
        expect(succeeded).toMatchObject({
          status: "Succeeded",
          clientToken: null,
          failureDetail: null,
        })
        const late = await run(
          payments().settle(paid.id, { status: "Failed", failureDetail: "card declined" }, NOW),
        )
        expect(late).toEqual(succeeded)

        const declined = await run(payments().record(newPayment(orderId)))
        const failed = await run(
          payments().settle(declined.id, { status: "Failed", failureDetail: "card declined" }, NOW),
        )
        expect(failed).toMatchObject({
          status: "Failed",
          failureDetail: "card declined",
          clientToken: null,
        })
        const declinedAgain = await run(
          payments().settle(declined.id, { status: "Failed", failureDetail: "other words" }, NOW),
        )
        expect(declinedAgain).toEqual(failed)
        // The provider kept the declined intent open and a card paid it after all: money moved.
        const paidLate = await run(payments().settle(declined.id, { status: "Succeeded" }, NOW))
        expect(paidLate).toMatchObject({ status: "Succeeded", failureDetail: null })
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

      it("fails settling a payment that does not exist", async () => {
        const missing = await run(
          Effect.either(payments().settle(randomUUID(), { status: "Succeeded" }, NOW)),
        )
        expect(Either.isLeft(missing) && missing.left._tag).toBe("RepositoryError")
      })

      it("remembers a notification once: a replay answers false", async () => {
        const eventId = `evt_${randomUUID()}`
        expect(await run(payments().rememberNotification("sandbox", eventId, NOW))).toBe(true)
        expect(await run(payments().rememberNotification("sandbox", eventId, NOW))).toBe(false)
        expect(await run(payments().rememberNotification("stripe", eventId, NOW))).toBe(true)
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
      const paidPayment = async (status: OrderStatus = OrderStatus.AwaitingPayment) => {
        const orderId = await newOrder(await newCustomer(db()), { status })
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
      const due = (payment: { id: string; orderId: string }, at = NOW) => ({
        paymentId: payment.id,
        orderId: payment.orderId,
        amount: pence(1_250),
        reason: "OrderCancelled" as const,
        at,
      })

      it("records a refund due once per payment, whoever records it, with its intent", async () => {
        const payment = await paidPayment(OrderStatus.Cancelled)
        const first = await run(payments().refundDue(due(payment)))
        expect(first).toEqual({
          paymentId: payment.id,
          orderId: payment.orderId,
          amount: 1_250,
          reason: "OrderCancelled",
          status: "Due",
          provider: "sandbox",
          providerReference: payment.providerReference,
          providerRefundReference: null,
          attempts: 0,
          lastError: null,
          dueAt: NOW,
          retryAt: NOW,
          refundedAt: null,
        })
        const again = await run(
          payments().refundDue({
            ...due(payment, new Date(NOW.getTime() + MINUTE)),
            reason: "OrderExpired",
          }),
        )
        expect(again).toEqual(first)
        expect(await run(payments().refundsForOrder(payment.orderId))).toEqual([first])
        expect(await run(payments().refundsForOrder("not-an-id"))).toEqual([])
      })

      it.runIf(options.concurrent)(
        "records one refund when several processes notice the same payment at once",
        async () => {
          const payment = await paidPayment(OrderStatus.Cancelled)
          const answers = await Promise.all(
            Array.from({ length: 8 }, () =>
              run(makeTransactions(db()).within(payments().refundDue(due(payment)))),
            ),
          )
          for (const answer of answers) expect(answer).toEqual(answers[0])
          expect(await run(payments().refundsForOrder(payment.orderId))).toHaveLength(1)
        },
      )

      it("counts failed attempts with their reason, and stays due, not before its retry time", async () => {
        const payment = await paidPayment(OrderStatus.Cancelled)
        await run(payments().refundDue(due(payment)))
        const retryAt = new Date(NOW.getTime() + HOUR)
        await run(
          payments().refundAttemptFailed(payment.id, {
            error: "The provider answered 502.",
            at: NOW,
            retryAt: new Date(NOW.getTime() + MINUTE),
          }),
        )
        await run(
          payments().refundAttemptFailed(payment.id, {
            error: "x".repeat(5_000),
            at: new Date(NOW.getTime() + 1),
            retryAt,
          }),
        )
        const [refund] = await run(payments().refundsForOrder(payment.orderId))
        expect(refund).toMatchObject({ status: "Due", attempts: 2, retryAt, dueAt: NOW })
        expect(refund?.lastError?.length).toBe(500)
        expect(refund?.lastError).toMatch(/^2026-\S+ x+$/)
        const dueBy = async (at: Date) =>
          (await run(payments().refundsDue(at, 10_000))).map((r) => r.paymentId)
        expect(await dueBy(new Date(retryAt.getTime() - 1))).not.toContain(payment.id)
        expect(await dueBy(retryAt)).toContain(payment.id)
      })

      it("marks the refund and its payment Refunded together, once", async () => {
        const payment = await paidPayment(OrderStatus.Cancelled)
        await run(payments().refundDue(due(payment)))
        const later = new Date(NOW.getTime() + MINUTE)
        const done = await run(payments().refunded(payment.id, "re_1", later))
        expect(done).toMatchObject({
          status: "Refunded",
          providerRefundReference: "re_1",
          refundedAt: later,
        })
        const [after] = await run(payments().forOrder(payment.orderId))
        expect(after).toMatchObject({ status: "Refunded" })
        // A racing process's late answer changes nothing.
        expect(await run(payments().refunded(payment.id, "re_2", NOW))).toEqual(done)
        await run(
          payments().refundAttemptFailed(payment.id, { error: "late", at: NOW, retryAt: NOW }),
        )
        expect(await run(payments().refundsForOrder(payment.orderId))).toEqual([done])
        // Refunded is final: no provider's word brings the payment back.
        for (const outcome of [
          { status: "Succeeded" },
          { status: "Failed", failureDetail: "declined" },
        ] as const) {
          expect((await run(payments().settle(payment.id, outcome, NOW))).status).toBe("Refunded")
        }
      })

      it("lists due refunds earliest first, without the ones already made", async () => {
        const refunds = []
        for (let i = 0; i < 3; i++) {
          const payment = await paidPayment(OrderStatus.Cancelled)
          refunds.push(
            await run(payments().refundDue(due(payment, new Date(NOW.getTime() - (i + 1) * DAY)))),
          )
        }
        const [newest, middle, oldest] = refunds
        await run(payments().refunded(middle!.paymentId, "re_done", NOW))
        const listed = (await run(payments().refundsDue(NOW, 10_000))).map((r) => r.paymentId)
        expect(listed).toContain(newest!.paymentId)
        expect(listed).not.toContain(middle!.paymentId)
        expect(listed.indexOf(oldest!.paymentId)).toBeLessThan(listed.indexOf(newest!.paymentId))
        expect(await run(payments().refundsDue(NOW, 0))).toEqual([])
      })

      it("the table refuses a refund without a reference, or a payment it does not know", async () => {
        const payment = await paidPayment(OrderStatus.Cancelled)
        await run(payments().refundDue(due(payment)))
        await expect(
          db()
            .updateTable("paymentRefunds")
            .set({ status: "Refunded", refundedAt: NOW })
            .where("paymentId", "=", payment.id)
            .execute(),
        ).rejects.toThrow()
        const unknown = await run(
          Effect.either(payments().refundDue({ ...due(payment), paymentId: randomUUID() })),
        )
        expect(Either.isLeft(unknown) && unknown.left._tag).toBe("RepositoryError")
      })

      it("finds one provider's pending payments left on cancelled or expired orders, and no others", async () => {
        const pendingOn = async (status: OrderStatus, provider = "sandbox") => {
          const orderId = await newOrder(await newCustomer(db()), { status })
          return run(
            payments().record({
              orderId,
              amount: pence(500),
              provider,
              providerReference: `pi_${randomUUID()}`,
              clientToken: `secret_${randomUUID()}`,
              createdAt: NOW,
            }),
          )
        }
        const cancelled = await pendingOn(OrderStatus.Cancelled)
        const expired = await pendingOn(OrderStatus.SystemCancelled)
        const open = await pendingOn(OrderStatus.AwaitingPayment)
        const settled = await pendingOn(OrderStatus.Cancelled)
        // Taken with another provider: only that one could void it.
        const elsewhere = await pendingOn(OrderStatus.Cancelled, "stripe")
        await run(payments().settle(settled.id, { status: "Failed", failureDetail: "voided" }, NOW))
        const listed = async (provider: string, at = NOW) =>
          (await run(payments().pendingOnClosedOrders(provider, at, 10_000))).map(
            (open) => open.payment.id,
          )
        const found = await listed("sandbox")
        expect(found).toEqual(expect.arrayContaining([cancelled.id, expired.id]))
        expect(found).not.toContain(open.id)
        expect(found).not.toContain(settled.id)
        expect(found).not.toContain(elsewhere.id)
        expect(await listed("stripe")).toContain(elsewhere.id)
        expect(await listed("sandbox", new Date(NOW.getTime() - MINUTE))).not.toContain(
          cancelled.id,
        )
        expect(await run(payments().pendingOnClosedOrders("sandbox", NOW, 0))).toEqual([])
      })

      it("leaves a put-off void until its retry time, then lists it behind those waiting longer", async () => {
        // Its own provider name, so only this test's payments are listed.
        const provider = `provider-${randomUUID()}`
        const pendingOn = async (createdAt: Date) =>
          run(
            payments().record({
              orderId: await newOrder(await newCustomer(db()), { status: OrderStatus.Cancelled }),
              amount: pence(500),
              provider,
              providerReference: `pi_${randomUUID()}`,
              clientToken: `secret_${randomUUID()}`,
              createdAt,
            }),
          )
        const stuck = await pendingOn(new Date(NOW.getTime() - HOUR))
        const waiting = await pendingOn(new Date(NOW.getTime() - MINUTE))
        const listed = async (at: Date) =>
          (await run(payments().pendingOnClosedOrders(provider, at, 10))).map((open) => [
            open.payment.id,
            open.voidAttempts,
          ])
        expect(await listed(NOW)).toEqual([
          [stuck.id, 0],
          [waiting.id, 0],
        ])
        await run(payments().voidPutOff(stuck.id, new Date(NOW.getTime() + 2 * MINUTE)))
        expect(await listed(NOW)).toEqual([[waiting.id, 0]])
        expect(await listed(new Date(NOW.getTime() + 2 * MINUTE))).toEqual([
          [waiting.id, 0],
          [stuck.id, 1],
        ])
        await run(payments().voidPutOff(stuck.id, new Date(NOW.getTime() + 5 * MINUTE)))
        expect(await listed(new Date(NOW.getTime() + 5 * MINUTE))).toEqual([
          [waiting.id, 0],
          [stuck.id, 2],
        ])
      })
    })

    describe("site credit", () => {
      it("grants, debits once per order, refuses a debit it cannot cover and refunds once", async () => {
        const customerId = await newCustomer(db())
        const [first, second, untouched] = [
          await newOrder(customerId),
          await newOrder(customerId),
          await newOrder(customerId),
        ]
        expect(await run(ledger().balance(customerId))).toBe(0)
        await run(ledger().grant(customerId, pence(500), "Goodwill", NOW))
        await run(ledger().debitForOrder(customerId, first as string, pence(200), NOW))
        expect(await run(ledger().balance(customerId))).toBe(300)
        // A retried checkout: the order was debited already, so nothing changes.
        await run(ledger().debitForOrder(customerId, first as string, pence(200), NOW))
        await run(ledger().debitForOrder(customerId, first as string, pence(999), NOW))
        expect(await run(ledger().balance(customerId))).toBe(300)

        const short = await run(
          Effect.either(ledger().debitForOrder(customerId, second as string, pence(301), NOW)),
        )
        expect(Either.isLeft(short) && short.left).toMatchObject({
          _tag: "InsufficientSiteCredit",
          customerId,
          balance: 300,
          requested: 301,
        })
        expect(await run(ledger().balanceForUpdate(customerId))).toBe(300)
        await run(ledger().debitForOrder(customerId, second as string, pence(300), NOW))
        expect(await run(ledger().balance(customerId))).toBe(0)

        expect(await run(ledger().refundedFor(first as string))).toBe(0)
        expect(await run(ledger().refundOrder(first as string, NOW))).toBe(200)
        expect(await run(ledger().refundOrder(first as string, NOW))).toBe(0)
        // What the order page says came back: the refund, once, and nothing for others.
        expect(await run(ledger().refundedFor(first as string))).toBe(200)
        expect(await run(ledger().refundedFor(second as string))).toBe(0)
        expect(await run(ledger().refundedFor("not-an-id"))).toBe(0)
        expect(await run(ledger().refundOrder(untouched as string, NOW))).toBe(0)
        expect(await run(ledger().refundOrder("not-an-id", NOW))).toBe(0)
        expect(await run(ledger().balance(customerId))).toBe(200)
        expect(await entriesSum(customerId)).toBe(200)
        // A refunded order is not debited again by a late retry of its checkout.
        await run(ledger().debitForOrder(customerId, first as string, pence(200), NOW))
        expect(await run(ledger().balance(customerId))).toBe(200)

        const reasons = await db()
          .selectFrom("siteCreditEntries")
          .select(["reason", "amountPence"])
          .where("customerId", "=", customerId)
          .orderBy("createdAt")
          .orderBy("amountPence")
          .execute()
        expect(reasons.map((r) => [r.reason, r.amountPence]).sort()).toEqual(
          [
            ["Grant", 500],
            ["OrderDebit", -200],
            ["OrderDebit", -300],
            ["OrderRefund", 200],
          ].sort(),
        )
      })

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

      it("keeps the balance the sum of its entries and never below zero, whatever happens", async () => {
        type Step =
          | { readonly kind: "grant"; readonly amount: number }
          | { readonly kind: "debit"; readonly order: number; readonly amount: number }
          | { readonly kind: "refund"; readonly order: number }
        const step: fc.Arbitrary<Step> = fc.oneof(
          fc.record({
            kind: fc.constant("grant" as const),
            amount: fc.integer({ min: 1, max: 500 }),
          }),
          fc.record({
            kind: fc.constant("debit" as const),
            order: fc.integer({ min: 0, max: 3 }),
            amount: fc.integer({ min: 1, max: 500 }),
          }),
          fc.record({
            kind: fc.constant("refund" as const),
            order: fc.integer({ min: 0, max: 3 }),
          }),
        )
        await fc.assert(
          fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
            const customerId = await newCustomer(db())
            const orderIds = new Map<number, string>()
            const orderFor = async (n: number) => {
              const known = orderIds.get(n)
              if (known !== undefined) return known
              const created = await newOrder(customerId)
              orderIds.set(n, created)
              return created
            }
            // The model: what the ledger must hold after each step.
            let balance = 0
            const debited = new Map<number, number>()
            const refunded = new Set<number>()
            for (const s of steps) {
              if (s.kind === "grant") {
                await run(ledger().grant(customerId, pence(s.amount), "Property", NOW))
                balance += s.amount
              } else if (s.kind === "debit") {
                const result = await run(
                  Effect.either(
                    ledger().debitForOrder(
                      customerId,
                      await orderFor(s.order),
                      pence(s.amount),
                      NOW,
                    ),
                  ),
                )
                if (debited.has(s.order)) {
                  expect(Either.isRight(result)).toBe(true)
                } else if (s.amount > balance) {
                  expect(Either.isLeft(result) && result.left._tag).toBe("InsufficientSiteCredit")
                } else {
                  expect(Either.isRight(result)).toBe(true)
                  debited.set(s.order, s.amount)
                  balance -= s.amount
                }
              } else {
                const given = await run(ledger().refundOrder(await orderFor(s.order), NOW))
                const expected =
                  debited.has(s.order) && !refunded.has(s.order) ? (debited.get(s.order) ?? 0) : 0
                if (expected > 0) refunded.add(s.order)
                expect(given).toBe(expected)
                balance += expected
              }
              const actual = await run(ledger().balance(customerId))
              expect(actual).toBe(balance)
              expect(actual).toBeGreaterThanOrEqual(0)
            }
            expect(await entriesSum(customerId)).toBe(balance)
          }),
          { numRuns: 15 },
        )
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
