import { describe, expect, it } from "vitest"
import { errorFromSearch, paymentFailedMessage, paymentFailedTexts } from "./failure"

describe("paymentFailedMessage (SPEC §8)", () => {
  it("shows the provider's error under the heading", () => {
    expect(paymentFailedMessage("Your card was declined.")).toEqual({
      heading: "Oh no! We received this error while processing your payment:",
      error: "Your card was declined.",
    })
  })

  it("an empty error parameter is '(not found)'", () => {
    expect(paymentFailedMessage("")).toEqual({
      heading: paymentFailedTexts.received,
      error: "(not found)",
    })
    expect(paymentFailedMessage("   ").error).toBe("(not found)")
  })

  it("no error parameter is the unknown error", () => {
    expect(paymentFailedMessage(undefined)).toEqual({
      heading: "Oh no! An unknown error occurred while processing your payment.",
    })
  })
})

describe("errorFromSearch", () => {
  it("keeps text and turns what the router parsed back into text", () => {
    expect(errorFromSearch("declined")).toBe("declined")
    expect(errorFromSearch("")).toBe("")
    expect(errorFromSearch(402)).toBe("402")
    expect(errorFromSearch(false)).toBe("false")
    expect(errorFromSearch({ a: 1 })).toBe('{"a":1}')
  })

  it("absent stays absent", () => {
    expect(errorFromSearch(undefined)).toBeUndefined()
    expect(errorFromSearch(null)).toBeUndefined()
  })
})
