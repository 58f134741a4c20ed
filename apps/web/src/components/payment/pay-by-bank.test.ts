import type { PaymentJson } from "@howzat/contracts/orders"
import { describe, expect, it } from "vitest"
import { bankFirst, bankPageLink, pendingBankPayment } from "./pay-by-bank"

const token = JSON.stringify({ payment_id: "pay-1", resource_token: "rt-1" })

const payment = (over: Partial<PaymentJson>): PaymentJson => ({
  id: "p1",
  amount: 500,
  status: "Pending",
  token,
  provider: "truelayer",
  failureDetail: null,
  createdDateUtc: "2026-11-23T00:00:00.000Z",
  ...over,
})

const TRUELAYER = { provider: "truelayer", hostedPageUrl: "https://bank.test/payments" } as const

describe("the bank's hosted page link", () => {
  it("carries the payment, its token and the shop's one return address", () => {
    const link = new URL(bankPageLink(TRUELAYER, token, "https://shop.test") ?? "")
    expect(link.origin + link.pathname).toBe("https://bank.test/payments")
    expect(Object.fromEntries(link.searchParams)).toEqual({
      payment_id: "pay-1",
      resource_token: "rt-1",
      return_uri: "https://shop.test/Checkout/PayByBank",
    })
  })

  it("is never made from a token that is not a bank payment's", () => {
    for (const bad of ["tok_card", "{}", JSON.stringify({ payment_id: "pay-1" }), "null"])
      expect(bankPageLink(TRUELAYER, bad, "https://shop.test")).toBeNull()
  })
})

describe("the open bank payment", () => {
  it("is the latest pending one of the bank provider, never a card's", () => {
    const later = JSON.stringify({ payment_id: "pay-2", resource_token: "rt-2" })
    const order = {
      payments: [
        payment({ id: "a" }),
        payment({ id: "card", provider: "stripe", token: "pi_secret" }),
        payment({ id: "b", token: later }),
      ],
    }
    expect(pendingBankPayment(order, TRUELAYER)?.id).toBe("b")
    expect(pendingBankPayment({ payments: [payment({ status: "Failed" })] }, TRUELAYER)).toBe(
      undefined,
    )
  })
})

describe("which method comes first", () => {
  it("is the bank wherever a credit card may not pay", () => {
    expect(bankFirst("Credit cards can't be used for instant-win competitions.")).toBe(true)
    expect(bankFirst(null)).toBe(false)
  })
})
