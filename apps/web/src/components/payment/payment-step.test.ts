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
    expect(
      paymentStep({ status: "Completed", orderBalance: 0, payments: [] }, "sandbox").kind,
    ).toBe("succeeded")
  })

  it("cancelled and expired orders cannot be paid", () => {
    for (const status of ["Cancelled", "SystemCancelled"] as const)
      expect(
        paymentStep({ status, orderBalance: 500, payments: [payment({})] }, "sandbox").kind,
      ).toBe("cancelled")
  })

  it("a refunded order has nothing to pay and nothing to complete", () => {
    expect(paymentStep({ status: "Refunded", orderBalance: 0, payments: [] }, "sandbox").kind).toBe(
      "refunded",
    )
  })

  it("nothing left to pay completes the order", () => {
    expect(paymentStep({ status: "Pending", orderBalance: 0, payments: [] }, "sandbox").kind).toBe(
      "complete",
    )
  })

  it("the first pending payment with a token starts the card form", () => {
    const step = paymentStep(
      {
        status: "AwaitingPayment",
        orderBalance: 500,
        payments: [
          payment({ id: "failed", status: "Failed", token: null }),
          payment({ id: "p2", token: "tok_2" }),
          payment({ id: "p3", token: "tok_3" }),
        ],
      },
      "sandbox",
    )
    expect(step.kind === "card" && step.payment.id).toBe("p2")
  })

  it("never offers another provider's token: a new payment is started for the shop's own", () => {
    const before = payment({ id: "old", provider: "sandbox", token: "sbx_tok" })
    const order = { status: "AwaitingPayment", orderBalance: 500, payments: [before] } as const
    expect(paymentStep(order, "stripe").kind).toBe("start")
    // After the server started the new attempt, that one goes to the form.
    const started = payment({ id: "new", provider: "stripe", token: "pi_secret" })
    const step = paymentStep({ ...order, payments: [before, started] }, "stripe")
    expect(step.kind === "card" && step.payment.id).toBe("new")
    expect(pendingPayment({ payments: [before, started] }, "sandbox")?.id).toBe("old")
  })

  it("no pending payment (or one without a token) means starting one", () => {
    expect(
      paymentStep(
        {
          status: "AwaitingPayment",
          orderBalance: 500,
          payments: [
            payment({ status: "Failed" }),
            payment({ token: null }),
            payment({ token: "" }),
          ],
        },
        "sandbox",
      ).kind,
    ).toBe("start")
    expect(pendingPayment({ payments: [] }, "sandbox")).toBeUndefined()
  })
})

describe("cardFormFor", () => {
  it("shows the shop's provider's form", () => {
    expect(cardFormFor({ provider: "sandbox" })).toEqual({ kind: "sandbox" })
    expect(
      cardFormFor({
        provider: "stripe",
        publishableKey: "pk_test_1",
        scriptUrl: "https://js.stripe.com/v3/",
      }),
    ).toEqual({
      kind: "stripe",
      publishableKey: "pk_test_1",
      scriptUrl: "https://js.stripe.com/v3/",
    })
    const flow = "https://checkout-web-components.checkout.com/index.js"
    expect(cardFormFor({ provider: "checkout", scriptUrl: flow })).toEqual({
      kind: "checkout",
      scriptUrl: flow,
    })
  })
})
