import { describe, expect, it } from "vitest"
import { ApiError } from "../../api/client"
import { acceptedPaymentMessage } from "./accepted-payment"

const conflict = new ApiError(
  "http",
  409,
  "Order changed",
  "This order has expired: it was not paid in time and its tickets went back on sale, so it can no longer be paid.",
)

describe("acceptedPaymentMessage", () => {
  it("an order that ran out of time says so, and that the payment goes back by itself", () => {
    const message = acceptedPaymentMessage(conflict, "HZ123", "SystemCancelled")
    expect(message.title).toBe("Order cancelled")
    expect(message.text).toBe(
      "Order HZ123 had been cancelled because its time to pay ran out, and its tickets went back on sale, so it could not take your payment. Your payment will be refunded to your card automatically: you don't need to do anything.",
    )
    expect(message.text).not.toMatch(/payment was received/i)
  })

  it("an order cancelled meanwhile (another tab) says it was cancelled, and the refund", () => {
    for (const closedAs of ["Cancelled", null] as const) {
      const message = acceptedPaymentMessage(conflict, "HZ123", closedAs)
      expect(message.title).toBe("Order cancelled")
      expect(message.text).toMatch(/^Order HZ123 had been cancelled before your payment arrived/)
      expect(message.text).toMatch(/refunded to your card automatically/)
    }
  })

  it("a payment the provider has not confirmed yet is being processed", () => {
    const message = acceptedPaymentMessage(
      new ApiError("http", 402, "Payment failed", "We have not received your payment yet."),
      "HZ123",
      "AwaitingPayment",
    )
    expect(message).toMatchObject({ title: "Payment received" })
    expect(message.text).toMatch(/being processed/)
  })

  it("a shop that could not be asked says the payment arrived and to check My Orders", () => {
    const message = acceptedPaymentMessage(
      new ApiError("network", 0, "Network error", ""),
      "HZ123",
      null,
    )
    expect(message.title).toBe("Payment received")
    expect(message.text).toMatch(/^Your payment was received, but we couldn't confirm your order/)
  })
})
