import type { OrderResponseJson } from "@howzat/contracts/orders"
import { PAYMENT_NOTIFICATION_PATH, paymentNotificationPathOf } from "@howzat/http"
import { signatureHeader } from "@howzat/payments"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { competitionOnSale, placeOrder } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"

/**
 * The card provider as composed: the sandbox (the default) serves its card
 * form's endpoint beside the shop, and signs with a secret generated once
 * and kept in the database for every server process; the real provider's
 * webhook acknowledges every genuine event.
 */
let shop: Shop
let stripe: Shop
const WEBHOOK_SECRET = "whsec_payments_api"

beforeAll(async () => {
  ;[shop, stripe] = await Promise.all([
    openShop(),
    openShop({
      PAYMENT_METHODS: "card:stripe",
      STRIPE_SECRET_KEY: "sk_test_payments_api",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: "pk_test_payments_api",
    }),
  ])
})
afterAll(async () => {
  await Promise.all([shop?.close(), stripe?.close()])
})

const confirm = (body: unknown) =>
  new Browser(shop.app).request("POST", "/sandbox-gateway/confirm", { body, bearer: false })

describe("the sandbox card provider", () => {
  it("serves the card form's endpoint, outside /api and without the XSRF cookie", async () => {
    const unknown = await problem(
      await confirm({
        clientToken: "sbx_ct_never-issued",
        cardNumber: "4242 4242 4242 4242",
        cardholderName: "Ann Smith",
        expiry: "12/39",
        securityCode: "123",
      }),
      400,
    )
    expect(unknown.title).toBe("Unknown payment")
  })

  it("refuses card details it cannot read with a 400 problem", async () => {
    await problem(await confirm({ clientToken: 42 }), 400)
  })

  it("signs with a generated secret kept in the settings table when none is configured", async () => {
    const settings = await shop.db
      .selectFrom("settings")
      .select(["key", "value"])
      .where("key", "=", "payment-notification-secret")
      .execute()
    expect(settings).toHaveLength(1)
    expect(settings[0]?.value.length).toBeGreaterThanOrEqual(32)
  })
})

describe("the real provider's webhook", () => {
  const deliver = (body: string, secret = WEBHOOK_SECRET, path = PAYMENT_NOTIFICATION_PATH) =>
    stripe.app.request(path, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "stripe-signature": signatureHeader(secret, Math.floor(Date.now() / 1000), body),
      },
    })
  // What the shop's own refunds set off at the provider.
  const refunded = JSON.stringify({
    id: "evt_refunded_1",
    object: "event",
    type: "charge.refunded",
    data: { object: { object: "charge", id: "ch_1", status: "succeeded", refunded: true } },
  })

  it("acknowledges a genuine event the shop does not act on with 200, and records nothing", async () => {
    const answer = await json(await deliver(refunded), 200)
    expect(answer).toEqual({ received: true, replayed: false, ignored: true })
    expect(await json(await deliver(refunded), 200)).toEqual(answer)
    const remembered = await stripe.db
      .selectFrom("paymentNotifications")
      .select("eventId")
      .where("eventId", "=", "evt_refunded_1")
      .execute()
    expect(remembered).toEqual([])
  })

  it("still refuses the same event signed with another secret with a 400 problem", async () => {
    await problem(await deliver(refunded, "whsec_guessed"), 400)
  })

  it("is heard at the provider's own address too, with no XSRF cookie (decision 0071)", async () => {
    const own = paymentNotificationPathOf("stripe")
    expect(await json(await deliver(refunded, WEBHOOK_SECRET, own), 200)).toMatchObject({
      received: true,
      ignored: true,
    })
    await problem(await deliver(refunded, "whsec_guessed", own), 400)
    // No other provider has an address: nothing there verifies anything.
    const elsewhere = await deliver(refunded, WEBHOOK_SECRET, paymentNotificationPathOf("nobody"))
    expect(elsewhere.ok).toBe(false)
  })
})

describe("choosing how to pay", () => {
  it("starts the payment by the method chosen, and refuses one the shop does not offer", async () => {
    const browser = await new Browser(shop.app).open()
    await register(browser)
    const order = await placeOrder(browser, await competitionOnSale(shop), 1)
    const refused = await problem(
      await browser.post(`/api/Orders/${order.id}/payments?method=BankTransfer`),
      400,
    )
    expect(refused.detail).toBe("This shop takes payment by card.")
    await problem(await browser.post(`/api/Orders/${order.id}/payments?method=Cheque`), 400)
    const none = await shop.db
      .selectFrom("payments")
      .select("id")
      .where("orderId", "=", order.id)
      .execute()
    expect(none).toEqual([])
    const { order: started } = await json<OrderResponseJson>(
      await browser.post(`/api/Orders/${order.id}/payments?method=Card`),
    )
    expect(started.payments.map((p) => [p.provider, p.status])).toEqual([["sandbox", "Pending"]])
  })
})
