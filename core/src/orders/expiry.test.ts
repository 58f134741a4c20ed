import { describe, expect, it } from "@effect/vitest"
import { Effect, TestClock } from "effect"
import type { Order } from "./model.js"
import {
  awaitingOrder,
  orderStatusOf,
  PAYMENTS_NOW,
  type PaymentStore,
  runPayments as run,
  setUpPayments as setUp,
} from "./payment-doubles.js"
import { Payments } from "./payments.js"

const MINUTE = 60_000
const HOUR = 60 * MINUTE
/** The expiry job's pace in the server (apps/server). */
const PASS = 30_000

/**
 * An order whose intent the provider will not void (a payment
 * mid-processing, or an intent it errs on): nothing the expiry pass can
 * settle until the provider lets go of it.
 */
const stuckOn = (store: PaymentStore, order: Order) => {
  const reference = `intent-stuck-${order.id}`
  store.intents.set(reference, { status: "Pending" })
  store.processing.add(reference)
  store.payments.push({
    id: `payment-${order.id}`,
    orderId: order.id,
    amount: order.orderTotal,
    status: "Pending",
    provider: "double",
    providerReference: reference,
    clientToken: `token-${reference}`,
    failureDetail: null,
    createdAt: order.createdAt,
  })
  return reference
}

/** Orders placed long ago, so they are due before anything placed at noon. */
const placedLongAgo = (overrides: Partial<Order> = {}) =>
  awaitingOrder({ createdAt: new Date(PAYMENTS_NOW - 3 * HOUR), ...overrides })

/** `count` expiry passes of `limit` orders, at the job's pace from `from`. */
const passes = (count: number, from: number, limit: number) =>
  Effect.gen(function* () {
    const payments = yield* Payments
    for (let pass = 0; pass < count; pass++) {
      yield* TestClock.setTime(from + pass * PASS)
      yield* payments.expireDue(limit)
    }
  })

describe("orders and intents the provider will not let go of", () => {
  it.effect("cannot hold the expiry pass's batch: the other due orders still expire", () => {
    const stuck = [1, 2, 3].map(() => placedLongAgo())
    const due = awaitingOrder({ expiresAt: new Date(PAYMENTS_NOW - MINUTE) })
    const store = setUp(...stuck, due)
    for (const order of stuck) stuckOn(store, order)
    return run(
      store,
      Effect.gen(function* () {
        yield* passes(3, PAYMENTS_NOW, 2)
        expect(orderStatusOf(store, due.id)).toBe("SystemCancelled")
        expect(stuck.map((o) => orderStatusOf(store, o.id))).toEqual([
          "AwaitingPayment",
          "AwaitingPayment",
          "AwaitingPayment",
        ])
      }),
    )
  })

  it.effect("a put-off order is tried again, and expires once the provider lets go", () => {
    const order = placedLongAgo()
    const store = setUp(order)
    const reference = stuckOn(store, order)
    return run(
      store,
      Effect.gen(function* () {
        yield* passes(1, PAYMENTS_NOW, 100)
        expect(orderStatusOf(store, order.id)).toBe("AwaitingPayment")
        // The payment was declined after all: the next try cancels the order.
        store.processing.delete(reference)
        store.intents.set(reference, { status: "Failed", failureDetail: "Declined." })
        yield* passes(4, PAYMENTS_NOW + PASS, 100)
        expect(orderStatusOf(store, order.id)).toBe("SystemCancelled")
      }),
    )
  })

  it.effect("a stuck order is asked about less and less often, not on every pass", () => {
    const order = placedLongAgo()
    const store = setUp(order)
    const reference = stuckOn(store, order)
    return run(
      store,
      Effect.gen(function* () {
        yield* passes(120, PAYMENTS_NOW, 100)
        const asked = store.voided.filter((r) => r === reference).length
        // A minute, doubling, at most fifteen: about ten times in an hour, not 120.
        expect(asked).toBeGreaterThanOrEqual(5)
        expect(asked).toBeLessThanOrEqual(10)
      }),
    )
  })

  it.effect("cannot hold the refund retries' batch: other refunds due are still made", () => {
    // Three refunds owed on the previous provider's payments, which this one cannot make,
    // due before one it can: a batch of two must reach it.
    const orders = [1, 2, 3, 4].map(() => placedLongAgo({ status: "Cancelled" }))
    const store = setUp(...orders)
    orders.forEach((order, index) => {
      const ours = index === 3
      const payment = {
        id: `payment-${order.id}`,
        orderId: order.id,
        amount: order.orderTotal,
        status: "Succeeded" as const,
        provider: ours ? "double" : "sandbox",
        providerReference: `intent-${order.id}`,
        clientToken: null,
        failureDetail: null,
        createdAt: order.createdAt,
      }
      store.payments.push(payment)
      store.refunds.push({
        paymentId: payment.id,
        orderId: order.id,
        amount: payment.amount,
        reason: "OrderCancelled",
        status: "Due",
        provider: payment.provider,
        providerReference: payment.providerReference,
        providerRefundReference: null,
        attempts: 0,
        lastError: null,
        dueAt: new Date(PAYMENTS_NOW - HOUR + index),
        retryAt: new Date(PAYMENTS_NOW - HOUR + index),
        refundedAt: null,
      })
    })
    return run(
      store,
      Effect.gen(function* () {
        yield* passes(3, PAYMENTS_NOW, 2)
        expect(store.providerRefunds.map((r) => r.providerReference)).toEqual([
          `intent-${orders[3]!.id}`,
        ])
        expect(store.refunds.map((r) => r.status)).toEqual(["Due", "Due", "Due", "Refunded"])
      }),
    )
  })

  it.effect(
    "cannot hold the sweep's batch: other intents on closed orders are still voided",
    () => {
      const stuck = [1, 2, 3].map(() => placedLongAgo({ status: "Cancelled" }))
      const closed = awaitingOrder({ status: "SystemCancelled" })
      const store = setUp(...stuck, closed)
      for (const order of stuck) stuckOn(store, order)
      store.intents.set("intent-open", { status: "Pending" })
      store.payments.push({
        id: "payment-open",
        orderId: closed.id,
        amount: closed.orderTotal,
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
          yield* passes(3, PAYMENTS_NOW, 2)
          expect(store.voided).toContain("intent-open")
          expect(store.payments.find((p) => p.id === "payment-open")?.status).toBe("Failed")
        }),
      )
    },
  )
})
