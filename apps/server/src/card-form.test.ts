import { describe, expect, it } from "vitest"
import { cardFormOf, cardFormSources } from "./card-form"
import { readConfig } from "./config"

const stripe = {
  PAYMENT_GATEWAY: "stripe",
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
    expect(cardFormOf(readConfig({ ...stripe, PAYMENT_GATEWAY: "sandbox" }).payments)).toEqual({
      provider: "sandbox",
    })
  })
})

describe("cardFormSources", () => {
  it("needs nothing beyond the shop itself for the sandbox", () => {
    expect(cardFormSources(readConfig({}).payments)).toEqual({
      scriptSrc: [],
      frameSrc: [],
      connectSrc: [],
    })
  })

  it("lists the provider's documented hosts for Stripe.js", () => {
    const sources = cardFormSources(readConfig(stripe).payments)
    expect(sources.scriptSrc).toContain("https://js.stripe.com")
    expect(sources.frameSrc).toEqual(
      expect.arrayContaining(["https://js.stripe.com", "https://hooks.stripe.com"]),
    )
    expect(sources.connectSrc).toEqual(["https://api.stripe.com"])
  })

  it("allows a stand-in's origin for all three when the script is served elsewhere", () => {
    const sources = cardFormSources(
      readConfig({ ...stripe, STRIPE_JS_URL: "http://localhost:3211/v3/" }).payments,
    )
    expect(sources).toEqual({
      scriptSrc: ["http://localhost:3211"],
      frameSrc: ["http://localhost:3211"],
      connectSrc: ["http://localhost:3211"],
    })
  })
})
