import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"

/**
 * What the payment page needs to show the card form of the provider that
 * takes this shop's payments (GET /api/PaymentProviders/card-form). The
 * sandbox's form is built into the storefront; a real provider's is its
 * own browser script, loaded from `scriptUrl` and started with the
 * publishable key. Nothing here is secret: every visitor may read it.
 */
export const SandboxCardForm = Schema.Struct({ provider: Schema.Literal("sandbox") })

export const StripeCardForm = Schema.Struct({
  provider: Schema.Literal("stripe"),
  /** pk_live_… or pk_test_…: identifies the shop to Stripe.js, moves no money on its own. */
  publishableKey: Schema.String,
  /** Stripe.js v3: https://js.stripe.com/v3/ unless a test serves a stand-in. */
  scriptUrl: Schema.String,
})

/**
 * Checkout.com's Flow: its script; each payment's token carries the session,
 * the public key and the environment Flow is started with.
 */
export const CheckoutCardForm = Schema.Struct({
  provider: Schema.Literal("checkout"),
  /** Checkout.com's Web Components script (Flow), unless a test serves a stand-in. */
  scriptUrl: Schema.String,
})

export const CardForm = Schema.Union(SandboxCardForm, StripeCardForm, CheckoutCardForm)
export type CardFormJson = typeof CardForm.Encoded

/**
 * Pay by bank, where the shop offers it (decision 0069): the provider's
 * hosted page, which the payment page sends the customer to with the
 * payment's id and token and the shop's return address, and which sends
 * them back to /Checkout/PayByBank with `?payment_id=…`.
 */
export const PayByBank = Schema.Struct({
  provider: Schema.Literal("truelayer"),
  /** TrueLayer's hosted payment page for the environment, or a stand-in with sandbox keys. */
  hostedPageUrl: Schema.String,
})
export type PayByBankJson = typeof PayByBank.Encoded

/** The card form, and pay by bank beside it when the shop offers it (null when not). */
export const CardFormResponse = Schema.Struct({
  cardForm: CardForm,
  payByBank: Schema.optionalWith(Schema.NullOr(PayByBank), { default: () => null }),
})
export type CardFormResponseJson = typeof CardFormResponse.Encoded

/**
 * The card form of the provider that takes this shop's payments: which one,
 * and for a real provider its script and publishable key. Public, like the
 * page that needs it (docs/decisions/0018).
 */
export class PaymentProvidersApi extends HttpApiGroup.make("paymentProviders").add(
  HttpApiEndpoint.get("cardForm", "/api/PaymentProviders/card-form").addSuccess(CardFormResponse),
) {}
