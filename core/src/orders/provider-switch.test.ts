import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Logger, TestClock } from "effect"
import type { Payment } from "../ports/payments.js"
import type { Order } from "./model.js"
import {
  ANN,
  awaitingOrder,
  orderStatusOf,
  PAYMENTS_NOW,
  type PaymentStore,
  runPayments as run,
  setUpPayments as setUp,
} from "./payment-doubles.js"
import { Payments } from "./payments.js"

/**
 * The shop changed card provider (PAYMENT_METHODS) while orders still had
 * payments taken with the previous one. The doubles' provider is "double";
 * these payments are the sandbox's, and the double knows none of their
 * intents (it answers them as Stripe answers an unknown intent: an error).
 */
const previousProviders = (order: Order, status: "Pending" | "Failed"): Payment => ({
  id: `payment-old-${order.id}`,
  orderId: order.id,
  amount: order.orderTotal,
  status,
  provider: "sandbox",
  providerReference: `sbx_pi_${order.id}`,
  clientToken: status === "Pending" ? `sbx_token_${order.id}` : null,
  failureDetail: status === "Failed" ? "Your card was declined." : null,
  createdAt: order.createdAt,
})

const withPayment = (status: "Pending" | "Failed", overrides: Partial<Order> = {}) => {
  const order = awaitingOrder(overrides)
  const store = setUp(order)
  const old = previousProviders(order, status)
  store.payments.push(old)
  return { order, store, old }
}

/** Warnings logged while the effect runs, as text: what staff would read. */
const warningsOf = <A, E, R>(effect: Effect.Effect<A, E, R>) => {
  const lines: string[] = []
  const logger = Logger.make(({ logLevel, message }) => {
    if (logLevel._tag === "Warning") lines.push(JSON.stringify(message))
  })
  return Effect.map(
    Effect.provide(effect, Logger.replace(Logger.defaultLogger, logger)),
    (value) => ({ value, warnings: lines }),
  )
}

const pastExpiry = (order: Order) => TestClock.setTime(order.expiresAt.getTime() + 1)

const paymentsOf = (store: PaymentStore, orderId: string) =>
  store.payments.filter((p) => p.orderId === orderId).map((p) => [p.provider, p.status])

describe("payments taken with the shop's previous card provider", () => {
  describe("a declined one", () => {
    it.effect("is closed: the order can be cancelled, and this provider is not asked", () => {
      const { order, store } = withPayment("Failed")
      return run(
        store,
        Effect.gen(function* () {
          const cancelled = yield* (yield* Payments).cancel(ANN, order.id)
          expect(cancelled.order.status).toBe("Cancelled")
          expect(store.released).toEqual([order.id])
          expect(store.voided).toEqual([])
        }),
      )
    })

    it.effect("does not keep the order from expiring on its first pass", () => {
      const { order, store } = withPayment("Failed")
      return run(
        store,
        Effect.gen(function* () {
          yield* pastExpiry(order)
          expect(yield* (yield* Payments).expireDue()).toEqual([order.id])
          expect(orderStatusOf(store, order.id)).toBe("SystemCancelled")
          expect(store.released).toEqual([order.id])
        }),
      )
    })

    it.effect("a new attempt is made with this provider, without voiding the old one", () => {
      const { order, store } = withPayment("Failed")
      return run(
        store,
        Effect.gen(function* () {
          const started = yield* (yield* Payments).startPayment(ANN, order.id)
          expect(started.payments.map((p) => [p.provider, p.status, p.clientToken])).toEqual([
            ["sandbox", "Failed", null],
            ["double", "Pending", "token-intent-1"],
          ])
          expect(store.voided).toEqual([])
        }),
      )
    })
  })

  describe("a pending one, which this provider can neither void nor ask about", () => {
    it.effect("does not hold the order: it is cancelled, and staff are told of the payment", () => {
      const { order, store, old } = withPayment("Pending")
      return run(
        store,
        Effect.gen(function* () {
          const { value, warnings } = yield* warningsOf((yield* Payments).cancel(ANN, order.id))
          expect(value.order.status).toBe("Cancelled")
          expect(store.released).toEqual([order.id])
          // The shop does not know where it stands: it stays as recorded, for staff.
          expect(paymentsOf(store, order.id)).toEqual([["sandbox", "Pending"]])
          expect(warnings.join("\n")).toContain(old.providerReference)
          expect(warnings.join("\n")).toContain("sandbox")
        }),
      )
    })

    it.effect("does not keep the order from expiring, and is logged for staff", () => {
      const { order, store, old } = withPayment("Pending")
      return run(
        store,
        Effect.gen(function* () {
          yield* pastExpiry(order)
          const { value, warnings } = yield* warningsOf((yield* Payments).expireDue())
          expect(value).toEqual([order.id])
          expect(store.released).toEqual([order.id])
          expect(warnings.join("\n")).toContain(old.providerReference)
        }),
      )
    })

    it.effect("its token is never handed to the card form: a new attempt is started", () => {
      const { order, store } = withPayment("Pending")
      return run(
        store,
        Effect.gen(function* () {
          const payments = yield* Payments
          const started = yield* payments.startPayment(ANN, order.id)
          const again = yield* payments.startPayment(ANN, order.id)
          expect(started.payments.map((p) => [p.provider, p.status, p.clientToken])).toEqual([
            ["sandbox", "Pending", `sbx_token_${order.id}`],
            ["double", "Pending", "token-intent-1"],
          ])
          expect(again.payments).toEqual(started.payments)
          expect(store.intentKeys.size).toBe(1)
        }),
      )
    })

    it.effect("the browser's return says the payment is still due, not that we are down", () => {
      const { order, store } = withPayment("Pending")
      return run(
        store,
        Effect.gen(function* () {
          const answer = yield* Effect.either((yield* Payments).complete(ANN, order.id))
          expect(Either.isLeft(answer) && answer.left._tag).toBe("PaymentStillDue")
        }),
      )
    })

    it.effect(
      "on closed orders, never takes the sweep's batch from this provider's intents",
      () => {
        // Three closed orders with the old provider's pending payments, older than
        // one with an open intent of the current provider: a batch of two must reach it.
        const stuck = [1, 2, 3].map(() =>
          awaitingOrder({ status: "Cancelled", createdAt: new Date(PAYMENTS_NOW - 3_600_000) }),
        )
        const closed = awaitingOrder({ status: "Cancelled" })
        const store = setUp(...stuck, closed)
        for (const order of stuck) store.payments.push(previousProviders(order, "Pending"))
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
            yield* (yield* Payments).expireDue(2)
            expect(store.voided).toEqual(["intent-open"])
            expect(paymentsOf(store, closed.id)).toEqual([["double", "Failed"]])
          }),
        )
      },
    )
  })
})
