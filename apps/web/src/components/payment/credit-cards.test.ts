import type { PaymentJson } from "@howzat/contracts/orders"
import { describe, expect, it } from "vitest"
import { creditCardNoticeOf, refusedCreditCardDetail } from "./credit-cards"

const payment = (overrides: Partial<PaymentJson>): PaymentJson => ({
  id: "p1",
  amount: 500,
  status: "Pending",
  token: "t",
  provider: "sandbox",
  failureDetail: null,
  createdDateUtc: "2026-11-25T12:00:00.000Z",
  ...overrides,
})

describe("credit cards on the payment page", () => {
  it("shows the payment's notice, or nothing when a credit card may pay", () => {
    expect(creditCardNoticeOf(payment({ creditCardNotice: "Please pay with a debit card." }))).toBe(
      "Please pay with a debit card.",
    )
    expect(creditCardNoticeOf(payment({ creditCardNotice: null }))).toBeNull()
    expect(creditCardNoticeOf(payment({}))).toBeNull()
  })

  it("finds the shop's refusal of a credit card that was taken, not a plain decline", () => {
    const refused = payment({ status: "Refunded", failureDetail: "Refused: pay by debit card." })
    const declined = payment({ status: "Failed", failureDetail: "Your card was declined." })
    expect(
      refusedCreditCardDetail({ status: "AwaitingPayment", payments: [declined, refused] }),
    ).toBe("Refused: pay by debit card.")
    expect(refusedCreditCardDetail({ status: "AwaitingPayment", payments: [declined] })).toBeNull()
    expect(refusedCreditCardDetail({ status: "Completed", payments: [refused] })).toBeNull()
  })
})
