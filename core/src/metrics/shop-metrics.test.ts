import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, TestClock } from "effect"
import { Baskets } from "../orders/baskets.js"
import { Checkout } from "../orders/checkout.js"
import { checkoutDoublesOver } from "../orders/checkout-doubles.js"
import {
  awaitingOrder,
  notificationFor,
  ANN as PAYER,
  PAYMENTS_NOW,
  paymentDoublesOver,
  setIntentOutcome,
  setUpPayments,
} from "../orders/payment-doubles.js"
import { Payments } from "../orders/payments.js"
import { addOrderCustomer, emptyOrderStore, sampleCompetition } from "../orders/test-doubles.js"
import { ShopMetrics } from "../ports/shop-metrics.js"
import { pence } from "../rules/money.js"
import { recordingShopMetrics } from "./shop-metrics-doubles.js"

/** What the use cases tell the operator's counters (docs/decisions/0088). */

const ANN = "customer-ann"
const car = sampleCompetition({ id: "car", ticketPrice: pence(250), totalTickets: 100 })

describe("ShopMetrics", () => {
  it.effect("counts nothing unless the composition root provides it", () =>
    Effect.gen(function* () {
      const metrics = yield* ShopMetrics
      expect(() => metrics.count({ kind: "Draw", drawKind: "live" })).not.toThrow()
    }),
  )

  it.effect(
    "a checkout is counted once with its tickets; a repeat and a refusal are not sales",
    () => {
      const store = emptyOrderStore()
      addOrderCustomer(store, ANN)
      store.competitions.set(car.id, car)
      const metrics = recordingShopMetrics()
      return Effect.gen(function* () {
        yield* TestClock.setTime(Date.parse("2026-06-15T12:00:00Z"))
        const baskets = yield* Baskets
        const checkout = yield* Checkout
        const { id } = yield* baskets.create(null)
        yield* baskets.addItem(id, car.id, 3, null)
        yield* checkout.checkout(id, ANN)
        // A double click: the same order, not another sale.
        yield* checkout.checkout(id, ANN)
        yield* Effect.either(checkout.checkout("no-such-basket", ANN))
        expect(metrics.events).toEqual([
          { kind: "Checkout", outcome: "AwaitingPayment", tickets: 3 },
          { kind: "Checkout", outcome: "Refused", reason: "BasketNotFound" },
        ])
      }).pipe(
        Effect.provide(
          Layer.mergeAll(Baskets.Default, Checkout.Default).pipe(
            Layer.provide(checkoutDoublesOver(store)),
            Layer.provide(Layer.succeed(ShopMetrics, metrics)),
          ),
        ),
      )
    },
  )

  it.effect("a payment is counted when it leaves Pending, and the refund it sets off too", () => {
    const order = awaitingOrder({ status: "Cancelled" })
    const store = setUpPayments(order)
    store.intents.set("intent-late", { status: "Succeeded" })
    store.payments.push({
      id: "payment-late",
      orderId: order.id,
      amount: order.orderTotal,
      status: "Pending",
      provider: "double",
      providerReference: "intent-late",
      clientToken: "token-late",
      failureDetail: null,
      createdAt: new Date(PAYMENTS_NOW),
    })
    const metrics = recordingShopMetrics()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PAYMENTS_NOW)
      const payments = yield* Payments
      const [body, headers] = notificationFor("intent-late", "evt-1", { status: "Succeeded" })
      yield* payments.handleNotification(body, headers)
      // The provider's retry under another event id: the payment is settled already.
      yield* payments.handleNotification(
        ...notificationFor("intent-late", "evt-2", { status: "Succeeded" }),
      )
      expect(metrics.events).toEqual([
        { kind: "Payment", provider: "double", outcome: "Succeeded" },
        { kind: "Refund", provider: "double", outcome: "Made", amount: order.orderTotal },
      ])
    }).pipe(
      Effect.provide(
        Payments.Default.pipe(
          Layer.provide(paymentDoublesOver(store)),
          Layer.provide(Layer.succeed(ShopMetrics, metrics)),
        ),
      ),
    )
  })

  it.effect(
    "a payment settled by two racers at once (the return and the sweep) is counted once",
    () => {
      const order = awaitingOrder()
      const store = setUpPayments(order)
      // Both racers read the payment Pending, then both hear the provider's success.
      store.providerYields = true
      const metrics = recordingShopMetrics()
      return Effect.gen(function* () {
        yield* TestClock.setTime(PAYMENTS_NOW)
        const payments = yield* Payments
        const started = yield* payments.startPayment(PAYER, order.id)
        const reference = started.payments[0]?.providerReference ?? ""
        setIntentOutcome(store, reference, "Succeeded")
        const both = yield* Effect.all(
          [payments.complete(PAYER, order.id), payments.complete(PAYER, order.id)],
          { concurrency: "unbounded" },
        )
        expect(both.map((o) => o.order.status)).toEqual(["Completed", "Completed"])
        expect(metrics.events.filter((e) => e.kind === "Payment")).toEqual([
          { kind: "Payment", provider: "double", outcome: "Succeeded" },
        ])
      }).pipe(
        Effect.provide(
          Payments.Default.pipe(
            Layer.provide(paymentDoublesOver(store)),
            Layer.provide(Layer.succeed(ShopMetrics, metrics)),
          ),
        ),
      )
    },
  )
})
