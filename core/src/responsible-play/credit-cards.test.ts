import { describe, expect, it } from "@effect/vitest"
import { Effect, FastCheck as fc } from "effect"
import type { Order } from "../orders/model.js"
import type { PaymentStore } from "../orders/payment-doubles.js"
import {
  ANN,
  awaitingOrder,
  notificationFor,
  orderStatusOf,
  runPayments,
  setUpPayments,
} from "../orders/payment-doubles.js"
import { Payments } from "../orders/payments.js"
import type { IntentStatus } from "../ports/payment-gateway.js"
import { CREDIT_CARD_MONTHLY_CAP, creditCardTexts } from "../rules/credit-cards.js"
import { pence } from "../rules/money.js"

/**
 * The credit-card rule of decision 0042 as the payment use cases keep it:
 * said up front when the intent is made, and decided when a payment
 * succeeds, where a refused credit card's money goes back and the order
 * stays payable by another card.
 */

const INSTANT_WIN = "competition-instant-win"
const instantWinOrder = (overrides: Partial<Order> = {}) =>
  awaitingOrder({
    lines: [
      {
        competitionId: INSTANT_WIN,
        competitionName: "Scratch and win",
        quantity: 1,
        price: pence(1000),
        preDiscountTotal: pence(1000),
        lineTotal: pence(1000),
        ticketNumbers: [7],
      },
    ],
    ...overrides,
  })

const setUp = (...orders: Order[]) => {
  const store = setUpPayments(...orders)
  store.instantWinCompetitions.add(INSTANT_WIN)
  return store
}

const credit: IntentStatus = { status: "Succeeded", cardFunding: "Credit" }
const debit: IntentStatus = { status: "Succeeded", cardFunding: "Debit" }

/** Starts a payment, has the provider settle it with `outcome`, and comes back from the card form. */
const payWith = (store: PaymentStore, order: Order, outcome: IntentStatus) =>
  Effect.gen(function* () {
    const payments = yield* Payments
    const started = yield* payments.startPayment(ANN, order.id)
    const payment = started.payments.at(-1)
    if (payment === undefined) throw new Error("no payment started")
    store.intents.set(payment.providerReference, outcome)
    return yield* Effect.either(payments.complete(ANN, order.id))
  })

describe("credit cards at payment (decision 0042)", () => {
  it.effect("an instant-win order's intent allows no credit card, and says why", () => {
    const order = instantWinOrder()
    const store = setUp(order)
    return runPayments(
      store,
      Effect.gen(function* () {
        const started = yield* (yield* Payments).startPayment(ANN, order.id)
        const payment = started.payments[0]
        expect(payment?.creditCardNotice).toBe(creditCardTexts.instantWin)
        expect(store.intentCreditCards.get(payment?.providerReference ?? "")).toBe(false)
      }),
    )
  })

  it.effect("an ordinary order under the cap allows one, with no notice", () => {
    const order = awaitingOrder()
    const store = setUp(order)
    return runPayments(
      store,
      Effect.gen(function* () {
        const started = yield* (yield* Payments).startPayment(ANN, order.id)
        expect(started.payments[0]?.creditCardNotice).toBeNull()
        expect(store.intentCreditCards.get(started.payments[0]?.providerReference ?? "")).toBe(true)
      }),
    )
  })

  it.effect(
    "a credit card that paid for instant win anyway is refunded, the order kept open, then a debit card pays",
    () => {
      const order = instantWinOrder()
      const store = setUp(order)
      return runPayments(
        store,
        Effect.gen(function* () {
          const refused = yield* payWith(store, order, credit)
          expect(refused._tag).toBe("Left")
          if (refused._tag === "Left") {
            expect(refused.left).toMatchObject({
              _tag: "PaymentStillDue",
              failureDetail: creditCardTexts.refused(creditCardTexts.instantWin),
            })
          }
          expect(orderStatusOf(store, order.id)).toBe("AwaitingPayment")
          expect(store.refunds).toMatchObject([{ reason: "CreditCardRefused", amount: 1000 }])
          // Asked of the provider at once, after the settling transaction.
          expect(store.providerRefunds).toHaveLength(1)
          expect(store.events).toMatchObject([
            {
              customerId: ANN.customerId,
              kind: "CreditCardRefused",
              detail: { reason: "InstantWin" },
            },
          ])

          const paid = yield* payWith(store, order, debit)
          expect(paid._tag).toBe("Right")
          expect(orderStatusOf(store, order.id)).toBe("Completed")
          expect(store.providerRefunds).toHaveLength(1)
        }),
      )
    },
  )

  it.effect("a replayed notification of a refused payment keeps it refused", () => {
    const order = instantWinOrder()
    const store = setUp(order)
    return runPayments(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        const started = yield* payments.startPayment(ANN, order.id)
        const reference = started.payments[0]?.providerReference ?? ""
        store.intents.set(reference, credit)
        yield* payments.handleNotification(...notificationFor(reference, "evt-1", credit))
        yield* payments.handleNotification(...notificationFor(reference, "evt-2", credit))
        yield* Effect.either(payments.complete(ANN, order.id))
        expect(orderStatusOf(store, order.id)).toBe("AwaitingPayment")
        expect(store.refunds).toHaveLength(1)
        expect(store.providerRefunds).toHaveLength(1)
        expect(store.events.filter((e) => e.kind === "CreditCardRefused")).toHaveLength(1)
      }),
    )
  })

  it.effect("a notification that does not say the card's kind: the provider is asked", () => {
    const order = instantWinOrder()
    const store = setUp(order)
    return runPayments(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        const started = yield* payments.startPayment(ANN, order.id)
        const reference = started.payments[0]?.providerReference ?? ""
        store.intents.set(reference, credit)
        yield* payments.handleNotification(
          ...notificationFor(reference, "evt-1", { status: "Succeeded" }),
        )
        expect(orderStatusOf(store, order.id)).toBe("AwaitingPayment")
        expect(store.payments[0]?.cardFunding).toBe("Credit")
        expect(store.refunds).toMatchObject([{ reason: "CreditCardRefused" }])
      }),
    )
  })

  it.effect("£250 a month by credit card: the payment that would pass it is refused", () => {
    const first = awaitingOrder({ orderTotal: pence(20_000) })
    const second = awaitingOrder({ orderTotal: pence(6_000) })
    const third = awaitingOrder({ orderTotal: pence(5_000) })
    const store = setUp(first, second, third)
    return runPayments(
      store,
      Effect.gen(function* () {
        expect((yield* payWith(store, first, credit))._tag).toBe("Right")
        const started = yield* (yield* Payments).startPayment(ANN, second.id)
        expect(started.payments[0]?.creditCardNotice).toBe(creditCardTexts.monthlyCap(pence(5_000)))
        store.intents.set(started.payments[0]?.providerReference ?? "", credit)
        expect((yield* Effect.either((yield* Payments).complete(ANN, second.id)))._tag).toBe("Left")
        expect(store.events).toMatchObject([
          { kind: "CreditCardRefused", detail: { reason: "MonthlyCap", left: 5_000 } },
        ])
        // Exactly up to the cap is fine; a debit card is never capped.
        expect((yield* payWith(store, third, credit))._tag).toBe("Right")
        expect((yield* payWith(store, second, debit))._tag).toBe("Right")
      }),
    )
  })

  it.effect("a decline is logged for the harm signals; a void by the shop is not", () => {
    const declined = awaitingOrder()
    const cancelled = awaitingOrder()
    const store = setUp(declined, cancelled)
    return runPayments(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        yield* payWith(store, declined, {
          status: "Failed",
          failureDetail: "Your card was declined.",
        })
        yield* payments.startPayment(ANN, cancelled.id)
        yield* payments.cancel(ANN, cancelled.id)
        expect(store.events).toMatchObject([
          {
            kind: "PaymentDeclined",
            detail: { orderId: declined.id, failureDetail: "Your card was declined." },
          },
        ])
        expect(store.events).toHaveLength(1)
      }),
    )
  })

  it.effect("a provider refusing a credit card in the shop's words is logged as a refusal", () => {
    const order = instantWinOrder()
    const store = setUp(order)
    return runPayments(
      store,
      Effect.gen(function* () {
        yield* payWith(store, order, {
          status: "Failed",
          failureDetail: creditCardTexts.instantWin,
        })
        expect(store.events).toMatchObject([{ kind: "CreditCardRefused" }])
      }),
    )
  })

  it.effect.prop(
    "whatever credit-card payments succeed, at most £250 of them is kept in a month",
    [fc.array(fc.integer({ min: 100, max: 15_000 }), { minLength: 1, maxLength: 8 })],
    ([amounts]) => {
      const orders = amounts.map((amount) => awaitingOrder({ orderTotal: pence(amount) }))
      const store = setUp(...orders)
      return runPayments(
        store,
        Effect.gen(function* () {
          yield* Effect.forEach(orders, (order) => payWith(store, order, credit), { discard: true })
          const kept = store.payments
            .filter(
              (p) => p.status === "Succeeded" && !store.refunds.some((r) => r.paymentId === p.id),
            )
            .reduce((sum, p) => sum + p.amount, 0)
          expect(kept).toBeLessThanOrEqual(CREDIT_CARD_MONTHLY_CAP)
          // Every refund is a refusal, and every order not refused was paid.
          for (const refund of store.refunds) expect(refund.reason).toBe("CreditCardRefused")
          const completed = orders.filter((o) => orderStatusOf(store, o.id) === "Completed")
          expect(completed.reduce((sum, o) => sum + o.orderTotal, 0)).toBe(kept)
          // Refused only when it would have passed the cap.
          let running = 0
          for (const order of orders) {
            const fits = running + order.orderTotal <= CREDIT_CARD_MONTHLY_CAP
            expect(orderStatusOf(store, order.id)).toBe(fits ? "Completed" : "AwaitingPayment")
            if (fits) running += order.orderTotal
          }
        }),
      )
    },
  )
})
