import type { CardFormJson, PayByBankJson } from "@howzat/contracts/payments"
import {
  type CardProviderOrigins,
  checkoutBrowserOrigins,
  stripeBrowserOrigins,
} from "@howzat/http"
import type { PaymentsConfig } from "./config"

/** What the payment page is told to show (GET /api/PaymentProviders/card-form). */
export const cardFormOf = (payments: PaymentsConfig): CardFormJson => {
  if (payments.gateway === "stripe" && payments.stripe) {
    return {
      provider: "stripe",
      publishableKey: payments.stripe.publishableKey,
      scriptUrl: payments.stripe.jsUrl,
    }
  }
  if (payments.gateway === "checkout" && payments.checkout) {
    return { provider: "checkout", scriptUrl: payments.checkout.webComponentsUrl }
  }
  return { provider: "sandbox" }
}

/** Pay by bank on the payment page, where the shop offers it (decision 0069). */
export const payByBankOf = (payments: PaymentsConfig): PayByBankJson | null =>
  payments.payByBank === undefined
    ? null
    : { provider: "truelayer", hostedPageUrl: payments.payByBank.hostedPageUrl }

/**
 * What the storefront's Content-Security-Policy must allow beyond the shop
 * itself for the card form to work: nothing for the sandbox (its form is
 * ours), the provider's documented hosts for Stripe.js or Checkout.com's
 * Flow, or a stand-in's own origin when the script's setting points
 * elsewhere (test keys only).
 */
export const cardProviderOrigins = (payments: PaymentsConfig): CardProviderOrigins | undefined => {
  const form = cardFormOf(payments)
  if (form.provider === "stripe") return stripeBrowserOrigins(form.scriptUrl)
  if (form.provider === "checkout") return checkoutBrowserOrigins(form.scriptUrl)
  return undefined
}
