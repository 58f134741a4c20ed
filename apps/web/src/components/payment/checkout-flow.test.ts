import { describe, expect, it } from "vitest"
import { flowErrorOutcome, flowSessionOf, refusesCard } from "./checkout-flow"

const session = {
  paymentSession: {
    id: "ps_1",
    payment_session_secret: "pss_secret",
    payment_session_token: "token",
  },
  publicKey: "pk_sbox_shop",
  environment: "sandbox",
}

describe("Flow's session from the payment's token", () => {
  it("reads what the shop's Checkout.com adapter issued", () => {
    expect(flowSessionOf(JSON.stringify(session))).toEqual(session)
  })

  it("is nothing for another provider's token or a broken one", () => {
    for (const bad of [
      "pi_123_secret_456",
      "{}",
      JSON.stringify({ ...session, environment: "live" }),
      JSON.stringify({ ...session, paymentSession: { id: "ps_1" } }),
    ])
      expect(flowSessionOf(bad)).toBeNull()
  })
})

describe("which cards Flow refuses at the number", () => {
  it("refuses credit and charge cards, whatever the case, only where the order forbids them", () => {
    expect(refusesCard({ card_type: "CREDIT" }, true)).toBe(true)
    expect(refusesCard({ card_type: "Charge" }, true)).toBe(true)
    expect(refusesCard({ card_type: "DEBIT" }, true)).toBe(false)
    expect(refusesCard({}, true)).toBe(false)
    expect(refusesCard({ card_type: "CREDIT" }, false)).toBe(false)
  })
})

describe("what Flow's errors mean", () => {
  it("ends the attempt on a decline, in the shop's words for the bank's reason", () => {
    expect(
      flowErrorOutcome({
        type: "Request",
        code: "payment_request_declined",
        details: { requestErrorCodes: ["not_enough_funds"] },
      }),
    ).toEqual({
      kind: "declined",
      detail: "Your card was declined: there is not enough money in the account.",
    })
    expect(flowErrorOutcome({ code: "payment_request_declined" })).toEqual({
      kind: "declined",
      detail: "Your card was declined.",
    })
  })

  it("lets the customer try again after anything else", () => {
    expect(flowErrorOutcome({ type: "Network", code: "request_failed" }).kind).toBe("retry")
  })
})
