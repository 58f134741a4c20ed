import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { PaymentGatewayShape } from "../ports/payment-gateway.js"
import { PaymentGatewaysAmbiguous, paymentGateways } from "./gateways.js"
import {
  ANN,
  awaitingOrder,
  BOB,
  notificationFor,
  orderStatusOf,
  runPayments as run,
  setIntentOutcome,
  setUpPayments,
} from "./payment-doubles.js"
import { Payments } from "./payments.js"

/**
 * Several providers at once (decision 0071): a card provider and a pay-by-bank
 * provider on offer together. A payment goes to the provider of the method
 * chosen; everything after it goes to the provider that took it; and an
 * order still takes one payment at most, whichever methods were tried.
 */
const withBank = (...orders: ReturnType<typeof awaitingOrder>[]) => {
  const store = setUpPayments(...orders)
  store.payByBank = true
  return store
}

/** Ann starts paying by bank: the bank provider's reference for her payment. */
const bankPaymentStarted = (payments: Payments, orderId: string) =>
  Effect.map(
    payments.startPayment(ANN, orderId, "BankTransfer"),
    ({ payments: started }) => started[0]?.providerReference ?? "",
  )

describe("paying by card or by bank", () => {
  it.effect("starts each method at its own provider, the card the default", () => {
    const order = awaitingOrder()
    const store = withBank(order)
    return run(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        const bank = yield* payments.startPayment(ANN, order.id, "BankTransfer")
        expect(bank.payments.map((p) => [p.provider, p.status])).toEqual([
          ["bank-double", "Pending"],
        ])
        // The same method again: the same pending payment, no second intent.
        yield* payments.startPayment(ANN, order.id, "BankTransfer")
        expect(store.intentKeys.size).toBe(1)
      }),
    )
  })

  it.effect("switching method voids the other's open intent first: never two that can pay", () => {
    const order = awaitingOrder()
    const store = withBank(order)
    return run(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        const bankReference = yield* bankPaymentStarted(payments, order.id)
        const card = yield* payments.startPayment(ANN, order.id)
        expect(store.voided).toEqual([bankReference])
        expect(card.payments.map((p) => [p.provider, p.status])).toEqual([
          ["bank-double", "Failed"],
          ["double", "Pending"],
        ])
        const cardReference = card.payments[1]?.providerReference ?? ""
        setIntentOutcome(store, cardReference, "Succeeded")
        const done = yield* payments.complete(ANN, order.id)
        expect(done.order.status).toBe("Completed")
      }),
    )
  })

  it.effect("a bank that paid before the switch's void completes the order; no card intent", () => {
    const order = awaitingOrder()
    const store = withBank(order)
    return run(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        setIntentOutcome(store, yield* bankPaymentStarted(payments, order.id), "Succeeded")
        const after = yield* payments.startPayment(ANN, order.id, "Card")
        expect(after.order.status).toBe("Completed")
        expect(after.payments.map((p) => [p.provider, p.status])).toEqual([
          ["bank-double", "Succeeded"],
        ])
      }),
    )
  })

  it.effect("each provider's notification is verified by it, and settles its own payment", () => {
    const order = awaitingOrder()
    const store = withBank(order)
    return run(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        const reference = yield* bankPaymentStarted(payments, order.id)
        const outcome = { status: "Succeeded", cardFunding: "Debit" } as const
        const [body, headers] = notificationFor(reference, "evt-bank-1", outcome)
        expect(yield* payments.handleNotification(body, headers, "bank-double")).toBe("Accepted")
        expect(orderStatusOf(store, order.id)).toBe("Completed")
        // The card provider knows no such intent: the same event through it changes nothing.
        expect(yield* payments.handleNotification(body, headers)).toBe("Accepted")
        const unknown = yield* Effect.flip(payments.handleNotification(body, headers, "nobody"))
        expect(unknown._tag).toBe("NotificationRejected")
      }),
    )
  })

  it.effect(
    "a bank payment that lands after the order closed is refunded by the bank, once",
    () => {
      const order = awaitingOrder()
      const store = withBank(order)
      return run(
        store,
        Effect.gen(function* () {
          const payments = yield* Payments
          const reference = yield* bankPaymentStarted(payments, order.id)
          const open = store.orders.get(order.id)
          if (open) store.orders.set(order.id, { ...open, status: "SystemCancelled" })
          const [body, headers] = notificationFor(reference, "evt-late", { status: "Succeeded" })
          yield* payments.handleNotification(body, headers, "bank-double")
          yield* payments.handleNotification(body, headers, "bank-double")
          expect(store.providerRefunds).toEqual([
            expect.objectContaining({ providerReference: reference, amount: order.orderTotal }),
          ])
        }),
      )
    },
  )

  it.effect("a method the shop does not offer is refused, naming those it does", () => {
    const order = awaitingOrder()
    const store = setUpPayments(order)
    return run(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        const refused = yield* Effect.flip(payments.startPayment(ANN, order.id, "BankTransfer"))
        expect(refused).toMatchObject({ _tag: "PaymentMethodNotOffered", offered: ["Card"] })
        expect(store.intentKeys.size).toBe(0)
      }),
    )
  })
})

describe("coming back from the bank", () => {
  it.effect("finds the customer's own order by the bank's payment, and no one else's", () => {
    const order = awaitingOrder()
    const store = withBank(order)
    return run(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        const reference = yield* bankPaymentStarted(payments, order.id)
        const found = yield* payments.orderOfPayment(ANN, "bank-double", reference)
        expect(found.order.id).toBe(order.id)
        // Bob holds Ann's bank reference (a shared link): he learns nothing.
        const refused = yield* Effect.flip(payments.orderOfPayment(BOB, "bank-double", reference))
        expect(refused._tag).toBe("OrderNotFound")
        // The same reference at another provider, or one never recorded: not found either.
        const otherProvider = yield* Effect.flip(payments.orderOfPayment(ANN, "double", reference))
        expect(otherProvider._tag).toBe("OrderNotFound")
        const unknown = yield* Effect.flip(payments.orderOfPayment(ANN, "bank-double", "nope"))
        expect(unknown._tag).toBe("OrderNotFound")
      }),
    )
  })
})

describe("the providers on offer", () => {
  const gateway = (provider: string, method: "Card" | "BankTransfer") =>
    ({ provider, method }) as unknown as PaymentGatewayShape

  it("take one provider per method, each once", () => {
    expect(() =>
      paymentGateways([gateway("stripe", "Card"), gateway("truelayer", "BankTransfer")]),
    ).not.toThrow()
    expect(() => paymentGateways([gateway("stripe", "Card"), gateway("checkout", "Card")])).toThrow(
      PaymentGatewaysAmbiguous,
    )
    expect(() =>
      paymentGateways([gateway("stripe", "Card"), gateway("stripe", "BankTransfer")]),
    ).toThrow(PaymentGatewaysAmbiguous)
  })
})
