import { generateKeyPairSync } from "node:crypto"
import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { pence } from "@howzat/core/rules"
import { failureDetailOf, makeTrueLayerGateway } from "@howzat/payments"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTrueLayerStandIn, type TrueLayerStandIn } from "../e2e/stand-ins/truelayer-provider"

/**
 * The TrueLayer stand-in the end-to-end suite will run
 * (test/e2e/stand-ins/truelayer-provider.ts), proved against the shop's real
 * adapter over HTTP: if the two disagree on a request, a signature or a
 * webhook, it shows here rather than as a journey that hangs.
 */

const WEBHOOK_PATH = "/api/payments/truelayer/notification"

interface Received {
  readonly body: string
  readonly headers: Record<string, string>
  readonly event: { readonly type: string; readonly payment_id?: string }
}

/** The shop's end of the webhooks: each one kept, and handed to whoever waits for it. */
const receiver = () => {
  const received: Received[] = []
  const waiting: Array<{ match: (r: Received) => boolean; resolve: (r: Received) => void }> = []
  const server = createServer((request: IncomingMessage, response) => {
    let body = ""
    request.on("data", (chunk) => {
      body += chunk
    })
    request.on("end", () => {
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string") headers[name] = value
      }
      const one: Received = { body, headers, event: JSON.parse(body) }
      received.push(one)
      for (const waiter of waiting.filter((w) => w.match(one))) {
        waiting.splice(waiting.indexOf(waiter), 1)
        waiter.resolve(one)
      }
      response.writeHead(200).end()
    })
  })
  /** The first webhook of this type about this payment, come or to come. */
  const webhook = (type: string, paymentId: string) => {
    const match = (r: Received) => r.event.type === type && r.event.payment_id === paymentId
    const already = received.find(match)
    return already
      ? Promise.resolve(already)
      : new Promise<Received>((resolve) => waiting.push({ match, resolve }))
  }
  return { server, webhook }
}

const shopKey = generateKeyPairSync("ec", { namedCurve: "secp521r1" })
const otherKey = generateKeyPairSync("ec", { namedCurve: "secp521r1" })
const pem = {
  shopPrivate: shopKey.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  shopPublic: shopKey.publicKey.export({ type: "spki", format: "pem" }).toString(),
  otherPrivate: otherKey.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
}
const credentials = { clientId: "howzat-stand-in", clientSecret: "stand-in-secret" }

const shop = receiver()
let standIn: TrueLayerStandIn
let server: Server
let shopWebhookUrl: string

beforeAll(async () => {
  server = shop.server
  await new Promise<void>((resolve) => server.listen(0, resolve))
  const port = (server.address() as AddressInfo).port
  shopWebhookUrl = `http://localhost:${port}${WEBHOOK_PATH}`
  standIn = await startTrueLayerStandIn({
    shopWebhookUrl,
    ...credentials,
    signingPublicKeyPem: pem.shopPublic,
    retryDelayMillis: 20,
  })
})

afterAll(async () => {
  await standIn?.close()
  await new Promise((resolve) => server?.close(resolve))
})

/** The adapter as the wiring step will configure it against a stand-in. */
const configFor = (provider: TrueLayerStandIn) =>
  ({
    ...credentials,
    signingKeyId: "kid-shop",
    signingPrivateKeyPem: pem.shopPrivate,
    merchantAccountId: "ma-gbp-stand-in",
    environment: "sandbox",
    apiUrl: provider.url,
    authUrl: provider.url,
    jwksAllowList: [provider.jwksUrl],
    webhookPath: WEBHOOK_PATH,
    timeout: "5 seconds",
  }) as const

const gatewayWith = (overrides: { clientSecret?: string; signingPrivateKeyPem?: string } = {}) =>
  makeTrueLayerGateway({ ...configFor(standIn), ...overrides })

const run = Effect.runPromise
const reasonOf = <A>(effect: Effect.Effect<A, { readonly reason: string }>) =>
  run(Effect.flip(effect)).then((e) => e.reason)

let orders = 0
const newOrder = () => {
  orders += 1
  return {
    orderId: `order-${orders}`,
    amount: pence(2599),
    idempotencyKey: `order-${orders}:1`,
    creditCardsAllowed: false,
    payer: { name: "Jo Bloggs", email: "jo@example.com" },
  }
}

const hook = (paymentId: string, action: string) =>
  fetch(`${standIn.url}/__stand-in/payments/${paymentId}/${action}`, { method: "POST" })

describe("the TrueLayer stand-in, driven by the shop's adapter", () => {
  it("takes a payment approved on the hosted page, and the shop believes its webhook", async () => {
    const gateway = gatewayWith()
    const order = newOrder()
    const intent = await run(gateway.createIntent(order))
    expect(await run(gateway.intentStatus(intent.providerReference))).toEqual({
      status: "Pending",
    })
    // The same idempotency key is the same payment.
    expect(await run(gateway.createIntent(order))).toEqual(intent)

    // The client token carries what the hosted page is opened with.
    const opened = JSON.parse(intent.clientToken) as { payment_id: string; resource_token: string }
    expect(opened.payment_id).toBe(intent.providerReference)
    const page = new URL(`${standIn.url}/hpp`)
    page.searchParams.set("payment_id", opened.payment_id)
    page.searchParams.set("resource_token", opened.resource_token)
    page.searchParams.set("return_uri", "http://shop.test/checkout/bank-return")
    const html = await (await fetch(page)).text()
    expect(html).toContain("Choose your bank")
    expect(html).toContain(">Approve</button>")
    const decided = await fetch(`${standIn.url}/hpp`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        payment_id: intent.providerReference,
        resource_token: opened.resource_token,
        return_uri: "http://shop.test/checkout/bank-return",
        provider_id: "ob-sandbox-natwest",
        outcome: "approve",
      }),
    })
    expect(decided.status).toBe(303)
    expect(decided.headers.get("location")).toBe(
      `http://shop.test/checkout/bank-return?payment_id=${intent.providerReference}`,
    )

    const webhook = await shop.webhook("payment_executed", intent.providerReference)
    expect(await run(gateway.verifyNotification(webhook.body, webhook.headers))).toEqual({
      kind: "IntentStatus",
      providerReference: intent.providerReference,
      eventId: JSON.parse(webhook.body).event_id,
      outcome: { status: "Succeeded", cardFunding: "Debit" },
    })
    expect(await run(gateway.intentStatus(intent.providerReference))).toEqual({
      status: "Succeeded",
      cardFunding: "Debit",
    })
  })

  it("refunds once per key, and pays the refund out when the payment settles", async () => {
    const gateway = gatewayWith()
    const intent = await run(gateway.createIntent(newOrder()))
    expect((await hook(intent.providerReference, "approve")).status).toBe(200)
    const request = {
      providerReference: intent.providerReference,
      amount: pence(1000),
      idempotencyKey: "refund:1",
    }
    const refund = await run(gateway.refund(request))
    expect(refund.refundReference).toMatch(/^[0-9a-f-]{36}$/)
    expect(await run(gateway.refund(request))).toEqual(refund)

    expect((await hook(intent.providerReference, "settle")).status).toBe(200)
    const paidOut = await shop.webhook("refund_executed", intent.providerReference)
    expect(JSON.parse(paidOut.body).refund_id).toBe(refund.refundReference)
    expect(await run(gateway.verifyNotification(paidOut.body, paidOut.headers))).toMatchObject({
      kind: "Ignored",
      eventType: "refund_executed",
    })
  })

  it("reports a payment cancelled at the bank as failed, in the adapter's words", async () => {
    const gateway = gatewayWith()
    const intent = await run(gateway.createIntent(newOrder()))
    expect((await hook(intent.providerReference, "cancel")).status).toBe(200)
    const failed = { status: "Failed", failureDetail: failureDetailOf("canceled") }
    const webhook = await shop.webhook("payment_failed", intent.providerReference)
    expect(await run(gateway.verifyNotification(webhook.body, webhook.headers))).toMatchObject({
      kind: "IntentStatus",
      providerReference: intent.providerReference,
      outcome: failed,
    })
    expect(await run(gateway.intentStatus(intent.providerReference))).toEqual(failed)
    expect(failed.failureDetail).toBe(
      "The payment was not authorised at your bank. Your order is still open: please try again.",
    )
  })

  it("lets the shop cancel a payment still at the bank", async () => {
    const gateway = gatewayWith()
    const intent = await run(gateway.createIntent(newOrder()))
    expect(await run(gateway.cancelIntent(intent.providerReference))).toEqual({
      status: "Failed",
      failureDetail: failureDetailOf("canceled"),
    })
    // Too late once paid: the payment says where it stands.
    const paid = await run(gateway.createIntent(newOrder()))
    await hook(paid.providerReference, "approve")
    expect(await run(gateway.cancelIntent(paid.providerReference))).toEqual({
      status: "Succeeded",
      cardFunding: "Debit",
    })
  })

  it("has its webhooks refused when the body is altered in transit", async () => {
    const gateway = gatewayWith()
    const intent = await run(gateway.createIntent(newOrder()))
    await hook(intent.providerReference, "fail")
    const webhook = await shop.webhook("payment_failed", intent.providerReference)
    const altered = webhook.body.replace('"payment_failed"', '"payment_executed"')
    expect(altered).not.toBe(webhook.body)
    expect(await reasonOf(gateway.verifyNotification(altered, webhook.headers))).toMatch(
      /^The signature does not match/,
    )
  })

  it("holds an order's webhooks until the journey releases them (WEBHOOKS=held)", async () => {
    const held = await startTrueLayerStandIn({
      shopWebhookUrl,
      ...credentials,
      signingPublicKeyPem: pem.shopPublic,
      holdWebhooks: true,
    })
    try {
      const gateway = makeTrueLayerGateway(configFor(held))
      const order = newOrder()
      const intent = await run(gateway.createIntent(order))
      await fetch(`${held.url}/__stand-in/payments/${intent.providerReference}/approve`, {
        method: "POST",
      })
      const deliveries = await (await fetch(`${held.url}/__stand-in/deliveries`)).json()
      expect(deliveries).toMatchObject([
        { type: "payment_executed", orderId: order.orderId, status: 0 },
      ])
      const arrived = shop.webhook("payment_executed", intent.providerReference)
      await fetch(`${held.url}/__stand-in/deliveries/release?orderId=${order.orderId}`, {
        method: "POST",
      })
      const webhook = await arrived
      expect(await run(gateway.verifyNotification(webhook.body, webhook.headers))).toMatchObject({
        kind: "IntentStatus",
        outcome: { status: "Succeeded" },
      })
    } finally {
      await held.close()
    }
  })

  it("refuses the wrong client secret and a request signed with another key", async () => {
    expect(
      await reasonOf(gatewayWith({ clientSecret: "guessed" }).createIntent(newOrder())),
    ).toContain("400")
    expect(
      await reasonOf(
        gatewayWith({ signingPrivateKeyPem: pem.otherPrivate }).createIntent(newOrder()),
      ),
    ).toBe("The provider answered 401: Unauthenticated: Invalid request signature.")
  })
})
