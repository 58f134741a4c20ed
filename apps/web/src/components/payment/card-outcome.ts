import type { SandboxConfirmResponseJson } from "@howzat/contracts/orders"
import type { ConfirmCardPaymentResult, StripeError } from "./stripe-js"

/**
 * What a card provider's answer means for the payment page, whichever
 * provider gave it:
 * - accepted: the provider took (or is taking) the money: complete the order;
 * - declined: this attempt failed for good: PaymentFailed with the provider's words (docs/product/errors.md);
 * - retry: nothing was charged and the form can be corrected or sent again here.
 */
export type CardOutcome =
  | { readonly kind: "accepted" }
  | { readonly kind: "declined"; readonly detail: string }
  | { readonly kind: "retry"; readonly message: string }

export const cardOutcomeTexts = {
  declined: "Your card was declined.",
  cancelled: "The payment was cancelled.",
  unreachable: "We couldn't reach the card provider. Nothing was charged: please try again.",
  unfinished: "Your payment wasn't finished. Nothing was charged: please try again.",
} as const

/** Where a payment intent stands once Stripe.js has done what it could (3D Secure included). */
const intentOutcome = (status: string | undefined): CardOutcome | undefined => {
  switch (status) {
    case "succeeded":
    case "processing":
    case "requires_capture":
      return { kind: "accepted" }
    case "canceled":
      return { kind: "declined", detail: cardOutcomeTexts.cancelled }
    default:
      return undefined
  }
}

const errorOutcome = (error: StripeError): CardOutcome => {
  const message = error.message?.trim()
  switch (error.type) {
    // The issuer (or 3D Secure) said no: the attempt is over.
    case "card_error":
      return { kind: "declined", detail: message || cardOutcomeTexts.declined }
    // Incomplete or impossible card details, caught before anything was sent.
    case "validation_error":
      return { kind: "retry", message: message || cardOutcomeTexts.unfinished }
    default:
      // Paid in another tab, or voided with its order: the intent says which.
      return (
        intentOutcome(error.payment_intent?.status) ?? {
          kind: "retry",
          message:
            error.type === "api_connection_error" || !message
              ? cardOutcomeTexts.unreachable
              : message,
        }
      )
  }
}

/** stripe.confirmCardPayment's answer (https://docs.stripe.com/js/payment_intents/confirm_card_payment). */
export const stripeOutcome = (result: ConfirmCardPaymentResult): CardOutcome =>
  result.error
    ? errorOutcome(result.error)
    : (intentOutcome(result.paymentIntent.status) ?? {
        kind: "retry",
        message: cardOutcomeTexts.unfinished,
      })

/** The sandbox's confirm answer. */
export const sandboxOutcome = (response: SandboxConfirmResponseJson): CardOutcome =>
  response.status === "Succeeded"
    ? { kind: "accepted" }
    : { kind: "declined", detail: response.failureDetail ?? "" }
