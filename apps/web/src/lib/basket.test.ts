import { describe, expect, it } from "vitest"
import { basketAvailableOn, basketButtonTitle } from "./basket"

describe("the basket icon", () => {
  it("is disabled on every checkout page, whatever the case", () => {
    expect(basketAvailableOn("/Checkout")).toBe(false)
    expect(basketAvailableOn("/Checkout/Payment/123")).toBe(false)
    expect(basketAvailableOn("/checkout/paymentfailed/1")).toBe(false)
    expect(basketAvailableOn("/")).toBe(true)
    expect(basketAvailableOn("/Competitions/Competition/abc")).toBe(true)
  })

  it("explains itself (SPEC §2)", () => {
    expect(basketButtonTitle(true)).toBe("Click here to see the contents of your basket")
    expect(basketButtonTitle(false)).toBe("Your basket is not available from this page")
  })
})
