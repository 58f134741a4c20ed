import type { PaymentJson } from "@howzat/contracts/orders"
import { describe, expect, it } from "vitest"
import { cardFormFor, paymentStep, pendingPayment } from "./payment-step"

const payment = (over: Partial<PaymentJson>): PaymentJson => ({
  id: "p1",
  amount: 500,
  status: "Pending",
  token: "tok_1",
  provider: "sandbox",
  failureDetail: null,
  createdDateUtc: "2026-11-23T00:00:00.000Z",
  ...over,
})

describe("paymentStep", () => {
  it("a completed order goes to its success page, whatever its balance", () => {
    expect(paymentStep({ status: "Completed", orderBalance: 0, payments: [] }).kind).toBe(
      "succeeded",
    )
  })

  it("cancelled and expired orders cannot be paid", () => {
    for (const status of ["Cancelled", "SystemCancelled"] as const)
      expect(paymentStep({ status, orderBalance: 500, payments: [payment({})] }).kind).toBe(
        "cancelled",
      )
  })

  it("nothing left to pay completes the order", () => {
    expect(paymentStep({ status: "Pending", orderBalance: 0, payments: [] }).kind).toBe("complete")
  })

  it("the first pending payment with a token starts the card form", () => {
    const step = paymentStep({
      status: "AwaitingPayment",
      orderBalance: 500,
      payments: [
        payment({ id: "failed", status: "Failed", token: null }),
        payment({ id: "p2", token: "tok_2" }),
        payment({ id: "p3", token: "tok_3" }),
      ],
    })
    expect(step.kind === "card" && step.payment.id).toBe("p2")
  })

  it("no pending payment (or one without a token) means starting one", () => {
    expect(
      paymentStep({
        status: "AwaitingPayment",
        orderBalance: 500,
        payments: [payment({ status: "Failed" }), payment({ token: null }), payment({ token: "" })],
      }).kind,
    ).toBe("start")
    expect(pendingPayment({ payments: [] })).toBeUndefined()
  })
})

describe("cardFormFor", () => {
  const stripeForm = {
    provider: "stripe",
    publishableKey: "pk_test_1",
    scriptUrl: "https://js.stripe.com/v3/",
  } as const

  it("shows the form of the provider that issued the payment's token", () => {
    expect(cardFormFor(payment({ provider: "sandbox" }), { provider: "sandbox" })).toEqual({
      kind: "sandbox",
    })
    expect(cardFormFor(payment({ provider: "stripe" }), stripeForm)).toEqual({
      kind: "stripe",
      publishableKey: "pk_test_1",
      scriptUrl: "https://js.stripe.com/v3/",
    })
  })

  it("never offers one provider's form for another's token", () => {
    expect(cardFormFor(payment({ provider: "stripe" }), { provider: "sandbox" })).toEqual({
      kind: "unavailable",
      provider: "stripe",
    })
    expect(cardFormFor(payment({ provider: "sandbox" }), stripeForm).kind).toBe("unavailable")
  })
})
