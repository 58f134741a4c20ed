import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { cardOutcomeTexts, sandboxOutcome, stripeOutcome } from "./card-outcome"

const intent = (status: string) => ({ id: "pi_1", status })

describe("stripeOutcome", () => {
  it("a succeeded or processing intent is money taken: complete the order", () => {
    expect(stripeOutcome({ paymentIntent: intent("succeeded") })).toEqual({ kind: "accepted" })
    expect(stripeOutcome({ paymentIntent: intent("processing") })).toEqual({ kind: "accepted" })
  })

  it("a card error is a decline, in the provider's words", () => {
    expect(
      stripeOutcome({
        error: {
          type: "card_error",
          code: "card_declined",
          decline_code: "insufficient_funds",
          message: "Your card has insufficient funds.",
          payment_intent: intent("requires_payment_method"),
        },
      }),
    ).toEqual({ kind: "declined", detail: "Your card has insufficient funds." })
    expect(stripeOutcome({ error: { type: "card_error" } })).toEqual({
      kind: "declined",
      detail: cardOutcomeTexts.declined,
    })
  })

  it("incomplete card details stay on the form", () => {
    expect(
      stripeOutcome({
        error: {
          type: "validation_error",
          code: "incomplete_number",
          message: "Your card number is incomplete.",
        },
      }),
    ).toEqual({ kind: "retry", message: "Your card number is incomplete." })
  })

  it("an intent already paid (another tab) completes the order; a voided one fails", () => {
    const unexpected = (status: string) => ({
      error: {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: "You cannot confirm this PaymentIntent because it has a status of ...",
        payment_intent: intent(status),
      },
    })
    expect(stripeOutcome(unexpected("succeeded"))).toEqual({ kind: "accepted" })
    expect(stripeOutcome(unexpected("canceled"))).toEqual({
      kind: "declined",
      detail: cardOutcomeTexts.cancelled,
    })
  })

  it("a network failure charged nothing: the customer may simply try again", () => {
    expect(
      stripeOutcome({ error: { type: "api_connection_error", message: "Failed to fetch" } }),
    ).toEqual({ kind: "retry", message: cardOutcomeTexts.unreachable })
  })

  it("an intent left needing the customer is not a payment", () => {
    expect(stripeOutcome({ paymentIntent: intent("requires_action") })).toEqual({
      kind: "retry",
      message: cardOutcomeTexts.unfinished,
    })
  })

  it("never takes an error for a payment, whatever the provider says (property)", () => {
    const statuses = fc.constantFrom(
      "requires_payment_method",
      "requires_confirmation",
      "requires_action",
      "canceled",
      "mystery",
    )
    fc.assert(
      fc.property(
        fc.record(
          {
            type: fc.string(),
            message: fc.string(),
            payment_intent: statuses.map(intent),
          },
          { requiredKeys: [] },
        ),
        (error) => {
          const outcome = stripeOutcome({ error })
          expect(outcome.kind).not.toBe("accepted")
          if (outcome.kind === "declined") expect(outcome.detail.trim()).not.toBe("")
          if (outcome.kind === "retry") expect(outcome.message.trim()).not.toBe("")
        },
      ),
    )
  })
})

describe("sandboxOutcome", () => {
  it("reads the sandbox's answer the same way", () => {
    expect(sandboxOutcome({ status: "Succeeded", failureDetail: null })).toEqual({
      kind: "accepted",
    })
    expect(sandboxOutcome({ status: "Failed", failureDetail: "Your card was declined." })).toEqual({
      kind: "declined",
      detail: "Your card was declined.",
    })
  })
})
