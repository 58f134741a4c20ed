import { describe, expect, it } from "vitest"
import { cardFormOf, cardProviderOrigins } from "./card-form"
import { readConfig } from "./config"

const stripe = {
  PAYMENT_METHODS: "card:stripe",
  STRIPE_SECRET_KEY: "sk_test_1",
  STRIPE_WEBHOOK_SECRET: "whsec_2",
  STRIPE_PUBLISHABLE_KEY: "pk_test_3",
}

describe("cardFormOf", () => {
  it("is the sandbox's own form by default", () => {
    expect(cardFormOf(readConfig({}).payments)).toEqual({ provider: "sandbox" })
  })

  it("is Stripe.js with the publishable key, never the secret ones", () => {
    const form = cardFormOf(readConfig(stripe).payments)
    expect(form).toEqual({
      provider: "stripe",
      publishableKey: "pk_test_3",
      scriptUrl: "https://js.stripe.com/v3/",
    })
    expect(JSON.stringify(form)).not.toMatch(/sk_test_1|whsec_2/)
  })

  it("stays the sandbox's when the provider's keys are set but the sandbox takes payments", () => {
    expect(cardFormOf(readConfig({ ...stripe, PAYMENT_METHODS: "card:sandbox" }).payments)).toEqual(
      {
        provider: "sandbox",
      },
    )
  })
})

describe("cardProviderOrigins (the storefront's CSP for the card form)", () => {
  it("adds nothing for the sandbox, whose form is the shop's own", () => {
    expect(cardProviderOrigins(readConfig({}).payments)).toBeUndefined()
  })

  it("lists the provider's documented hosts for Stripe.js", () => {
    const origins = cardProviderOrigins(readConfig(stripe).payments)
    expect(origins?.script).toContain("https://js.stripe.com")
    expect(origins?.frame).toEqual(
      expect.arrayContaining(["https://js.stripe.com", "https://hooks.stripe.com"]),
    )
    expect(origins?.connect).toEqual(["https://api.stripe.com"])
  })

  it("allows a stand-in's origin for all three when the script is served elsewhere", () => {
    expect(
      cardProviderOrigins(
        readConfig({ ...stripe, STRIPE_JS_URL: "http://localhost:3211/v3/" }).payments,
      ),
    ).toEqual({
      script: ["http://localhost:3211"],
      frame: ["http://localhost:3211"],
      connect: ["http://localhost:3211"],
    })
  })
})
