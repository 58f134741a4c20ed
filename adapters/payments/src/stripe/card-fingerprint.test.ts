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
