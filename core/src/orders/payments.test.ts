import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, FastCheck as fc, Layer, TestClock, TestContext } from "effect"
import { pence } from "../rules/money"
import type { Order } from "./model"
import {
  ANN,
  awaitingOrder,
  BOB,
  balanceOf,
  emptyPaymentStore,
  notificationFor,
  type PaymentStore,
  paymentDoublesOver,
} from "./payment-doubles"
import { Payments } from "./payments"

const NOW = Date.parse("2026-06-15T12:05:00Z")

const setUp = (...orders: Order[]) => {
  const store = emptyPaymentStore()
  for (const order of orders) store.orders.set(order.id, order)
  return store
}

const run = <A, E>(store: PaymentStore, test: Effect.Effect<A, E, Payments>) =>
  Effect.provide(
    Effect.zipRight(TestClock.setTime(NOW), test),
    Payments.Default.pipe(Layer.provide(paymentDoublesOver(store))),
  )

/** The provider's side: the customer's card was confirmed (or declined) on the intent. */
const provider = (store: PaymentStore, reference: string, outcome: "Succeeded" | "Declined") =>
  store.intents.set(
    reference,
    outcome === "Succeeded"
      ? { status: "Succeeded" }
      : { status: "Failed", failureDetail: "Your card was declined." },
  )

const statusOf = (store: PaymentStore, orderId: string) => store.orders.get(orderId)?.status

describe("Payments", () => {
  it.effect("starts one pending payment with the provider's token, however often asked", () => {
    const order = awaitingOrder()
    const store = setUp(order)
    return run(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        const first = yield* payments.startPayment(ANN, order.id)
        const again = yield* payments.startPayment(ANN, order.id)
        expect(first.payments).toHaveLength(1)
        expect(first.payments[0]).toMatchObject({
          status: "Pending",
          amount: 1000,
          clientToken: "token-intent-1",
        })
        expect(again.payments).toEqual(first.payments)
        expect(store.intentKeys.size).toBe(1)
      }),
    )
  })

  it.effect("declined, then retried with a new intent, then paid: completed once", () => {
    const order = awaitingOrder()
    const store = setUp(order)
    return run(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        const first = yield* payments.startPayment(ANN, order.id)
        const stillDue = yield* Effect.either(payments.complete(ANN, order.id))
        expect(Either.isLeft(stillDue) && stillDue.left).toMatchObject({
          _tag: "PaymentStillDue",
          failureDetail: null,
        })

        provider(store, first.payments[0]!.providerReference, "Declined")
        const declined = yield* Effect.either(payments.complete(ANN, order.id))
        expect(Either.isLeft(declined) && declined.left).toMatchObject({
          _tag: "PaymentStillDue",
          balance: 1000,
          failureDetail: "Your card was declined.",
        })

        const retry = yield* payments.startPayment(ANN, order.id)
        expect(retry.payments.map((p) => p.status)).toEqual(["Failed", "Pending"])
        expect(retry.payments[1]?.providerReference).not.toBe(first.payments[0]?.providerReference)

        provider(store, retry.payments[1]!.providerReference, "Succeeded")
        const paid = yield* payments.complete(ANN, order.id)
        const again = yield* payments.complete(ANN, order.id)
        expect(paid.order.status).toBe("Completed")
        expect(again.order.status).toBe("Completed")
        expect(store.moves).toEqual([`${order.id}:Completed`])
      }),
    )
  })

  it.effect("an order with nothing left to pay by card completes without the provider", () => {
    const order = awaitingOrder({ orderTotal: pence(0), siteCreditDebit: pence(1000) })
    const store = setUp(order)
    store.gatewayDown = true
    return run(
      store,
      Effect.gen(function* () {
        const done = yield* (yield* Payments).complete(ANN, order.id)
        expect(done.order.status).toBe("Completed")
      }),
    )
  })

  it.effect("credits the club of the order's voucher once, when the order is paid", () => {
    // £10.00 of tickets, 10% off with the club's code: £9.00 paid, 90p to the club.
    const order = awaitingOrder({ discountTotal: pence(100), orderTotal: pence(900) })
    const store = setUp(order)
    store.clubCodes.set("YORKSHIRE10", "club-yorkshire")
    store.promotionUses.set(order.id, ["YORKSHIRE10"])
    return run(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        const started = yield* payments.startPayment(ANN, order.id)
        expect(store.clubCredits.size).toBe(0)
        provider(store, started.payments[0]!.providerReference, "Succeeded")
        yield* payments.complete(ANN, order.id)
        yield* payments.handleNotification(
          ...notificationFor(started.payments[0]!.providerReference, "event-1", {
            status: "Succeeded",
          }),
        )
        yield* payments.complete(ANN, order.id)
        expect([...store.clubCredits]).toEqual([[`club-yorkshire/${order.id}`, 90]])
      }),
    )
  })

  it.effect("gives the voucher's use back when the order is cancelled, and credits no club", () => {
    const order = awaitingOrder()
    const store = setUp(order)
    store.clubCodes.set("YORKSHIRE10", "club-yorkshire")
    store.promotionUses.set(order.id, ["YORKSHIRE10"])
    return run(
      store,
      Effect.gen(function* () {
        yield* (yield* Payments).cancel(ANN, order.id)
        expect(store.promotionUses.has(order.id)).toBe(false)
        expect(store.clubCredits.size).toBe(0)
      }),
    )
  })

  it.effect("refuses to cancel a paid order, or to complete a cancelled or expired one", () => {
    const paid = awaitingOrder({ orderTotal: pence(0), siteCreditDebit: pence(1000) })
    const cancelled = awaitingOrder({ status: "Cancelled" })
    const expired = awaitingOrder({ status: "SystemCancelled" })
    const store = setUp(paid, cancelled, expired)
    return run(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        yield* payments.complete(ANN, paid.id)
        const keep = yield* Effect.flip(payments.cancel(ANN, paid.id))
        expect(keep).toMatchObject({ _tag: "OrderTransitionRefused", from: "Completed" })
        for (const order of [cancelled, expired]) {
          const refused = yield* Effect.flip(payments.complete(ANN, order.id))
          expect(refused).toMatchObject({
            _tag: "OrderTransitionRefused",
            from: order.status,
            to: "Completed",
          })
        }
        expect(statusOf(store, paid.id)).toBe("Completed")
        expect(store.intentKeys.size).toBe(0)
      }),
    )
  })

  it.effect("answers someone else's order as if it did not exist", () => {
    const order = awaitingOrder()
    const store = setUp(order)
    return run(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        for (const attempt of [
          payments.startPayment(BOB, order.id),
          payments.complete(BOB, order.id),
          payments.cancel(BOB, order.id),
        ]) {
          const result = yield* Effect.either(attempt)
          expect(Either.isLeft(result) && result.left._tag).toBe("OrderNotFound")
        }
        expect(store.intentKeys.size).toBe(0)
      }),
    )
  })

  describe("status notifications", () => {
    it.effect("a verified success completes the order; its replay changes nothing", () => {
      const order = awaitingOrder()
      const store = setUp(order)
      return run(
        store,
        Effect.gen(function* () {
          const payments = yield* Payments
          const started = yield* payments.startPayment(ANN, order.id)
          const reference = started.payments[0]!.providerReference
          const [body, headers] = notificationFor(reference, "evt-1", { status: "Succeeded" })
          expect(yield* payments.handleNotification(body, headers)).toBe("Accepted")
          expect(statusOf(store, order.id)).toBe("Completed")
          expect(yield* payments.handleNotification(body, headers)).toBe("Replayed")
          expect(store.moves).toEqual([`${order.id}:Completed`])
        }),
      )
    })

    it.effect("a forged notification is rejected and changes nothing", () => {
      const order = awaitingOrder()
      const store = setUp(order)
      return run(
        store,
        Effect.gen(function* () {
          const payments = yield* Payments
          const started = yield* payments.startPayment(ANN, order.id)
          const [body] = notificationFor(started.payments[0]!.providerReference, "evt-1", {
            status: "Succeeded",
          })
          const forged = yield* Effect.either(
            payments.handleNotification(body, { signature: "made-up" }),
          )
          expect(Either.isLeft(forged) && forged.left._tag).toBe("NotificationRejected")
          expect(statusOf(store, order.id)).toBe("AwaitingPayment")
          expect(store.payments[0]?.status).toBe("Pending")
          expect(store.notifications.size).toBe(0)
        }),
      )
    })

    it.effect("a decline settles the payment and leaves the order to be retried", () => {
      const order = awaitingOrder()
      const store = setUp(order)
      return run(
        store,
        Effect.gen(function* () {
          const payments = yield* Payments
          const started = yield* payments.startPayment(ANN, order.id)
          const [body, headers] = notificationFor(started.payments[0]!.providerReference, "evt-1", {
            status: "Failed",
            failureDetail: "Insufficient funds.",
          })
          yield* payments.handleNotification(body, headers)
          expect(store.payments[0]).toMatchObject({
            status: "Failed",
            failureDetail: "Insufficient funds.",
            clientToken: null,
          })
          expect(statusOf(store, order.id)).toBe("AwaitingPayment")
        }),
      )
    })

    it.effect("an intent the shop never recorded is acknowledged and ignored", () => {
      const store = setUp()
      return run(
        store,
        Effect.gen(function* () {
          const [body, headers] = notificationFor("intent-unknown", "evt-9", {
            status: "Succeeded",
          })
          expect(yield* (yield* Payments).handleNotification(body, headers)).toBe("Accepted")
          expect(store.moves).toEqual([])
        }),
      )
    })

    it.effect(
      "any interleaving of the browser's return, notifications and replays completes once",
      () =>
        Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(
              fc.array(fc.constantFrom("return", "notify", "replay", "expire"), {
                minLength: 1,
                maxLength: 8,
              }),
              async (steps) => {
                const order = awaitingOrder()
                const store = setUp(order)
                await Effect.runPromise(
                  run(
                    store,
                    Effect.gen(function* () {
                      const payments = yield* Payments
                      const started = yield* payments.startPayment(ANN, order.id)
                      const reference = started.payments[0]!.providerReference
                      provider(store, reference, "Succeeded")
                      const [body, headers] = notificationFor(reference, "evt-1", {
                        status: "Succeeded",
                      })
                      // Past the order's time: expiry must still see the payment.
                      yield* TestClock.setTime(order.expiresAt.getTime() + 1)
                      for (const step of steps) {
                        if (step === "return") yield* payments.complete(ANN, order.id)
                        else if (step === "expire") yield* payments.expireDue()
                        else yield* payments.handleNotification(body, headers)
                      }
                    }),
                  ).pipe(Effect.provide(TestContext.TestContext)),
                )
                expect(statusOf(store, order.id)).toBe("Completed")
                expect(store.moves).toEqual([`${order.id}:Completed`])
                expect(store.released).toEqual([])
              },
            ),
            { numRuns: 60 },
          ),
        ),
    )
  })

  describe("cancelling", () => {
    it.effect("returns the tickets and the site credit, once", () => {
      const order = awaitingOrder({ siteCreditDebit: pence(300), orderTotal: pence(700) })
      const store = setUp(order)
      store.ledger.push(
        { customerId: ANN.customerId!, orderId: null, amount: pence(500), reason: "Grant" },
        {
          customerId: ANN.customerId!,
          orderId: order.id,
          amount: pence(-300),
          reason: "OrderDebit",
        },
      )
      return run(
        store,
        Effect.gen(function* () {
          const payments = yield* Payments
          const cancelled = yield* payments.cancel(ANN, order.id)
          const again = yield* payments.cancel(ANN, order.id)
          expect(cancelled.order.status).toBe("Cancelled")
          expect(again.order.status).toBe("Cancelled")
          expect(store.released).toEqual([order.id])
          expect(balanceOf(store, ANN.customerId!)).toBe(500)
        }),
      )
    })

    it.effect("completes instead when the provider says the card was charged", () => {
      const order = awaitingOrder()
      const store = setUp(order)
      return run(
        store,
        Effect.gen(function* () {
          const payments = yield* Payments
          const started = yield* payments.startPayment(ANN, order.id)
          provider(store, started.payments[0]!.providerReference, "Succeeded")
          const result = yield* payments.cancel(ANN, order.id)
          expect(result.order.status).toBe("Completed")
          expect(store.released).toEqual([])
        }),
      )
    })

    it.effect("refuses a completed order", () => {
      const order = awaitingOrder({ status: "Completed" })
      const store = setUp(order)
      return run(
        store,
        Effect.gen(function* () {
          const result = yield* Effect.either((yield* Payments).cancel(ANN, order.id))
          expect(Either.isLeft(result) && result.left._tag).toBe("OrderTransitionRefused")
        }),
      )
    })
  })

  describe("expiry", () => {
    it.effect("cancels unpaid orders past their time, returning tickets and credit", () => {
      const due = awaitingOrder({
        expiresAt: new Date(NOW - 1),
        siteCreditDebit: pence(200),
        orderTotal: pence(800),
      })
      const early = awaitingOrder({ expiresAt: new Date(NOW + 60_000) })
      const store = setUp(due, early)
      store.ledger.push({
        customerId: ANN.customerId!,
        orderId: due.id,
        amount: pence(-200),
        reason: "OrderDebit",
      })
      return run(
        store,
        Effect.gen(function* () {
          const expired = yield* (yield* Payments).expireDue()
          expect(expired).toEqual([due.id])
          expect(statusOf(store, due.id)).toBe("SystemCancelled")
          expect(statusOf(store, early.id)).toBe("AwaitingPayment")
          expect(store.released).toEqual([due.id])
          expect(balanceOf(store, ANN.customerId!)).toBe(0)
        }),
      )
    })

    it.effect(
      "completes a due order the provider says was paid, and skips one it cannot ask about",
      () => {
        const paid = awaitingOrder({ expiresAt: new Date(NOW - 1) })
        const store = setUp(paid)
        return run(
          store,
          Effect.gen(function* () {
            const payments = yield* Payments
            const started = yield* payments.startPayment(ANN, paid.id)
            provider(store, started.payments[0]!.providerReference, "Succeeded")
            store.gatewayDown = true
            expect(yield* payments.expireDue()).toEqual([])
            expect(statusOf(store, paid.id)).toBe("AwaitingPayment")
            store.gatewayDown = false
            expect(yield* payments.expireDue()).toEqual([])
            expect(statusOf(store, paid.id)).toBe("Completed")
            expect(store.released).toEqual([])
          }),
        )
      },
    )
  })
})
