import {
  createHash,
  sign as ecSign,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomUUID,
} from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { pathToFileURL } from "node:url"
import { type HttpMethod, verify } from "truelayer-signing"

/**
 * A stand-in for TrueLayer's Payments API v3 (pay by bank, decision 0069),
 * for the end-to-end suite on a machine that reaches no provider. Written
 * from TrueLayer's published API reference, it serves what the shop's
 * adapter (adapters/payments/src/truelayer/gateway.ts) and a customer's
 * browser use, shaped as the real service answers:
 * - POST /connect/token: a client-credentials token for the shop's client
 *   id and secret;
 * - POST /v3/payments, GET /v3/payments/{id}, POST
 *   /v3/payments/{id}/actions/cancel, POST and GET /v3/payments/{id}/refunds
 *   (and /refunds/{refund_id}): each call needs the token, and each POST a
 *   `Tl-Signature` the shop's public key verifies (with TrueLayer's own
 *   `truelayer-signing`, as the real API checks it) over an Idempotency-Key:
 *   the same key and body is the same payment or refund, the same key with
 *   another body is refused;
 * - GET /hpp?payment_id=…&resource_token=…&return_uri=…: the hosted payment
 *   page, where the customer chooses a bank and approves (the payment is
 *   executed) or cancels (it fails, `canceled`), then is sent back to
 *   return_uri with `?payment_id=…`;
 * - after each change of status, a webhook to the shop (payment_executed,
 *   payment_failed, payment_settled, refund_executed), signed as TrueLayer
 *   signs them: a detached ES512 JWS over the method, the path, the
 *   X-Tl-Webhook-Timestamp header and the body, whose `jku` names this
 *   stand-in's own /.well-known/jwks, where the public key is published. The
 *   webhook signing is written here again with node:crypto rather than
 *   imported, so the shop's verification is checked against an independent
 *   signer.
 * Hooks for tests that drive it without a browser: POST
 * /__stand-in/payments/{id}/approve|cancel|fail[?reason=…]|settle, GET
 * /__stand-in/deliveries. Refunds wait, as TrueLayer's do, until the payment
 * has settled, and are executed then.
 * With WEBHOOKS=held an order's webhooks wait until the journey releases
 * them (POST /__stand-in/deliveries/release?orderId=…), as with the Stripe
 * stand-in (stripe-provider.ts beside this file).
 *
 * Run as a program (Playwright's webServer) it reads PORT, SHOP_WEBHOOK_URL,
 * TRUELAYER_CLIENT_ID, TRUELAYER_CLIENT_SECRET,
 * TRUELAYER_SIGNING_PUBLIC_KEY_PEM and WEBHOOKS; imported, it is
 * `startTrueLayerStandIn`.
 */

export interface TrueLayerStandInOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number
  /** The shop's webhook URI, as registered in Console; the signature covers its path. */
  readonly shopWebhookUrl: string
  readonly clientId: string
  readonly clientSecret: string
  /** The public half of the shop's request-signing key, as uploaded to Console. */
  readonly signingPublicKeyPem: string
  /** Webhooks wait for their order's release (see above). */
  readonly holdWebhooks?: boolean
  /** Between delivery attempts of a webhook the shop did not accept; default 500. */
  readonly retryDelayMillis?: number
}

/** One webhook and what became of it. */
export interface Delivery {
  readonly eventId: string
  readonly type: string
  readonly paymentId: string
  /** The shop's order, from the payment's metadata. */
  readonly orderId: string | undefined
  /** The shop's answer to the last attempt; 0 when it could not be reached (or not yet). */
  status: number
}

export interface TrueLayerStandIn {
  /** Both the API's and the auth server's base URL. */
  readonly url: string
  /** The `jku` its webhooks name: the shop's allow-list must hold it. */
  readonly jwksUrl: string
  readonly deliveries: readonly Delivery[]
  readonly close: () => Promise<void>
}

interface Refund {
  id: string
  amount_in_minor: number
  currency: string
  reference: string
  status: "pending" | "executed"
  created_at: string
  executed_at?: string
}

interface Payment {
  id: string
  amount_in_minor: number
  currency: string
  user: { id: string }
  payment_method: Record<string, unknown> & {
    provider_selection?: Record<string, unknown>
  }
  metadata: Record<string, string>
  created_at: string
  status: "authorization_required" | "executed" | "settled" | "failed"
  executed_at?: string
  settled_at?: string
  failed_at?: string
  failure_stage?: string
  failure_reason?: string
  resource_token: string
  refunds: Refund[]
}

/** Banks the hosted page offers: TrueLayer's sandbox mock providers' ids. */
const BANKS = [
  { id: "ob-sandbox-natwest", name: "NatWest" },
  { id: "ob-sandbox-barclays", name: "Barclays" },
  { id: "mock-payments-gb-redirect", name: "Mock UK Bank" },
] as const

const TOKEN_SECONDS = 3600
const WEBHOOK_KID = "stand-in-webhooks-1"

const b64url = (data: string | Buffer) => Buffer.from(data).toString("base64url")

/** TrueLayer's time stamps: ISO 8601 to the second, in UTC. */
const stamp = (at = new Date()) => `${at.toISOString().slice(0, 19)}Z`

/**
 * A `Tl-Signature` (v2) as TrueLayer signs its webhooks: the JWS header names
 * the key and where it is published, and the signed headers; the payload,
 * detached, is `POST {path}\n{Header}: {value}\n…{body}`.
 */
const signWebhook = (
  key: KeyObject,
  jku: string,
  path: string,
  headers: ReadonlyArray<readonly [string, string]>,
  body: string,
) => {
  const header = b64url(
    JSON.stringify({
      alg: "ES512",
      kid: WEBHOOK_KID,
      tl_version: "2",
      tl_headers: headers.map(([name]) => name).join(","),
      jku,
    }),
  )
  const payload = `POST ${path}\n${headers.map(([name, value]) => `${name}: ${value}\n`).join("")}${body}`
  const signature = ecSign("sha512", Buffer.from(`${header}.${b64url(payload)}`), {
    key,
    dsaEncoding: "ieee-p1363",
  })
  return `${header}..${b64url(signature)}`
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  )

const json = (response: ServerResponse, status: number, body?: unknown) => {
  if (body === undefined) {
    response.writeHead(status)
    return response.end()
  }
  response.writeHead(status, { "content-type": "application/json" })
  response.end(JSON.stringify(body))
}

/** TrueLayer's errors are RFC 7807 problems. */
const problem = (
  response: ServerResponse,
  status: number,
  title: string,
  detail: string,
  errors?: Record<string, string[]>,
) => {
  response.writeHead(status, { "content-type": "application/problem+json" })
  response.end(
    JSON.stringify({
      type: `https://docs.truelayer.com/docs/error-types#${title.toLowerCase().replace(/\W+/g, "-")}`,
      title,
      status,
      trace_id: randomBytes(16).toString("hex"),
      detail,
      ...(errors ? { errors } : {}),
    }),
  )
}

const html = (response: ServerResponse, status: number, title: string, main: string) => {
  response.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
  })
  response.end(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – TrueLayer (stand-in)</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #111; background: #f6f6f8; }
main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; }
fieldset { border: 0; padding: 0; margin: 0 0 1rem; }
label { display: block; padding: 0.5rem 0; }
button { font: inherit; padding: 0.6rem 1.2rem; margin-right: 0.5rem; border-radius: 4px; }
.approve { background: #0b5fff; color: #fff; border: 1px solid #0b5fff; }
.cancel { background: #fff; color: #111; border: 1px solid #555; }
</style>
</head>
<body><main>${main}</main></body>
</html>`)
}

const readBody = async (request: IncomingMessage) => {
  let text = ""
  for await (const chunk of request) text += chunk
  return text
}

const bearer = (request: IncomingMessage) =>
  /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1]

const headerRecord = (request: IncomingMessage): Record<string, string> => {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers[name] = value
  }
  return headers
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** What GET /v3/payments/{id} answers: everything but the resource token and the refunds. */
const paymentView = ({ resource_token: _token, refunds: _refunds, ...payment }: Payment) => payment

export const startTrueLayerStandIn = async (
  options: TrueLayerStandInOptions,
): Promise<TrueLayerStandIn> => {
  const webhookUrl = new URL(options.shopWebhookUrl)
  const retryDelay = options.retryDelayMillis ?? 500
  const webhookKey = generateKeyPairSync("ec", { namedCurve: "secp521r1" })
  const jwks = JSON.stringify({
    keys: [
      {
        ...webhookKey.publicKey.export({ format: "jwk" }),
        kid: WEBHOOK_KID,
        alg: "ES512",
        use: "sig",
      },
    ],
  })

  const tokens = new Map<string, number>()
  const payments = new Map<string, Payment>()
  /** Answers by endpoint and Idempotency-Key, with the hash of the body they answered. */
  const idempotent = new Map<
    string,
    { readonly bodyHash: string; readonly status: number; readonly body: unknown }
  >()
  const deliveries: Delivery[] = []
  const released = new Set<string>()
  const held = new Map<string, Array<() => void>>()
  let closing = false
  let base = ""

  const releaseOf = (orderId: string | undefined): Promise<void> => {
    if (!options.holdWebhooks || orderId === undefined || released.has(orderId)) {
      return Promise.resolve()
    }
    return new Promise((resolve) => held.set(orderId, [...(held.get(orderId) ?? []), resolve]))
  }

  const release = (orderId: string) => {
    released.add(orderId)
    for (const deliver of held.get(orderId) ?? []) deliver()
    held.delete(orderId)
  }

  /** A signed event to the shop, retried a few times as TrueLayer would (far fewer, far sooner). */
  const notify = async (payment: Payment, type: string, fields: Record<string, unknown>) => {
    const delivery: Delivery = {
      eventId: randomUUID(),
      type,
      paymentId: payment.id,
      orderId: payment.metadata.order_id,
      status: 0,
    }
    deliveries.push(delivery)
    const body = JSON.stringify({
      type,
      event_version: 1,
      event_id: delivery.eventId,
      payment_id: payment.id,
      ...fields,
    })
    await releaseOf(delivery.orderId)
    for (let attempt = 0; attempt < 5 && !closing; attempt++) {
      const timestamp = stamp()
      const signature = signWebhook(
        webhookKey.privateKey,
        `${base}/.well-known/jwks`,
        webhookUrl.pathname,
        [["X-Tl-Webhook-Timestamp", timestamp]],
        body,
      )
      try {
        const answer = await fetch(webhookUrl, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-tl-webhook-timestamp": timestamp,
            "tl-signature": signature,
          },
          body,
        })
        delivery.status = answer.status
        if (answer.ok) return
      } catch {
        delivery.status = 0
      }
      await new Promise((resolve) => setTimeout(resolve, retryDelay))
    }
  }

  const paymentMethodOf = (payment: Payment) => ({
    type: "bank_transfer",
    provider_id: payment.payment_method.provider_selection?.provider_id,
  })

  const execute = (payment: Payment, providerId: string) => {
    payment.payment_method.provider_selection = {
      ...payment.payment_method.provider_selection,
      provider_id: providerId,
      scheme_id: "faster_payments_service",
    }
    payment.status = "executed"
    payment.executed_at = stamp()
    void notify(payment, "payment_executed", {
      payment_method: paymentMethodOf(payment),
      executed_at: payment.executed_at,
      metadata: payment.metadata,
    })
  }

  const fail = (payment: Payment, reason: string) => {
    payment.failure_stage = payment.status
    payment.status = "failed"
    payment.failed_at = stamp()
    payment.failure_reason = reason
    void notify(payment, "payment_failed", {
      payment_method: paymentMethodOf(payment),
      failed_at: payment.failed_at,
      failure_stage: payment.failure_stage,
      failure_reason: reason,
      metadata: payment.metadata,
    })
  }

  const executeRefund = (payment: Payment, refund: Refund) => {
    refund.status = "executed"
    refund.executed_at = stamp()
    void notify(payment, "refund_executed", {
      refund_id: refund.id,
      executed_at: refund.executed_at,
      payment_method: paymentMethodOf(payment),
    })
  }

  const settle = (payment: Payment) => {
    payment.status = "settled"
    payment.settled_at = stamp()
    void notify(payment, "payment_settled", {
      payment_method: paymentMethodOf(payment),
      settled_at: payment.settled_at,
      metadata: payment.metadata,
    }).then(() => {
      // Refunds are paid out only from a settled payment.
      for (const refund of payment.refunds) {
        if (refund.status === "pending") executeRefund(payment, refund)
      }
    })
  }

  const token = async (request: IncomingMessage, response: ServerResponse) => {
    const form = new URLSearchParams(await readBody(request))
    if (form.get("grant_type") !== "client_credentials") {
      return json(response, 400, { error: "unsupported_grant_type" })
    }
    if (
      form.get("client_id") !== options.clientId ||
      form.get("client_secret") !== options.clientSecret
    ) {
      return json(response, 400, { error: "invalid_client" })
    }
    const value = randomBytes(24).toString("base64url")
    tokens.set(value, Date.now() + TOKEN_SECONDS * 1000)
    json(response, 200, {
      access_token: value,
      expires_in: TOKEN_SECONDS,
      token_type: "Bearer",
      scope: form.get("scope") ?? "payments",
    })
  }

  /**
   * A POST's common checks: the signature over its path, Idempotency-Key and
   * body, then a replay of the answer given earlier to the same key.
   */
  const signedPost = async (
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    handle: (body: unknown) => { readonly status: number; readonly body: unknown } | undefined,
  ) => {
    const raw = await readBody(request)
    const key = request.headers["idempotency-key"]
    if (typeof key !== "string" || key === "") {
      return problem(response, 400, "Invalid Parameters", "The Idempotency-Key header is required.")
    }
    const signature = request.headers["tl-signature"]
    try {
      if (typeof signature !== "string") throw new Error("missing")
      verify({
        publicKeyPem: options.signingPublicKeyPem,
        signature,
        method: "POST" as HttpMethod,
        path,
        body: raw,
        headers: headerRecord(request),
        requiredHeaders: ["Idempotency-Key"],
      })
    } catch {
      return problem(response, 401, "Unauthenticated", "Invalid request signature.")
    }
    const bodyHash = createHash("sha256").update(raw).digest("hex")
    const earlier = idempotent.get(`${path} ${key}`)
    if (earlier) {
      if (earlier.bodyHash !== bodyHash) {
        return problem(
          response,
          422,
          "Idempotency-Key Reuse",
          "The Idempotency-Key was used before with a different request.",
        )
      }
      return json(response, earlier.status, earlier.body)
    }
    let body: unknown
    try {
      body = raw === "" ? undefined : JSON.parse(raw)
    } catch {
      return problem(response, 400, "Invalid Parameters", "The body is not JSON.")
    }
    const answer = handle(body)
    if (answer === undefined) return
    // Only what succeeded is kept: a refused request may be corrected and sent again.
    if (answer.status < 300) idempotent.set(`${path} ${key}`, { bodyHash, ...answer })
    json(response, answer.status, answer.body)
  }

  const createPayment = (response: ServerResponse, body: unknown) => {
    const errors: Record<string, string[]> = {}
    const b = isRecord(body) ? body : {}
    const method = isRecord(b.payment_method) ? b.payment_method : {}
    const beneficiary = isRecord(method.beneficiary) ? method.beneficiary : {}
    const user = isRecord(b.user) ? b.user : {}
    const amount = b.amount_in_minor
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 1) {
      errors.amount_in_minor = ["Must be a positive integer."]
    }
    if (b.currency !== "GBP") errors.currency = ["Must be GBP."]
    if (method.type !== "bank_transfer") errors["payment_method.type"] = ["Unsupported."]
    if (!isRecord(method.provider_selection)) {
      errors["payment_method.provider_selection"] = ["Required."]
    }
    if (
      beneficiary.type !== "merchant_account" ||
      typeof beneficiary.merchant_account_id !== "string"
    ) {
      errors["payment_method.beneficiary"] = ["A merchant account beneficiary is required."]
    }
    if (
      typeof user.name !== "string" ||
      (typeof user.email !== "string" && typeof user.phone !== "string")
    ) {
      errors.user = ["A name and an email or phone are required."]
    }
    if (Object.keys(errors).length > 0) {
      problem(response, 400, "Invalid Parameters", "Some parameters are invalid.", errors)
      return undefined
    }
    const metadata: Record<string, string> = {}
    if (isRecord(b.metadata)) {
      for (const [name, value] of Object.entries(b.metadata)) {
        if (typeof value === "string") metadata[name] = value
      }
    }
    const payment: Payment = {
      id: randomUUID(),
      amount_in_minor: amount as number,
      currency: "GBP",
      user: { id: typeof user.id === "string" ? user.id : randomUUID() },
      payment_method: structuredClone(method),
      metadata,
      created_at: stamp(),
      status: "authorization_required",
      resource_token: randomBytes(32).toString("base64url"),
      refunds: [],
    }
    payments.set(payment.id, payment)
    return {
      status: 201,
      body: {
        id: payment.id,
        user: payment.user,
        resource_token: payment.resource_token,
        status: payment.status,
      },
    }
  }

  const cancelPayment = (response: ServerResponse, payment: Payment) => {
    if (payment.status !== "authorization_required") {
      problem(
        response,
        400,
        "Payment Cannot Be Cancelled",
        `A payment in status ${payment.status} cannot be cancelled.`,
      )
      return undefined
    }
    fail(payment, "canceled")
    return { status: 202, body: undefined }
  }

  const createRefund = (response: ServerResponse, payment: Payment, body: unknown) => {
    const b = isRecord(body) ? body : {}
    const refunded = payment.refunds.reduce((sum, r) => sum + r.amount_in_minor, 0)
    const amount = b.amount_in_minor ?? payment.amount_in_minor - refunded
    if (!["executed", "settled"].includes(payment.status)) {
      problem(
        response,
        400,
        "Payment Not Refundable",
        `A payment in status ${payment.status} cannot be refunded.`,
      )
      return undefined
    }
    if (typeof b.reference !== "string" || b.reference === "" || b.reference.length > 18) {
      problem(response, 400, "Invalid Parameters", "Some parameters are invalid.", {
        reference: ["Required, at most 18 characters."],
      })
      return undefined
    }
    if (
      typeof amount !== "number" ||
      !Number.isInteger(amount) ||
      amount < 1 ||
      amount > payment.amount_in_minor - refunded
    ) {
      problem(
        response,
        400,
        "Invalid Refund Amount",
        "The amount exceeds what is left to refund of the payment.",
      )
      return undefined
    }
    const refund: Refund = {
      id: randomUUID(),
      amount_in_minor: amount,
      currency: payment.currency,
      reference: b.reference,
      status: "pending",
      created_at: stamp(),
    }
    payment.refunds.push(refund)
    if (payment.status === "settled") executeRefund(payment, refund)
    return { status: 201, body: { id: refund.id } }
  }

  /**
   * The payment a hosted-page link or form names, with its token and the
   * shop's return address; undefined once the page saying why was written.
   */
  const linkedPayment = (params: URLSearchParams, response: ServerResponse) => {
    const payment = payments.get(params.get("payment_id") ?? "")
    const returnUri = params.get("return_uri") ?? ""
    if (!payment || params.get("resource_token") !== payment.resource_token) {
      html(
        response,
        404,
        "Payment not found",
        "<h1>Payment not found</h1><p>This payment link is not valid.</p>",
      )
      return undefined
    }
    if (!/^https?:\/\//.test(returnUri)) {
      html(
        response,
        400,
        "Invalid return address",
        "<h1>Invalid return address</h1><p>The shop gave no address to return to.</p>",
      )
      return undefined
    }
    return { payment, returnUri }
  }

  const hostedPage = (response: ServerResponse, url: URL) => {
    const linked = linkedPayment(url.searchParams, response)
    if (linked === undefined) return
    const { payment, returnUri } = linked
    if (payment.status !== "authorization_required") {
      const back = new URL(returnUri)
      back.searchParams.set("payment_id", payment.id)
      return html(
        response,
        200,
        "Payment already completed",
        `<h1>Payment already completed</h1><p><a href="${escapeHtml(back.href)}">Return to the shop</a></p>`,
      )
    }
    const pounds = (payment.amount_in_minor / 100).toFixed(2)
    const hidden = (name: string, value: string) =>
      `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`
    const banks = BANKS.map(
      (bank) =>
        `<label><input type="radio" name="provider_id" value="${bank.id}" required> ${bank.name}</label>`,
    ).join("\n")
    html(
      response,
      200,
      "Pay by bank",
      `<h1>Pay £${pounds} by bank</h1>
<form method="post" action="/hpp">
${hidden("payment_id", payment.id)}
${hidden("resource_token", payment.resource_token)}
${hidden("return_uri", returnUri)}
<fieldset>
<legend>Choose your bank</legend>
${banks}
</fieldset>
<button type="submit" class="approve" name="outcome" value="approve">Approve</button>
<button type="submit" class="cancel" name="outcome" value="cancel" formnovalidate>Cancel</button>
</form>`,
    )
  }

  const hostedOutcome = async (request: IncomingMessage, response: ServerResponse) => {
    const form = new URLSearchParams(await readBody(request))
    const linked = linkedPayment(form, response)
    if (linked === undefined) return
    const { payment, returnUri } = linked
    if (payment.status === "authorization_required") {
      const outcome = form.get("outcome")
      const bank = BANKS.find((b) => b.id === form.get("provider_id"))
      if (outcome === "approve" && !bank) {
        return html(
          response,
          400,
          "Choose your bank",
          "<h1>Choose your bank</h1><p>Go back and choose a bank before approving.</p>",
        )
      }
      if (outcome === "approve" && bank) execute(payment, bank.id)
      else fail(payment, "canceled")
    }
    const back = new URL(returnUri)
    back.searchParams.set("payment_id", payment.id)
    response.writeHead(303, { location: back.href })
    response.end()
  }

  /** The test hooks: an outcome at the bank without a browser. */
  const hook = (response: ServerResponse, url: URL, id: string, action: string) => {
    const payment = payments.get(id)
    if (!payment) return problem(response, 404, "Not Found", "No such payment.")
    const open = payment.status === "authorization_required"
    if (action === "approve" && open) execute(payment, BANKS[0].id)
    else if (action === "cancel" && open) fail(payment, "canceled")
    else if (action === "fail" && open) {
      fail(payment, url.searchParams.get("reason") ?? "authorization_failed")
    } else if (action === "settle" && payment.status === "executed") settle(payment)
    else {
      return problem(
        response,
        409,
        "Conflict",
        `A payment in status ${payment.status} cannot take "${action}".`,
      )
    }
    json(response, 200, paymentView(payment))
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", base)
    const method = request.method ?? "GET"
    const path = url.pathname

    if (method === "GET" && path === "/health") return json(response, 200, { status: "ok" })
    if (method === "GET" && path === "/.well-known/jwks") {
      response.writeHead(200, { "content-type": "application/json" })
      return response.end(jwks)
    }
    if (method === "POST" && path === "/connect/token") return token(request, response)
    if (method === "GET" && path === "/hpp") return hostedPage(response, url)
    if (method === "POST" && path === "/hpp") return hostedOutcome(request, response)
    if (method === "GET" && path === "/__stand-in/deliveries") {
      return json(response, 200, deliveries)
    }
    if (method === "POST" && path === "/__stand-in/deliveries/release") {
      const orderId = url.searchParams.get("orderId")
      if (!orderId) return problem(response, 400, "Invalid Parameters", "orderId is required.")
      release(orderId)
      return json(response, 200, { released: orderId })
    }
    const hooked = /^\/__stand-in\/payments\/([^/]+)\/(approve|cancel|fail|settle)$/.exec(path)
    if (method === "POST" && hooked) {
      return hook(response, url, decodeURIComponent(hooked[1] ?? ""), hooked[2] ?? "")
    }

    // Everything else is the shop's server speaking, with its token.
    const presented = bearer(request)
    const expiry = presented ? tokens.get(presented) : undefined
    if (expiry === undefined || expiry < Date.now()) {
      return problem(response, 401, "Unauthorized", "The access token is missing or invalid.")
    }
    if (method === "POST" && path === "/v3/payments") {
      return signedPost(request, response, path, (body) => createPayment(response, body))
    }
    const one = /^\/v3\/payments\/([^/]+)(\/actions\/cancel|\/refunds(?:\/([^/]+))?)?$/.exec(path)
    const payment = one ? payments.get(decodeURIComponent(one[1] ?? "")) : undefined
    if (one && !payment) return problem(response, 404, "Not Found", "No such payment.")
    if (payment && one) {
      const [, , tail, refundId] = one
      if (method === "GET" && tail === undefined) return json(response, 200, paymentView(payment))
      if (method === "POST" && tail === "/actions/cancel") {
        return signedPost(request, response, path, () => cancelPayment(response, payment))
      }
      if (method === "POST" && tail === "/refunds") {
        return signedPost(request, response, path, (body) => createRefund(response, payment, body))
      }
      if (method === "GET" && tail === "/refunds") {
        return json(response, 200, { items: payment.refunds })
      }
      if (method === "GET" && refundId !== undefined) {
        const refund = payment.refunds.find((r) => r.id === decodeURIComponent(refundId))
        if (!refund) return problem(response, 404, "Not Found", "No such refund.")
        return json(response, 200, refund)
      }
    }
    problem(response, 404, "Not Found", `No route for ${method} ${path}.`)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error("truelayer stand-in failed", error)
      if (!response.headersSent) problem(response, 500, "Internal Server Error", "")
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, () => resolve())
  })
  base = `http://localhost:${(server.address() as AddressInfo).port}`

  return {
    url: base,
    jwksUrl: `${base}/.well-known/jwks`,
    deliveries,
    close: () => {
      closing = true
      for (const orderId of held.keys()) release(orderId)
      return new Promise((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      })
    },
  }
}

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback
  if (value === undefined) throw new Error(`truelayer stand-in: ${name} is required`)
  return value
}

// Run as a program (Playwright's webServer), not imported by a test.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standIn = await startTrueLayerStandIn({
    port: Number(env("PORT", "3221")),
    shopWebhookUrl: env("SHOP_WEBHOOK_URL"),
    clientId: env("TRUELAYER_CLIENT_ID"),
    clientSecret: env("TRUELAYER_CLIENT_SECRET"),
    signingPublicKeyPem: env("TRUELAYER_SIGNING_PUBLIC_KEY_PEM"),
    holdWebhooks: env("WEBHOOKS", "immediate") === "held",
  })
  console.log(`TrueLayer stand-in on ${standIn.url}`)
}
