import { generateKeyPairSync } from "node:crypto"
import type { OrderResponseJson } from "@howzat/contracts/orders"
import { paymentNotificationPathOf } from "@howzat/http"
import { makePaymentRepo } from "@howzat/postgres"
import { Effect } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import {
  startTrueLayerStandIn,
  type TrueLayerStandIn,
} from "../../../test/e2e/stand-ins/truelayer-provider"
import { Browser, json } from "./test-support/browser"
import { competitionOnSale, placeOrder } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"
import { startWebhookBridge, type Webhook, type WebhookBridge } from "./test-support/webhook-bridge"

/**
 * Pay by bank beside the sandbox card (decision 0071), through the real
 * composition and TrueLayer's local stand-in (test/e2e/stand-ins): the
 * payment is created and signed at the stand-in, the customer approves it at
 * their bank, and the stand-in's signed webhook, at TrueLayer's own address
 * on the shop, completes the order. No test reaches TrueLayer.
 */
const key = generateKeyPairSync("ec", { namedCurve: "secp521r1" })
const CLIENT = { id: "howzat-api-test", secret: "stand-in-secret" }

let shop: Shop | undefined
let standIn: TrueLayerStandIn
let bridge: WebhookBridge

beforeAll(async () => {
  bridge = await startWebhookBridge(() => (shop as Shop).app)
  standIn = await startTrueLayerStandIn({
    shopWebhookUrl: `${bridge.url}${paymentNotificationPathOf("truelayer")}`,
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    signingPublicKeyPem: key.publicKey.export({ type: "spki", format: "pem" }).toString(),
    retryDelayMillis: 100,
  })
  shop = await openShop({
    PAYMENT_METHODS: "card:sandbox,bank:truelayer",
    TRUELAYER_CLIENT_ID: CLIENT.id,
    TRUELAYER_CLIENT_SECRET: CLIENT.secret,
    TRUELAYER_SIGNING_KEY_ID: "howzat-api-test-key",
    TRUELAYER_SIGNING_PRIVATE_KEY: key.privateKey
      .export({ type: "pkcs8", format: "pem" })
      .toString(),
    TRUELAYER_MERCHANT_ACCOUNT_ID: "merchant-account-1",
    TRUELAYER_API_URL: standIn.url,
    TRUELAYER_AUTH_URL: standIn.url,
    TRUELAYER_JWKS_URL: standIn.jwksUrl,
    TRUELAYER_HOSTED_PAGE_URL: `${standIn.url}/hpp`,
  })
})

afterEach(() => bridge.intercept(undefined))

afterAll(async () => {
  await shop?.close()
  await standIn?.close()
  await bridge?.close()
})

const startBankPayment = async (browser: Browser, orderId: string) => {
  const { order } = await json<OrderResponseJson>(
    await browser.post(`/api/Orders/${orderId}/payments?method=BankTransfer`),
  )
  const pending = order.payments.find((p) => p.status === "Pending")
  if (!pending) throw new Error("no pending bank payment")
  return pending
}

/** The stand-in's own hooks: what the customer does at their bank. */
const atTheBank = async (paymentId: string, what: "approve" | "cancel" | "settle") => {
  const response = await fetch(`${standIn.url}/__stand-in/payments/${paymentId}/${what}`, {
    method: "POST",
  })
  expect(response.ok).toBe(true)
}

/** Until the shop has answered the stand-in's webhooks for the payment (with this status, if given). */
const webhooksAnswered = async (paymentId: string, type: string, status?: number) => {
  for (let i = 0; i < 200; i++) {
    const delivered = standIn.deliveries.find((d) => d.paymentId === paymentId && d.type === type)
    if (
      delivered !== undefined &&
      delivered.status !== 0 &&
      (status ?? delivered.status) === delivered.status
    ) {
      return delivered
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`no ${type} webhook answered for ${paymentId}`)
}

/** TrueLayer's id for the shop's payment, as the shop recorded it. */
const providerReferenceOf = async (paymentId: string): Promise<string> => {
  const { providerReference } = await (shop as Shop).db
    .selectFrom("payments")
    .select("providerReference")
    .where("id", "=", paymentId)
    .executeTakeFirstOrThrow()
  if (providerReference === null) throw new Error("the payment has no TrueLayer id")
  return providerReference
}

describe("pay by bank beside the card", () => {
  it("an approved bank payment completes the order, by the webhook at TrueLayer's address", async () => {
    const browser = await new Browser((shop as Shop).app).open()
    await register(browser)
    const order = await placeOrder(browser, await competitionOnSale(shop as Shop), 2)
    const pending = await startBankPayment(browser, order.id)
    expect(pending.provider).toBe("truelayer")
    expect(pending.token).toBeTruthy()

    const paymentId = await providerReferenceOf(pending.id)
    await atTheBank(paymentId, "approve")
    expect((await webhooksAnswered(paymentId, "payment_executed")).status).toBe(200)
    const { order: paid } = await json<OrderResponseJson>(
      await browser.get(`/api/Orders/${order.id}`),
    )
    expect(paid.status).toBe("Completed")
    expect(paid.payments.map((p) => [p.provider, p.status])).toEqual([["truelayer", "Succeeded"]])
  })

  it("a customer who cancels at their bank keeps the order open, and pays by card instead", async () => {
    const browser = await new Browser((shop as Shop).app).open()
    await register(browser)
    const order = await placeOrder(browser, await competitionOnSale(shop as Shop), 1)
    const pending = await startBankPayment(browser, order.id)
    const paymentId = await providerReferenceOf(pending.id)
    await atTheBank(paymentId, "cancel")
    expect((await webhooksAnswered(paymentId, "payment_failed")).status).toBe(200)

    const { order: card } = await json<OrderResponseJson>(
      await browser.post(`/api/Orders/${order.id}/payments?method=Card`),
    )
    expect(card.status).toBe("AwaitingPayment")
    expect(card.payments.map((p) => [p.provider, p.status])).toEqual([
      ["truelayer", "Failed"],
      ["sandbox", "Pending"],
    ])
  })

  it("tells the payment page where the bank's page is, and finds the order on the way back", async () => {
    const browser = await new Browser((shop as Shop).app).open()
    const options = await json<{ payByBank: { provider: string; hostedPageUrl: string } }>(
      await browser.get("/api/PaymentProviders/card-form"),
    )
    expect(options.payByBank).toEqual({
      provider: "truelayer",
      hostedPageUrl: `${standIn.url}/hpp`,
    })

    await register(browser)
    const order = await placeOrder(browser, await competitionOnSale(shop as Shop), 1)
    const pending = await startBankPayment(browser, order.id)
    const paymentId = await providerReferenceOf(pending.id)
    // The page opens the bank's page with the payment's id and token from the client token.
    expect(JSON.parse(pending.token ?? "")).toMatchObject({ payment_id: paymentId })

    await atTheBank(paymentId, "approve")
    const back = await json<OrderResponseJson>(
      await browser.get(`/api/Orders/by-payment/truelayer/${paymentId}`),
    )
    expect(back.order.id).toBe(order.id)
    const done = await json<OrderResponseJson>(
      await browser.post(`/api/Orders/${order.id}/complete-order`),
    )
    expect(done.order.status).toBe("Completed")

    // Someone else holding the link learns nothing about the order.
    const stranger = await new Browser((shop as Shop).app).open()
    await register(stranger)
    const refused = await stranger.get(`/api/Orders/by-payment/truelayer/${paymentId}`)
    expect(refused.status).toBe(404)
    expect(refused.headers.get("content-type")).toContain("application/problem+json")
    expect((await browser.get("/api/Orders/by-payment/Not a provider/x")).status).toBe(400)
  })
})

const ACCEPTED = { received: true, replayed: false, ignored: false }
const REPLAYED = { received: true, replayed: true, ignored: false }

/** The webhooks of this type about the payment that reached the bridge, in the order answered. */
const webhooksAbout = (paymentId: string, type: string) =>
  bridge.received.filter((w) => {
    const event = JSON.parse(w.body) as { type: string; payment_id?: string }
    return event.type === type && event.payment_id === paymentId
  })

/** The first delivery of this webhook reaches the shop, but its answer is lost: the stand-in sends it again. */
const loseFirstAnswer = (paymentId: string, type: string) => {
  let lost = false
  bridge.intercept((webhook) => {
    const event = JSON.parse(webhook.body) as { type: string; payment_id?: string }
    if (lost || event.type !== type || event.payment_id !== paymentId) return "deliver"
    lost = true
    return "lose the answer"
  })
}

/** The refunds TrueLayer holds for a payment, as its API shows them to the shop's client. */
const refundsAtTrueLayer = async (paymentId: string) => {
  const { access_token } = await json<{ access_token: string }>(
    await fetch(`${standIn.url}/connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      }),
    }),
  )
  const { items } = await json<{ items: Array<{ id: string; status: string }> }>(
    await fetch(`${standIn.url}/v3/payments/${paymentId}/refunds`, {
      headers: { authorization: `Bearer ${access_token}` },
    }),
  )
  return items
}

const confirmationsTo = async (email: string) =>
  (await (shop as Shop).outbox.recent({ to: email, limit: 50 })).filter(
    (m) => m.kind === "OrderConfirmation",
  )

describe("a bank payment's webhooks, the same rules as the card's", () => {
  it("a payment_executed webhook delivered twice completes the order once", async () => {
    const browser = await new Browser((shop as Shop).app).open()
    const { email } = await register(browser)
    const order = await placeOrder(browser, await competitionOnSale(shop as Shop), 2)
    const paymentId = await providerReferenceOf((await startBankPayment(browser, order.id)).id)

    loseFirstAnswer(paymentId, "payment_executed")
    await atTheBank(paymentId, "approve")
    await webhooksAnswered(paymentId, "payment_executed", 200)
    // Taken by the shop, its answer lost, sent again by the stand-in (newly signed): seen already.
    const executed = webhooksAbout(paymentId, "payment_executed")
    expect(executed.map((w) => [w.passage, w.status, JSON.parse(w.answer)])).toEqual([
      ["lose the answer", 200, ACCEPTED],
      ["deliver", 200, REPLAYED],
    ])
    // The first delivery's bytes and signature again, inside the timestamp's window: a replay.
    expect(await json(await bridge.replay(executed[0] as Webhook))).toEqual(REPLAYED)

    const { order: paid } = await json<OrderResponseJson>(
      await browser.get(`/api/Orders/${order.id}`),
    )
    expect(paid.status).toBe("Completed")
    expect(paid.payments.map((p) => [p.provider, p.status])).toEqual([["truelayer", "Succeeded"]])
    expect(await confirmationsTo(email)).toHaveLength(1)
  })

  it("a bank payment executed after its order was cancelled is refunded once, when it settles", async () => {
    const browser = await new Browser((shop as Shop).app).open()
    const { email } = await register(browser)
    const order = await placeOrder(browser, await competitionOnSale(shop as Shop), 2)
    const pending = await startBankPayment(browser, order.id)
    const paymentId = await providerReferenceOf(pending.id)
    // The order was closed while this payment stayed open at TrueLayer (the shop's own
    // cancel cancels it there first; a payment page racing the cancel, whose cancel could
    // not reach TrueLayer, would not), and then the customer approved it at their bank.
    await (shop as Shop).db
      .updateTable("orders")
      .set({ status: "Cancelled" })
      .where("id", "=", order.id)
      .execute()

    loseFirstAnswer(paymentId, "payment_executed")
    await atTheBank(paymentId, "approve")
    await webhooksAnswered(paymentId, "payment_executed", 200)
    const executed = webhooksAbout(paymentId, "payment_executed")
    expect(executed.map((w) => JSON.parse(w.answer))).toEqual([ACCEPTED, REPLAYED])

    // Asked for once; TrueLayer pays it out only once the payment has settled.
    const asked = await refundsAtTrueLayer(paymentId)
    expect(asked.map((r) => r.status)).toEqual(["pending"])
    const refunds = await Effect.runPromise(
      makePaymentRepo((shop as Shop).db).refundsForOrder(order.id),
    )
    expect(refunds).toEqual([
      expect.objectContaining({
        amount: pending.amount,
        reason: "OrderCancelled",
        status: "Refunded",
        provider: "truelayer",
        providerReference: paymentId,
        providerRefundReference: asked[0]?.id,
      }),
    ])

    await atTheBank(paymentId, "settle")
    expect((await webhooksAnswered(paymentId, "payment_settled")).status).toBe(200)
    expect((await webhooksAnswered(paymentId, "refund_executed")).status).toBe(200)
    expect(await json(await bridge.replay(executed[0] as Webhook))).toEqual(REPLAYED)
    await (shop as Shop).expireUnpaidOrders()

    const settled = await refundsAtTrueLayer(paymentId)
    expect(settled.map((r) => [r.id, r.status])).toEqual([[asked[0]?.id, "executed"]])
    expect(
      standIn.deliveries.filter((d) => d.paymentId === paymentId && d.type === "refund_executed"),
    ).toHaveLength(1)
    const { order: after } = await json<OrderResponseJson>(
      await browser.get(`/api/Orders/${order.id}`),
    )
    expect(after.status).toBe("Cancelled")
    expect(after.payments.map((p) => [p.provider, p.status])).toEqual([["truelayer", "Refunded"]])
    expect(await confirmationsTo(email)).toEqual([])
  })
})
