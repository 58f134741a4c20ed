import type { CardFormJson } from "@howzat/contracts/payments"
import { DEFAULT_STRIPE_JS_URL, type PaymentsConfig } from "./config"

/** What the payment page is told to show (GET /api/PaymentProviders/card-form). */
export const cardFormOf = (payments: PaymentsConfig): CardFormJson =>
  payments.gateway === "stripe" && payments.stripe
    ? {
        provider: "stripe",
        publishableKey: payments.stripe.publishableKey,
        scriptUrl: payments.stripe.jsUrl,
      }
    : { provider: "sandbox" }

/** Origins a Content-Security-Policy must allow, per directive, for the card form to work. */
export interface CardFormSources {
  readonly scriptSrc: readonly string[]
  readonly frameSrc: readonly string[]
  readonly connectSrc: readonly string[]
}

/**
 * Stripe.js runs from js.stripe.com, puts the card fields (and the 3D Secure
 * challenge) in frames from js.stripe.com and hooks.stripe.com, and calls
 * api.stripe.com from the page: the list the provider documents for a CSP.
 * A stand-in (STRIPE_JS_URL elsewhere, test keys only) does all three from
 * its own origin. The sandbox's form is the storefront's own ('self').
 */
export const cardFormSources = (payments: PaymentsConfig): CardFormSources => {
  const form = cardFormOf(payments)
  if (form.provider === "sandbox") return { scriptSrc: [], frameSrc: [], connectSrc: [] }
  const origin = new URL(form.scriptUrl).origin
  if (origin === new URL(DEFAULT_STRIPE_JS_URL).origin) {
    return {
      scriptSrc: ["https://js.stripe.com", "https://*.js.stripe.com"],
      frameSrc: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
      connectSrc: ["https://api.stripe.com"],
    }
  }
  return { scriptSrc: [origin], frameSrc: [origin], connectSrc: [origin] }
}
