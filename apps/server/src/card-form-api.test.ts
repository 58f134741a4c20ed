import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json } from "./test-support/browser"
import { openShop, type Shop } from "./test-support/shop"

/**
 * GET /api/PaymentProviders/card-form as composed: the payment page learns
 * from it which card form to show, for the provider the shop was started with.
 */
let sandbox: Shop
let stripe: Shop
let checkout: Shop

beforeAll(async () => {
  ;[sandbox, stripe, checkout] = await Promise.all([
    openShop(),
    openShop({
      PAYMENT_METHODS: "card:stripe",
      STRIPE_SECRET_KEY: "sk_test_card_form",
      STRIPE_WEBHOOK_SECRET: "whsec_card_form",
      STRIPE_PUBLISHABLE_KEY: "pk_test_card_form",
      STRIPE_JS_URL: "http://localhost:3211/v3/",
    }),
    openShop({
      PAYMENT_METHODS: "card:checkout",
      CHECKOUT_SECRET_KEY: "sk_sbox_card_form",
      CHECKOUT_PUBLIC_KEY: "pk_sbox_card_form",
      CHECKOUT_PROCESSING_CHANNEL_ID: "pc_card_form",
      CHECKOUT_WEBHOOK_SIGNATURE_KEY: "card-form-signature-key",
      CHECKOUT_WEB_COMPONENTS_URL: "http://localhost:3231/index.js",
    }),
  ])
})
afterAll(async () => {
  await Promise.all([sandbox?.close(), stripe?.close(), checkout?.close()])
})

const cardForm = (shop: Shop) =>
  new Browser(shop.app).request("GET", "/api/PaymentProviders/card-form", { bearer: false })

describe("the card form's settings", () => {
  it("tell anyone, signed in or not, that the sandbox takes payments by default", async () => {
    expect(await json(await cardForm(sandbox))).toEqual({
      cardForm: { provider: "sandbox" },
      // Pay by bank is off unless the operator switches it on.
      payByBank: null,
    })
  })

  it("give a real provider's script and publishable key, and nothing secret", async () => {
    const response = await cardForm(stripe)
    const body = await json(response)
    expect(body).toEqual({
      cardForm: {
        provider: "stripe",
        publishableKey: "pk_test_card_form",
        scriptUrl: "http://localhost:3211/v3/",
      },
      payByBank: null,
    })
    expect(JSON.stringify(body)).not.toMatch(/sk_test|whsec_/)
  })

  it("give Checkout.com's Flow script, and nothing secret: each payment's token starts Flow", async () => {
    const body = await json(await cardForm(checkout))
    expect(body).toEqual({
      cardForm: { provider: "checkout", scriptUrl: "http://localhost:3231/index.js" },
      payByBank: null,
    })
    expect(JSON.stringify(body)).not.toMatch(/sk_sbox|signature-key/)
    const page = await new Browser(checkout.app).request("GET", "/", { bearer: false })
    const policy = page.headers.get("content-security-policy") ?? ""
    expect(policy).toMatch(/script-src 'self' http:\/\/localhost:3231(;|$)/)
    expect(policy).toMatch(/connect-src 'self' http:\/\/localhost:3231(;|$)/)
  })

  it("let the provider's script, frames and calls through the storefront's CSP, only when configured", async () => {
    const page = (shop: Shop) => new Browser(shop.app).request("GET", "/", { bearer: false })
    const withStripe = (await page(stripe)).headers.get("content-security-policy") ?? ""
    expect(withStripe).toMatch(/script-src 'self' http:\/\/localhost:3211(;|$)/)
    expect(withStripe).toMatch(/frame-src http:\/\/localhost:3211(;|$)/)
    expect(withStripe).toMatch(/connect-src 'self' http:\/\/localhost:3211(;|$)/)
    const sandboxOnly = (await page(sandbox)).headers.get("content-security-policy") ?? ""
    expect(sandboxOnly).toContain("script-src 'self';")
    expect(sandboxOnly).not.toContain("3211")
  })

  it("are listed in the OpenAPI document", async () => {
    const document = await json<{ paths: Record<string, unknown> }>(
      await new Browser(sandbox.app).request("GET", "/api/openapi.json", { bearer: false }),
    )
    expect(Object.keys(document.paths)).toContain("/api/PaymentProviders/card-form")
  })
})
