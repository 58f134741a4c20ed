import { createHmac } from "node:crypto"
import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { pence } from "@howzat/core/rules"
import { checkoutDeclineDetailOf, makeCheckoutGateway } from "@howzat/payments"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { type CheckoutStandIn, startCheckoutStandIn } from "../e2e/stand-ins/checkout-provider"

/**
 * The Checkout.com stand-in the end-to-end suite will run
 * (test/e2e/stand-ins/checkout-provider.ts), proved against the shop's real
 * adapter over HTTP: if the two disagree on a request, a signature or a
 * webhook, it shows here rather than as a journey that hangs.
 */

const WEBHOOK_PATH = "/api/payments/checkout/notification"
const keys = {
  secretKey: "sk_sbox_stand_in_secret",
  publicKey: "pk_sbox_stand_in_public",
  webhookSignatureKey: "whsk_stand_in",
}
const CHANNEL = "pc_standinchannel"
const SUCCESS_URL = "http://shop.test/checkout/card-return?outcome=success"
const FAILURE_URL = "http://shop.test/checkout/card-return?outcome=failure"

interface Received {
  readonly body: string
  readonly headers: Record<string, string>
  readonly event: {
    readonly id: string
    readonly type: string
    readonly data: { reference?: string }
  }
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
  /** The first webhook of this type about this session's reference, come or to come. */
  const webhook = (type: string, reference: string) => {
    const match = (r: Received) => r.event.type === type && r.event.data.reference === reference
    const already = received.find(match)
    return already
      ? Promise.resolve(already)
      : new Promise<Received>((resolve) => waiting.push({ match, resolve }))
  }
  const about = (reference: string) => received.filter((r) => r.event.data.reference === reference)
  return { server, webhook, about }
}

const shop = receiver()
let standIn: CheckoutStandIn
let server: Server
let shopWebhookUrl: string

beforeAll(async () => {
  server = shop.server
  await new Promise<void>((resolve) => server.listen(0, resolve))
  shopWebhookUrl = `http://localhost:${(server.address() as AddressInfo).port}${WEBHOOK_PATH}`
  standIn = await startCheckoutStandIn({
    shopWebhookUrl,
    ...keys,
    processingChannelId: CHANNEL,
    retryDelayMillis: 20,
  })
})

afterAll(async () => {
  await standIn?.close()
  await new Promise((resolve) => server?.close(resolve))
})

/** The adapter as the wiring step will configure it against a stand-in. */
const configFor = (provider: CheckoutStandIn) =>
  ({
    ...keys,
    processingChannelId: CHANNEL,
    environment: "sandbox",
    apiUrl: provider.url,
    successUrl: SUCCESS_URL,
    failureUrl: FAILURE_URL,
    timeout: "5 seconds",
  }) as const

const gatewayWith = (overrides: { secretKey?: string; webhookSignatureKey?: string } = {}) =>
  makeCheckoutGateway({ ...configFor(standIn), ...overrides })

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

/** The session's id and secret, from what the shop hands the browser. */
const sessionOf = (clientToken: string) =>
  (JSON.parse(clientToken) as { paymentSession: { id: string; payment_session_secret: string } })
    .paymentSession

const payByHook = (provider: CheckoutStandIn, clientToken: string, query: string) =>
  fetch(`${provider.url}/__stand-in/sessions/${sessionOf(clientToken).id}/pay?${query}`, {
    method: "POST",
  })

/** What GET /payments answers for a reference, as the adapter reads it. */
const paymentsOf = async (reference: string) => {
  const answer = await fetch(`${standIn.url}/payments?reference=${reference}&limit=100`, {
    headers: { authorization: `Bearer ${keys.secretKey}` },
  })
  return (await answer.json()) as {
    total_count: number
    data: Array<Record<string, unknown> & { id: string; status: string }>
  }
}

const secretPost = (path: string, body: unknown, idempotencyKey?: string) =>
  fetch(`${standIn.url}${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${keys.secretKey}`,
      "content-type": "application/json",
      ...(idempotencyKey ? { "cko-idempotency-key": idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
  })

const CANCELLED = { status: "Failed", failureDetail: "The payment was cancelled." }

describe("the Checkout.com stand-in, driven by the shop's adapter", () => {
  it("takes a debit card, and the shop believes its webhooks", async () => {
    const gateway = gatewayWith()
    const order = newOrder()
    const intent = await run(gateway.createIntent(order))
    expect(sessionOf(intent.clientToken).id).toMatch(/^ps_[0-9A-Za-z]{27}$/)
    // The same idempotency key is the same session.
    expect(await run(gateway.createIntent(order))).toEqual(intent)
    expect(await run(gateway.intentStatus(intent.providerReference))).toEqual({
      status: "Pending",
    })

    expect((await payByHook(standIn, intent.clientToken, "card=debit")).status).toBe(200)
    const paid = await run(gateway.intentStatus(intent.providerReference))
    expect(paid).toEqual({
      status: "Succeeded",
      cardFunding: "Debit",
      cardFingerprint: expect.stringMatching(/^[0-9A-F]{64}$/),
    })

    // Approved first, then captured; the capture's event names no card, so
    // the shop asks the payment for it (intentStatus above).
    const captured = await shop.webhook("payment_captured", intent.providerReference)
    expect(shop.about(intent.providerReference).map((r) => r.event.type)).toEqual([
      "payment_approved",
      "payment_captured",
    ])
    expect(await run(gateway.verifyNotification(captured.body, captured.headers))).toEqual({
      kind: "IntentStatus",
      providerReference: intent.providerReference,
      eventId: captured.event.id,
      outcome: { status: "Succeeded" },
    })
    const approved = await shop.webhook("payment_approved", intent.providerReference)
    expect(await run(gateway.verifyNotification(approved.body, approved.headers))).toMatchObject({
      kind: "IntentStatus",
      outcome: { status: "Pending" },
    })
    expect(captured.event.id).toMatch(/^evt_[a-z2-7]{26}$/)
  })

  it("has its webhooks refused when forged or altered in transit", async () => {
    const gateway = gatewayWith()
    const intent = await run(gateway.createIntent(newOrder()))
    await payByHook(standIn, intent.clientToken, "card=debit")
    const webhook = await shop.webhook("payment_captured", intent.providerReference)
    const altered = webhook.body.replace('"amount":2599', '"amount":1')
    expect(altered).not.toBe(webhook.body)
    expect(await reasonOf(gateway.verifyNotification(altered, webhook.headers))).toBe(
      "The signature does not match the body.",
    )
    const forged = createHmac("sha256", "guessed").update(webhook.body).digest("hex")
    expect(
      await reasonOf(
        gateway.verifyNotification(webhook.body, { ...webhook.headers, "cko-signature": forged }),
      ),
    ).toBe("The signature does not match the body.")
    expect(
      await reasonOf(
        gateway.verifyNotification(webhook.body, { "content-type": "application/json" }),
      ),
    ).toBe("The Cko-Signature header is missing.")
  })

  it("reports a credit card's funding, from the payment and its approval", async () => {
    const gateway = gatewayWith()
    const intent = await run(gateway.createIntent(newOrder()))
    await payByHook(standIn, intent.clientToken, "card=credit")
    expect(await run(gateway.intentStatus(intent.providerReference))).toMatchObject({
      status: "Succeeded",
      cardFunding: "Credit",
    })
    const approved = await shop.webhook("payment_approved", intent.providerReference)
    expect(JSON.parse(approved.body).data.source).toMatchObject({
      card_type: "CREDIT",
      last_4: "4242",
      scheme: "VISA",
    })
  })

  it("fails a declined card in the adapter's words, and takes another card after it", async () => {
    const gateway = gatewayWith()
    const intent = await run(gateway.createIntent(newOrder()))
    expect((await payByHook(standIn, intent.clientToken, "card=declined")).status).toBe(200)
    const declined = await shop.webhook("payment_declined", intent.providerReference)
    expect(await run(gateway.verifyNotification(declined.body, declined.headers))).toMatchObject({
      kind: "IntentStatus",
      providerReference: intent.providerReference,
      outcome: { status: "Failed", failureDetail: checkoutDeclineDetailOf("20051") },
    })
    expect(checkoutDeclineDetailOf("20051")).toContain("not enough money in the account")

    // The payment carries no response code of its own, and the list no
    // actions summary: Checkout.com keeps the code on the payment's
    // authorisation action, which the adapter asks for, as it reads it.
    const [payment] = (await paymentsOf(intent.providerReference)).data
    expect(payment).not.toHaveProperty("response_code")
    expect(payment).not.toHaveProperty("actions")
    const actions = await fetch(`${standIn.url}/payments/${payment?.id}/actions`, {
      headers: { authorization: `Bearer ${keys.secretKey}` },
    })
    expect(await actions.json()).toEqual([
      expect.objectContaining({
        type: "Authorization",
        approved: false,
        response_code: "20051",
        response_summary: "Insufficient Funds",
      }),
    ])
    expect(await run(gateway.intentStatus(intent.providerReference))).toEqual({
      status: "Failed",
      failureDetail: checkoutDeclineDetailOf("20051"),
    })

    // The same session, another card: paid.
    expect((await payByHook(standIn, intent.clientToken, "card=debit")).status).toBe(200)
    expect(await run(gateway.intentStatus(intent.providerReference))).toMatchObject({
      status: "Succeeded",
      cardFunding: "Debit",
    })
    expect((await paymentsOf(intent.providerReference)).data.map((p) => p.status)).toEqual([
      "Captured",
      "Declined",
    ])
  })

  it("lets the shop cancel: an unpaid session, an authorisation, not a capture", async () => {
    const gateway = gatewayWith()
    const unpaid = await run(gateway.createIntent(newOrder()))
    expect(await run(gateway.cancelIntent(unpaid.providerReference))).toEqual(CANCELLED)

    const held = await run(gateway.createIntent(newOrder()))
    await payByHook(standIn, held.clientToken, "card=debit&capture=hold")
    expect(await run(gateway.intentStatus(held.providerReference))).toEqual({ status: "Pending" })
    expect(await run(gateway.cancelIntent(held.providerReference))).toEqual(CANCELLED)
    const voided = await shop.webhook("payment_voided", held.providerReference)
    expect(await run(gateway.verifyNotification(voided.body, voided.headers))).toMatchObject({
      outcome: CANCELLED,
    })
    expect((await paymentsOf(held.providerReference)).data.map((p) => p.status)).toEqual(["Voided"])

    const captured = await run(gateway.createIntent(newOrder()))
    await payByHook(standIn, captured.clientToken, "card=debit")
    expect(await run(gateway.cancelIntent(captured.providerReference))).toMatchObject({
      status: "Succeeded",
    })
    // Checkout.com refuses to void what it has captured: that is a refund.
    const [payment] = (await paymentsOf(captured.providerReference)).data
    const refused = await secretPost(`/payments/${payment?.id}/voids`, {}, "void-again")
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ error_type: "action_not_allowed" })
  })

  it("refunds a captured payment once per idempotency key", async () => {
    const gateway = gatewayWith()
    const intent = await run(gateway.createIntent(newOrder()))
    await payByHook(standIn, intent.clientToken, "card=debit")
    const request = {
      providerReference: intent.providerReference,
      amount: pence(1000),
      idempotencyKey: "refund:1",
    }
    const refund = await run(gateway.refund(request))
    expect(refund.refundReference).toMatch(/^act_[a-z2-7]{26}$/)
    expect(await run(gateway.refund(request))).toEqual(refund)

    const [payment] = (await paymentsOf(intent.providerReference)).data
    expect(payment).toMatchObject({
      status: "Partially Refunded",
      balances: { total_captured: 2599, total_refunded: 1000, available_to_refund: 1599 },
    })
    const refunded = await shop.webhook("payment_refunded", intent.providerReference)
    expect(JSON.parse(refunded.body).data).toMatchObject({
      action_id: refund.refundReference,
      amount: 1000,
    })
    expect(await run(gateway.verifyNotification(refunded.body, refunded.headers))).toMatchObject({
      kind: "Ignored",
      eventType: "payment_refunded",
    })
    // Still paid, as far as the shop's order is concerned.
    expect(await run(gateway.intentStatus(intent.providerReference))).toMatchObject({
      status: "Succeeded",
    })

    const tooMuch = await secretPost(`/payments/${payment?.id}/refunds`, { amount: 2000 }, "r:2")
    expect(tooMuch.status).toBe(422)
    expect(await tooMuch.json()).toMatchObject({ error_codes: ["refund_amount_exceeds_balance"] })
  })

  it("refuses to refund a payment it has not captured", async () => {
    const gateway = gatewayWith()
    const intent = await run(gateway.createIntent(newOrder()))
    await payByHook(standIn, intent.clientToken, "card=declined")
    const [payment] = (await paymentsOf(intent.providerReference)).data
    const refused = await secretPost(`/payments/${payment?.id}/refunds`, { amount: 100 }, "r:3")
    expect(refused.status).toBe(403)
    expect(
      await reasonOf(
        gateway.refund({
          providerReference: intent.providerReference,
          amount: pence(100),
          idempotencyKey: "r:4",
        }),
      ),
    ).toMatch(/has no captured payment to refund/)
  })

  it("replays an idempotency key's first answer, as Checkout.com documents", async () => {
    const body = {
      amount: 500,
      currency: "GBP",
      reference: "hz-replayed",
      processing_channel_id: CHANNEL,
      billing: { address: { country: "GB" } },
      success_url: SUCCESS_URL,
      failure_url: FAILURE_URL,
    }
    const first = await (await secretPost("/payment-sessions", body, "same-key")).json()
    const again = await secretPost("/payment-sessions", { ...body, amount: 900 }, "same-key")
    expect(again.status).toBe(201)
    expect(await again.json()).toEqual(first)
    // A refused request is not remembered: corrected, it goes through.
    const refused = await secretPost("/payment-sessions", { ...body, amount: -1 }, "other-key")
    expect(refused.status).toBe(422)
    expect(await refused.json()).toMatchObject({
      error_type: "request_invalid",
      error_codes: ["amount_invalid"],
    })
    expect((await secretPost("/payment-sessions", body, "other-key")).status).toBe(201)
  })

  it("holds an order's webhooks until the journey releases them (WEBHOOKS=held)", async () => {
    const held = await startCheckoutStandIn({ shopWebhookUrl, ...keys, holdWebhooks: true })
    try {
      const gateway = makeCheckoutGateway(configFor(held))
      const order = newOrder()
      const intent = await run(gateway.createIntent(order))
      await payByHook(held, intent.clientToken, "card=debit")
      const deliveries = await (await fetch(`${held.url}/__stand-in/deliveries`)).json()
      expect(deliveries).toMatchObject([
        {
          type: "payment_approved",
          orderId: order.orderId,
          reference: intent.providerReference,
          status: 0,
        },
        { type: "payment_captured", orderId: order.orderId, status: 0 },
      ])
      expect(shop.about(intent.providerReference)).toEqual([])
      const arrived = shop.webhook("payment_captured", intent.providerReference)
      await fetch(`${held.url}/__stand-in/deliveries/release?orderId=${order.orderId}`, {
        method: "POST",
      })
      const webhook = await arrived
      expect(await run(gateway.verifyNotification(webhook.body, webhook.headers))).toMatchObject({
        kind: "IntentStatus",
        outcome: { status: "Succeeded" },
      })
      // The shop's answer is recorded once it reaches the stand-in.
      await vi.waitFor(() => expect(held.deliveries.map((d) => d.status)).toEqual([200, 200]))
    } finally {
      await held.close()
    }
  })

  it("delivers a webhook again when the shop did not take it", async () => {
    let attempts = 0
    const flaky = createServer((request, response) => {
      request.resume()
      attempts += 1
      // The shop is down for the first attempt only.
      response.writeHead(attempts === 1 ? 503 : 200).end()
    })
    await new Promise<void>((resolve) => flaky.listen(0, resolve))
    const retrying = await startCheckoutStandIn({
      shopWebhookUrl: `http://localhost:${(flaky.address() as AddressInfo).port}${WEBHOOK_PATH}`,
      ...keys,
      retryDelayMillis: 20,
    })
    try {
      const gateway = makeCheckoutGateway(configFor(retrying))
      const intent = await run(gateway.createIntent(newOrder()))
      await payByHook(retrying, intent.clientToken, "card=debit")
      await vi.waitFor(() =>
        expect(retrying.deliveries.map((d) => [d.type, d.status])).toEqual([
          ["payment_approved", 200],
          ["payment_captured", 200],
        ]),
      )
      expect(attempts).toBe(3)
    } finally {
      await retrying.close()
      await new Promise((resolve) => flaky.close(resolve))
    }
  })

  it("refuses the server's calls without the secret key", async () => {
    expect(
      await reasonOf(gatewayWith({ secretKey: "sk_sbox_guessed" }).createIntent(newOrder())),
    ).toBe("The provider answered 401.")
    // The public key is for the browser only.
    expect(await reasonOf(gatewayWith({ secretKey: keys.publicKey }).intentStatus("hz-any"))).toBe(
      "The provider answered 401.",
    )
  })
})

describe("the Checkout.com stand-in's browser side", () => {
  it("serves Flow's stand-in script as JavaScript, to any origin", async () => {
    const answer = await fetch(`${standIn.url}/index.js`, {
      headers: { origin: "http://localhost:3197" },
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get("content-type")).toMatch(/^text\/javascript/)
    expect(answer.headers.get("access-control-allow-origin")).toBe("*")
    expect(await answer.text()).toContain("window.CheckoutWebComponents")
    const preflight = await fetch(`${standIn.url}/payment-sessions/ps_x/pay`, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:3197",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-headers")).toContain("authorization")
  })

  /** Flow's own call: the public key and the session's secret, with the card. */
  const flowPay = (clientToken: string, card: string, secret?: string) => {
    const session = sessionOf(clientToken)
    return fetch(`${standIn.url}/payment-sessions/${session.id}/pay`, {
      method: "POST",
      headers: { authorization: `Bearer ${keys.publicKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        payment_session_secret: secret ?? session.payment_session_secret,
        type: "card",
        card: { number: card, expiry_month: 12, expiry_year: 2035, cvv: "100", name: "Jo Bloggs" },
      }),
    })
  }

  it("takes a card from Flow with the public key and the session's secret only", async () => {
    const gateway = gatewayWith()
    const intent = await run(gateway.createIntent(newOrder()))
    expect((await flowPay(intent.clientToken, "4658584090000001", "pss_guessed")).status).toBe(401)
    const declined = await flowPay(intent.clientToken, "4544249167673670")
    expect(declined.headers.get("access-control-allow-origin")).toBe("*")
    expect(await declined.json()).toMatchObject({
      status: "Declined",
      decline_reason: "not_enough_funds",
    })
    const paid = await flowPay(intent.clientToken, "4658584090000001")
    expect(paid.status).toBe(201)
    expect(await paid.json()).toEqual({
      id: expect.stringMatching(/^pay_/),
      status: "Approved",
      type: "card",
    })
    // Paid once, the session takes no more.
    expect(await (await flowPay(intent.clientToken, "4658584090000001")).json()).toMatchObject({
      error_codes: ["payment_session_completed"],
    })
  })

  it("sends the customer back to the shop after a 3-D Secure challenge", async () => {
    const gateway = gatewayWith()
    const intent = await run(gateway.createIntent(newOrder()))
    const session = sessionOf(intent.clientToken)
    const challenged = await flowPay(intent.clientToken, "5385308360135181")
    expect(challenged.status).toBe(202)
    const payment = (await challenged.json()) as { id: string; status: string }
    expect(payment.status).toBe("Action Required")
    expect(await run(gateway.intentStatus(intent.providerReference))).toEqual({ status: "Pending" })

    const answer = await fetch(
      `${standIn.url}/payment-sessions/${session.id}/payments/${payment.id}/authentication`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${keys.publicKey}`, "content-type": "application/json" },
        body: JSON.stringify({
          payment_session_secret: session.payment_session_secret,
          outcome: "completed",
        }),
      },
    )
    const { redirect_url } = (await answer.json()) as { redirect_url: string }
    const back = new URL(redirect_url)
    expect(`${back.origin}${back.pathname}`).toBe("http://shop.test/checkout/card-return")
    expect(back.searchParams.get("outcome")).toBe("success")
    expect(back.searchParams.get("cko-payment-id")).toBe(payment.id)
    expect(back.searchParams.get("cko-payment-session-id")).toBe(session.id)
    expect(await run(gateway.intentStatus(intent.providerReference))).toMatchObject({
      status: "Succeeded",
      cardFunding: "Credit",
    })
  })

  it("fails a challenge the customer cancels, in the adapter's 3-D Secure words", async () => {
    const gateway = gatewayWith()
    const intent = await run(gateway.createIntent(newOrder()))
    const pending = await (await payByHook(standIn, intent.clientToken, "card=3ds")).json()
    expect(pending.status).toBe("Pending")
    await fetch(`${standIn.url}/__stand-in/payments/${pending.id}/authenticate?outcome=cancelled`, {
      method: "POST",
    })
    const declined = await shop.webhook("payment_declined", intent.providerReference)
    expect(await run(gateway.verifyNotification(declined.body, declined.headers))).toMatchObject({
      outcome: { status: "Failed", failureDetail: checkoutDeclineDetailOf("20151") },
    })
    // Asked rather than told, the same words.
    expect(await run(gateway.intentStatus(intent.providerReference))).toEqual({
      status: "Failed",
      failureDetail: checkoutDeclineDetailOf("20151"),
    })
  })
})
