import type { PaymentJson } from "@howzat/contracts/orders"
import { describe, expect, it } from "vitest"
import { returnOutcomeOf } from "./provider-return"

const payment = (over: Partial<PaymentJson>): PaymentJson => ({
  id: "p1",
  amount: 500,
  status: "Pending",
  token: "token",
  provider: "truelayer",
  failureDetail: null,
  createdDateUtc: "2026-11-23T00:00:00.000Z",
  ...over,
})

describe("coming back from a provider's page", () => {
  it("reads the order as the shop now sees it, by the latest attempt", () => {
    expect(returnOutcomeOf({ status: "Completed", payments: [] })).toEqual({ kind: "paid" })
    expect(returnOutcomeOf({ status: "SystemCancelled", payments: [] }).kind).toBe("closed")
    expect(returnOutcomeOf({ status: "AwaitingPayment", payments: [payment({})] })).toEqual({
      kind: "waiting",
    })
    const cancelled = payment({ status: "Failed", failureDetail: "You cancelled at your bank." })
    expect(
      returnOutcomeOf({ status: "AwaitingPayment", payments: [payment({}), cancelled] }),
    ).toEqual({ kind: "failed", detail: "You cancelled at your bank." })
    expect(returnOutcomeOf({ status: "AwaitingPayment", payments: [] })).toEqual({
      kind: "failed",
      detail: "Your payment did not go through.",
    })
  })
})
