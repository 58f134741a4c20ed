import type { CardFormJson, PayByBankJson } from "@howzat/contracts/payments"
import { type CardProviderOrigins, stripeBrowserOrigins } from "@howzat/http"
import type { PaymentsConfig } from "./config"

/** What the payment page is told to show (GET /api/PaymentProviders/card-form). */
export const cardFormOf = (payments: PaymentsConfig): CardFormJson =>
  payments.gateway === "stripe" && payments.stripe
    ? {
        provider: "stripe",
        publishableKey: payments.stripe.publishableKey,
        scriptUrl: payments.stripe.jsUrl,
      }
    : { provider: "sandbox" }

/** Pay by bank on the payment page, where the shop offers it (decision 0069). */
export const payByBankOf = (payments: PaymentsConfig): PayByBankJson | null =>
  payments.payByBank === undefined
    ? null
    : { provider: "truelayer", hostedPageUrl: payments.payByBank.hostedPageUrl }

/**
 * What the storefront's Content-Security-Policy must allow beyond the shop
 * itself for the card form to work: nothing for the sandbox (its form is
 * ours), the provider's documented hosts for Stripe.js, or a stand-in's
 * own origin when STRIPE_JS_URL points elsewhere (test keys only).
 */
export const cardProviderOrigins = (payments: PaymentsConfig): CardProviderOrigins | undefined => {
  const form = cardFormOf(payments)
  return form.provider === "sandbox" ? undefined : stripeBrowserOrigins(form.scriptUrl)
}
