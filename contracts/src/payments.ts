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

export const CardForm = Schema.Union(SandboxCardForm, StripeCardForm)
export type CardFormJson = typeof CardForm.Encoded

export const CardFormResponse = Schema.Struct({ cardForm: CardForm })
export type CardFormResponseJson = typeof CardFormResponse.Encoded
