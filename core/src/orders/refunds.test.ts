import { describe, expect, it } from "@effect/vitest"
import { Effect, FastCheck as fc, TestClock } from "effect"
import { pence } from "../rules/money.js"
import type { Order } from "./model.js"
import {
  ANN,
  awaitingOrder,
  notificationFor,
  orderStatusOf,
  PAYMENTS_NOW,
  type PaymentStore,
  runPayments as run,
  setIntentOutcome,
  setUpPayments as setUp,
} from "./payment-doubles.js"
import { Payments } from "./payments.js"
import { LONGEST_REFUND_RETRY_MS, refundRetryDelayMs } from "./refunds.js"

/**
 * An order closed while one of its intents stayed open (a void that could
 * not reach the provider, a payment page racing the cancel), and the card
 * paid it anyway: the starting point of every test here.
 */
const paidAfterClosing = (
  status: "Cancelled" | "SystemCancelled",
  overrides: Partial<Order> = {},
): { store: PaymentStore; order: Order; reference: string } => {
  const order = awaitingOrder({ status, ...overrides })
  const store = setUp(order)
  const reference = "intent-late"
  store.intents.set(reference, { status: "Succeeded" })
  store.payments.push({
    id: "payment-late",
    orderId: order.id,
    amount: order.orderTotal,
    status: "Pending",
    provider: "double",
    providerReference: reference,
    clientToken: "token-late",
    failureDetail: null,
    createdAt: new Date(PAYMENTS_NOW),
  })
  return { store, order, reference }
}

const paymentStatus = (store: PaymentStore) => store.payments.map((p) => p.status)

describe("money taken for an order that can no longer take it", () => {
  it.effect("a success notification for a cancelled order is refunded once, and recorded", () => {
    const { store, order, reference } = paidAfterClosing("Cancelled")
    return run(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        const [body, headers] = notificationFor(reference, "evt-1", { status: "Succeeded" })
        expect(yield* payments.handleNotification(body, headers)).toBe("Accepted")
        expect(yield* payments.handleNotification(body, headers)).toBe("Replayed")
        // The provider's retry under a new event id, or any other path, finds it refunded.
        yield* payments.handleNotification(
          ...notificationFor(reference, "evt-2", { status: "Succeeded" }),
        )
        expect(store.providerRefunds).toEqual([
          { providerReference: reference, amount: 1000, refundReference: "refund-1" },
        ])
        expect(paymentStatus(store)).toEqual(["Refunded"])
        expect(store.refunds).toEqual([
          {
            paymentId: "payment-late",
            orderId: order.id,
            amount: 1000,
            reason: "OrderCancelled",
            status: "Refunded",
            provider: "double",
            providerReference: reference,
            providerRefundReference: "refund-1",
            attempts: 0,
            lastError: null,
            dueAt: new Date(PAYMENTS_NOW),
            retryAt: new Date(PAYMENTS_NOW),
            refundedAt: new Date(PAYMENTS_NOW),
          },
        ])
        expect(orderStatusOf(store, order.id)).toBe("Cancelled")
        expect(store.moves).toEqual([])
      }),
    )
  })

  it.effect("a refund the provider cannot make yet stays due, and a later pass makes it", () => {
    const { store, reference } = paidAfterClosing("SystemCancelled")
    return run(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        store.gatewayDown = true
        yield* payments.handleNotification(
          ...notificationFor(reference, "evt-1", { status: "Succeeded" }),
        )
        // Not hammered: the pass right after leaves it until its retry time.
        yield* payments.expireDue()
        expect(store.refunds).toMatchObject([{ status: "Due", attempts: 1 }])
        yield* TestClock.adjust("1 minute")
        yield* payments.expireDue()
        expect(store.providerRefunds).toEqual([])
        expect(paymentStatus(store)).toEqual(["Succeeded"])
        expect(store.refunds).toMatchObject([
          {
            reason: "OrderExpired",
            status: "Due",
            attempts: 2,
            // When the second attempt failed, then why, as the table keeps it.
            lastError: `${new Date(PAYMENTS_NOW + 60_000).toISOString()} switched off by the test`,
            retryAt: new Date(PAYMENTS_NOW + 3 * 60_000),
          },
        ])

        store.gatewayDown = false
        yield* TestClock.adjust("2 minutes")
        yield* payments.expireDue()
        yield* payments.expireDue()
        expect(store.providerRefunds).toHaveLength(1)
        expect(paymentStatus(store)).toEqual(["Refunded"])
        expect(store.refunds).toMatchObject([{ status: "Refunded", attempts: 2 }])
      }),
    )
  })

  it.prop(
    "waits longer after each failure, from a minute up to six hours",
    [fc.integer({ min: 1, max: 10_000 })],
    ([attempts]) => {
      const delay = refundRetryDelayMs(attempts)
      expect(delay).toBeGreaterThanOrEqual(60_000)
      expect(delay).toBeLessThanOrEqual(LONGEST_REFUND_RETRY_MS)
      expect(refundRetryDelayMs(attempts + 1)).toBeGreaterThanOrEqual(delay)
    },
  )

  it.effect("the expiry pass voids an intent left open on a closed order", () => {
    const order = awaitingOrder({ status: "Cancelled" })
    const store = setUp(order)
    store.intents.set("intent-open", { status: "Pending" })
    store.payments.push({
      id: "payment-open",
      orderId: order.id,
      amount: pence(1000),
      status: "Pending",
      provider: "double",
      providerReference: "intent-open",
      clientToken: "token-open",
      failureDetail: null,
      createdAt: new Date(PAYMENTS_NOW),
    })
    return run(
      store,
      Effect.gen(function* () {
        yield* (yield* Payments).expireDue()
        expect(store.voided).toEqual(["intent-open"])
        expect(paymentStatus(store)).toEqual(["Failed"])
        expect(store.refunds).toEqual([])
      }),
    )
  })

  it.effect("the expiry pass finds a success no notification reported, and refunds it", () => {
    const { store } = paidAfterClosing("Cancelled")
    return run(
      store,
      Effect.gen(function* () {
        yield* (yield* Payments).expireDue()
        expect(store.providerRefunds).toHaveLength(1)
        expect(paymentStatus(store)).toEqual(["Refunded"])
      }),
    )
  })

  it.effect(
    "the browser's return to a cancelled order refunds its late payment and says 409",
    () => {
      const { store, order } = paidAfterClosing("Cancelled")
      return run(
        store,
        Effect.gen(function* () {
          const payments = yield* Payments
          const refused = yield* Effect.flip(payments.complete(ANN, order.id))
          expect(refused).toMatchObject({ _tag: "OrderTransitionRefused", from: "Cancelled" })
          yield* Effect.flip(payments.complete(ANN, order.id))
          expect(store.providerRefunds).toHaveLength(1)
          expect(paymentStatus(store)).toEqual(["Refunded"])
        }),
      )
    },
  )

  it.effect("a success for an order still open is no refund: it pays the order", () => {
    const order = awaitingOrder()
    const store = setUp(order)
    return run(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        const started = yield* payments.startPayment(ANN, order.id)
        const reference = started.payments[0]!.providerReference
        setIntentOutcome(store, reference, "Succeeded")
        yield* payments.handleNotification(
          ...notificationFor(reference, "evt-1", { status: "Succeeded" }),
        )
        yield* payments.expireDue()
        expect(orderStatusOf(store, order.id)).toBe("Completed")
        expect(store.refunds).toEqual([])
        expect(store.providerRefunds).toEqual([])
      }),
    )
  })
})
