import { describe, expect, it } from "vitest"
import { statusOfIntent } from "./gateway"

/** Decision 0039: a succeeded intent names its card by the provider's fingerprint, when expanded. */
describe("the Stripe card fingerprint", () => {
  const intent = { id: "pi_1", status: "succeeded" }

  it("is read from the expanded payment method's card", () => {
    expect(
      statusOfIntent({ ...intent, payment_method: { id: "pm_1", card: { fingerprint: "Xt5E" } } }),
    ).toEqual({ status: "Succeeded", cardFingerprint: "Xt5E" })
  })

  it("is absent when the method is only an id, or not a card", () => {
    expect(statusOfIntent({ ...intent, payment_method: "pm_1" })).toEqual({ status: "Succeeded" })
    expect(statusOfIntent({ ...intent, payment_method: { id: "pm_1" } })).toEqual({
      status: "Succeeded",
    })
    expect(statusOfIntent(intent)).toEqual({ status: "Succeeded" })
  })
})

/** Decision 0042: and what kind of card it is, credit or not. */
describe("the Stripe card funding", () => {
  const intent = { id: "pi_1", status: "succeeded" }
  const withFunding = (funding: unknown) =>
    statusOfIntent({ ...intent, payment_method: { id: "pm_1", card: { funding } } })

  it("is read from the expanded payment method's card", () => {
    expect(withFunding("credit")).toEqual({ status: "Succeeded", cardFunding: "Credit" })
    expect(withFunding("debit")).toEqual({ status: "Succeeded", cardFunding: "Debit" })
    expect(withFunding("prepaid")).toEqual({ status: "Succeeded", cardFunding: "Prepaid" })
    expect(withFunding("unknown")).toEqual({ status: "Succeeded", cardFunding: "Unknown" })
  })

  it("is absent when Stripe did not say", () => {
    expect(withFunding(undefined)).toEqual({ status: "Succeeded" })
    expect(statusOfIntent({ ...intent, payment_method: "pm_1" })).toEqual({ status: "Succeeded" })
  })
})
