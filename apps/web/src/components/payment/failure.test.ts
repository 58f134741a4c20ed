import type { PaymentJson } from "@howzat/contracts/orders"
import { describe, expect, it } from "vitest"
import {
  errorFromSearch,
  paymentFailedMessage,
  paymentFailedTexts,
  recordedFailureOf,
} from "./failure"

describe("paymentFailedMessage (docs/product/errors.md)", () => {
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

describe("recordedFailureOf", () => {
  const payment = (failureDetail: string | null): PaymentJson => ({
    id: "p",
    amount: 500,
    status: failureDetail === null ? "Pending" : "Failed",
    token: null,
    provider: "sandbox",
    failureDetail,
    createdDateUtc: "2026-11-23T00:00:00.000Z",
  })

  it("is the shop's words for the latest failed attempt", () => {
    expect(
      recordedFailureOf({
        payments: [
          payment("Your card was declined."),
          payment("Your card has expired."),
          payment(null),
        ],
      }),
    ).toBe("Your card has expired.")
  })

  it("is nothing when the shop recorded no failure", () => {
    expect(recordedFailureOf({ payments: [payment(null)] })).toBe("")
  })
})
