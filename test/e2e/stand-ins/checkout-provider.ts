import { randomBytes, randomUUID } from "node:crypto"
import { readFileSync } from "node:fs"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { pathToFileURL } from "node:url"
import { declineReasonOf, HOOK_CARDS, luhn, TEST_CARDS } from "./checkout-cards"
import { type CardDetails, makePayments, type Payment, type Session } from "./checkout-payments"
import { type Delivery, makeWebhooks } from "./checkout-webhooks"

/**
 * A stand-in for Checkout.com (card payments through Flow, decision 0070),
 * for the end-to-end suite on a machine that reaches no provider. Written
 * from Checkout.com's published API reference and its SDKs, it serves what
 * the shop's adapter (adapters/payments/src/checkout/gateway.ts) and a
 * customer's browser use, shaped as the real service answers:
 * - the shop's server, with `Authorization: Bearer <secret key>` (401
 *   without): POST /payment-sessions, GET /payments?reference=…&limit=…
 *   (newest first), GET /payments/{id}, GET /payments/{id}/actions (latest
 *   first; a decline's response code is only there), POST
 *   /payments/{id}/voids and /refunds (202 with an `action_id`; a void only of an Authorized payment,
 *   a refund only of a captured one, 403 otherwise). A `Cko-Idempotency-Key`
 *   replays the first successful answer to the same call, as Checkout.com
 *   documents it (whatever the body; a refused request is not remembered);
 * - the browser, with the public key (CORS open, as the real component
 *   calls from Checkout.com's origin): GET /index.js, a stand-in for Flow's
 *   script (checkout-web-components.js beside this file); POST
 *   /payment-sessions/{id}/pay with the session's secret and a card; POST
 *   /payment-sessions/{id}/payments/{payment id}/authentication, the
 *   customer's answer to a 3-D Secure challenge, which sends the browser to
 *   the session's success_url or failure_url; POST /metadata/card, the card
 *   lookup behind Flow's onCardBinChanged and acceptedCardTypes. The real
 *   component's own browser calls are not published: these are named after
 *   the public key's `payment-sessions:pay` scope and the metadata API;
 * - webhooks to the shop after each change (checkout-webhooks.ts):
 *   payment_approved then payment_captured, payment_declined,
 *   payment_voided, payment_refunded, signed with Cko-Signature.
 * Test cards are Checkout.com's own (checkout-cards.ts). Hooks for tests
 * that drive it without a browser: POST /__stand-in/sessions/{id}/pay
 * ?card=debit|credit|declined|3ds|3ds-debit|<number>[&capture=hold], POST
 * /__stand-in/payments/{id}/authenticate?outcome=completed|cancelled, POST
 * /__stand-in/payments/{id}/capture, GET /__stand-in/sessions?orderId=…,
 * GET /__stand-in/deliveries, POST /__stand-in/deliveries/release?orderId=…
 * (with WEBHOOKS=held an order's webhooks wait for it), POST
 * /__stand-in/outage?mode=unreachable|refund-answers-lost|off (the shop's
 * server calls dropped unanswered, or only refunds' answers lost on the
 * way back after the refund was made; hooks, Flow and webhooks carry on),
 * GET /health.
 *
 * Run as a program (Playwright's webServer) it reads PORT, SHOP_WEBHOOK_URL,
 * CHECKOUT_SECRET_KEY, CHECKOUT_PUBLIC_KEY, CHECKOUT_WEBHOOK_SIGNATURE_KEY,
 * CHECKOUT_PROCESSING_CHANNEL_ID (optional) and WEBHOOKS; imported, it is
 * `startCheckoutStandIn`.
 */

export interface CheckoutStandInOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number
  /** The shop's webhook endpoint, as registered in the Dashboard. */
  readonly shopWebhookUrl: string
  /** sk_…: the shop's server calls. */
  readonly secretKey: string
  /** pk_…: Flow's calls from the browser. */
  readonly publicKey: string
  /** The endpoint's signature key, which signs each webhook. */
  readonly webhookSignatureKey: string
  /** When given, a session must name this processing channel. */
  readonly processingChannelId?: string
  /** Webhooks wait for their order's release (see above). */
  readonly holdWebhooks?: boolean
  /** Between delivery attempts of a webhook the shop did not accept; default 500. */
  readonly retryDelayMillis?: number
}

export type { Delivery }

export interface CheckoutStandIn {
  /** The API's base URL (the adapter's `apiUrl`); Flow's script is at `${url}/index.js`. */
  readonly url: string
  readonly deliveries: readonly Delivery[]
  readonly close: () => Promise<void>
}

const script = readFileSync(new URL("./checkout-web-components.js", import.meta.url), "utf8")

/** Browser calls come from the shop's page, another origin. */
const CORS = { "access-control-allow-origin": "*" }

type Answer = { readonly status: number; readonly body?: unknown }

const json = (
  response: ServerResponse,
  { status, body }: Answer,
  headers: Record<string, string> = {},
) => {
  const common = { "cko-request-id": randomUUID(), ...headers }
  if (body === undefined) {
    response.writeHead(status, common)
    return response.end()
  }
  response.writeHead(status, { ...common, "content-type": "application/json; charset=utf-8" })
  response.end(JSON.stringify(body))
}

/** Checkout.com's errors: `{ request_id, error_type, error_codes }`. */
const error = (status: number, errorType: string, errorCodes?: string[]): Answer => ({
  status,
  body: {
    request_id: randomUUID(),
    error_type: errorType,
    ...(errorCodes ? { error_codes: errorCodes } : {}),
  },
})
const invalid = (...codes: string[]) => error(422, "request_invalid", codes)
const notAllowed = () => error(403, "action_not_allowed")
/** Unknown keys and unknown resources answer with no body, as the real API does. */
const UNAUTHORIZED: Answer = { status: 401 }
const NOT_FOUND: Answer = { status: 404 }

const readBody = async (request: IncomingMessage) => {
  let text = ""
  for await (const chunk of request) text += chunk
  return text
}

const parse = (raw: string): unknown => {
  if (raw === "") return {}
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {})

const isUrl = (value: unknown) => typeof value === "string" && URL.canParse(value)

const bearer = (request: IncomingMessage) =>
  /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1]

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
/** Session ids are `ps_` and 27 letters and digits. */
const sessionId = () => `ps_${[...randomBytes(27)].map((b) => base62[b % 62]).join("")}`

export const startCheckoutStandIn = async (
  options: CheckoutStandInOptions,
): Promise<CheckoutStandIn> => {
  let base = ""
  const webhooks = makeWebhooks({
    shopWebhookUrl: options.shopWebhookUrl,
    signatureKey: options.webhookSignatureKey,
    holdWebhooks: options.holdWebhooks ?? false,
    retryDelayMillis: options.retryDelayMillis ?? 500,
    apiUrl: () => base,
  })
  const payments = makePayments(webhooks, () => base)
  /** Successful answers by call and Cko-Idempotency-Key. */
  const idempotent = new Map<string, Answer>()
  /** What the shop's server meets when it calls (the outage hook): every call answered when off. */
  let outage: "off" | "unreachable" | "refund-answers-lost" = "off"

  /** A call that moves money: a key seen before replays its first successful answer. */
  const once = (request: IncomingMessage, path: string, answer: () => Answer): Answer => {
    const key = request.headers["cko-idempotency-key"]
    const slot = typeof key === "string" && key !== "" ? `${path} ${key}` : undefined
    const earlier = slot ? idempotent.get(slot) : undefined
    if (earlier) return earlier
    const fresh = answer()
    if (slot && fresh.status < 300) idempotent.set(slot, fresh)
    return fresh
  }

  const createSession = (body: Record<string, unknown>): Answer => {
    const errors: string[] = []
    const { amount, currency, reference, metadata, customer } = body
    if (amount === undefined) errors.push("amount_required")
    else if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 1) {
      errors.push("amount_invalid")
    }
    if (currency === undefined) errors.push("currency_required")
    else if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) {
      errors.push("currency_invalid")
    }
    if (reference !== undefined && (typeof reference !== "string" || reference.length > 80)) {
      errors.push("reference_invalid")
    }
    const country = record(record(body.billing).address).country
    if (typeof country !== "string" || !/^[A-Z]{2}$/.test(country)) {
      errors.push("billing_address_country_invalid")
    }
    if (!isUrl(body.success_url)) errors.push("success_url_invalid")
    if (!isUrl(body.failure_url)) errors.push("failure_url_invalid")
    const channel = body.processing_channel_id
    if (typeof channel !== "string" || !channel.startsWith("pc_")) {
      errors.push("processing_channel_id_invalid")
    } else if (options.processingChannelId && channel !== options.processingChannelId) {
      errors.push("processing_channel_id_invalid")
    }
    const expires = body.expires_on === undefined ? undefined : Date.parse(String(body.expires_on))
    if (expires !== undefined && (Number.isNaN(expires) || expires <= Date.now())) {
      errors.push("expires_on_invalid")
    }
    if (metadata !== undefined && !isRecord(metadata)) errors.push("metadata_invalid")
    if (customer !== undefined && !isRecord(customer)) errors.push("customer_invalid")
    if (body.capture !== undefined && typeof body.capture !== "boolean") {
      errors.push("capture_invalid")
    }
    if (errors.length > 0) return invalid(...errors)

    const id = sessionId()
    const expiresOn = new Date(expires ?? Date.now() + 86_400_000).toISOString()
    const locale = typeof body.locale === "string" ? body.locale : "en-GB"
    const who = record(customer)
    const session: Session = {
      id,
      secret: `pss_${randomUUID()}`,
      // Opaque to the shop; the stand-in's Flow reads what it shows from it.
      token: Buffer.from(
        JSON.stringify({ id, amount, currency, locale, expires_on: expiresOn }),
      ).toString("base64url"),
      amount: amount as number,
      currency: currency as string,
      reference: reference as string | undefined,
      successUrl: body.success_url as string,
      failureUrl: body.failure_url as string,
      metadata: record(metadata),
      expiresOn,
      customer: isRecord(customer)
        ? {
            ...(typeof who.name === "string" ? { name: who.name } : {}),
            ...(typeof who.email === "string" ? { email: who.email } : {}),
          }
        : undefined,
      capture: body.capture !== false,
      locale,
    }
    payments.sessions.set(id, session)
    return {
      status: 201,
      body: {
        id,
        payment_session_token: session.token,
        payment_session_secret: session.secret,
        _links: { self: { href: `${base}/payment-sessions/${id}` } },
      },
    }
  }

  const listPayments = (url: URL): Answer => {
    const reference = url.searchParams.get("reference")
    const limit = Number(url.searchParams.get("limit") ?? 10)
    const skip = Number(url.searchParams.get("skip") ?? 0)
    const errors: string[] = []
    if (!reference) errors.push("reference_required")
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) errors.push("limit_invalid")
    if (!Number.isInteger(skip) || skip < 0) errors.push("skip_invalid")
    if (errors.length > 0 || !reference) return invalid(...errors)
    const all = payments.byReference(reference)
    return {
      status: 200,
      body: {
        limit,
        skip,
        total_count: all.length,
        data: all.slice(skip, skip + limit).map(payments.view),
      },
    }
  }

  const accepted = (payment: Payment, action: { id: string; reference: string | undefined }) => ({
    status: 202,
    body: {
      action_id: action.id,
      ...(action.reference ? { reference: action.reference } : {}),
      _links: { payment: { href: `${base}/payments/${payment.id}` } },
    },
  })

  const voidPayment = (payment: Payment, body: Record<string, unknown>): Answer => {
    // Only an authorisation not yet captured can be voided; a captured payment is refunded.
    if (payment.status !== "Authorized") return notAllowed()
    const reference = typeof body.reference === "string" ? body.reference : undefined
    return accepted(payment, payments.voidPayment(payment, reference))
  }

  const refundPayment = (payment: Payment, body: Record<string, unknown>): Answer => {
    const available = payments.balancesOf(payment).available_to_refund
    if (available <= 0) return notAllowed()
    const amount = body.amount ?? available
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 1) {
      return invalid("amount_invalid")
    }
    if (amount > available) return invalid("refund_amount_exceeds_balance")
    const reference = typeof body.reference === "string" ? body.reference : undefined
    return accepted(payment, payments.refund(payment, amount, reference))
  }

  /**
   * Why a session cannot take another payment, or undefined when it can: it
   * takes another card after a decline, or after a challenge left unanswered
   * (the customer reloaded the page), but not after one was approved. The
   * error codes are the stand-in's own; the reference names none for this.
   */
  const closed = (session: Session) => {
    if (Date.parse(session.expiresOn) <= Date.now()) return "payment_session_expired"
    if (payments.ofSession(session).some((p) => p.approved)) return "payment_session_completed"
    return undefined
  }

  /** The browser's card, checked as Flow checks it before paying. */
  const cardFrom = (value: unknown): CardDetails | string => {
    const card = record(value)
    const number = typeof card.number === "string" ? card.number.replace(/\D/g, "") : ""
    const month = Number(card.expiry_month)
    const year = Number(card.expiry_year)
    const now = new Date()
    if (!luhn(number)) return "card_number_invalid"
    if (!Number.isInteger(month) || month < 1 || month > 12) return "card_expiry_month_invalid"
    if (!Number.isInteger(year) || year * 12 + month <= now.getFullYear() * 12 + now.getMonth()) {
      return "card_expired"
    }
    if (typeof card.cvv !== "string" || !/^\d{3,4}$/.test(card.cvv)) return "cvv_invalid"
    return { number, expiryMonth: month, expiryYear: year, name: String(card.name ?? "") }
  }

  /** What Flow hears back about a payment, as the Submit Payment Session API answers. */
  const flowAnswer = (payment: Payment): Answer => {
    if (payment.status === "Pending") {
      return {
        status: 202,
        body: {
          id: payment.id,
          status: "Action Required",
          type: "card",
          action: { type: "3ds", session_id: payment.threeDs?.sessionId },
        },
      }
    }
    if (payment.status === "Declined") {
      const code = payment.actions.at(-1)?.response_code ?? ""
      return {
        status: 201,
        body: {
          id: payment.id,
          status: "Declined",
          type: "card",
          decline_reason: declineReasonOf(code),
        },
      }
    }
    return { status: 201, body: { id: payment.id, status: "Approved", type: "card" } }
  }

  const browserPay = (session: Session, body: Record<string, unknown>): Answer => {
    if (body.payment_session_secret !== session.secret) return UNAUTHORIZED
    const why = closed(session)
    if (why) return invalid(why)
    const card = cardFrom(body.card)
    if (typeof card === "string") return invalid(card)
    return flowAnswer(payments.pay(session, card))
  }

  /** Where Flow sends the customer after a challenge, with the ids Checkout.com appends. */
  const returnUrl = (payment: Payment) => {
    const to = new URL(payment.approved ? payment.session.successUrl : payment.session.failureUrl)
    to.searchParams.set("cko-payment-session-id", payment.session.id)
    to.searchParams.set("cko-session-id", payment.threeDs?.sessionId ?? "")
    to.searchParams.set("cko-payment-id", payment.id)
    return to.href
  }

  const browserAuthenticate = (payment: Payment, body: Record<string, unknown>): Answer => {
    if (body.payment_session_secret !== payment.session.secret) return UNAUTHORIZED
    if (payment.status !== "Pending") return invalid("payment_not_pending")
    payments.authenticate(payment, body.outcome === "completed")
    return {
      status: 200,
      body: {
        id: payment.id,
        status: payment.approved ? "Approved" : "Declined",
        redirect_url: returnUrl(payment),
      },
    }
  }

  /** The card metadata API's basic answer for a BIN of one of the test cards. */
  const cardMetadata = (body: Record<string, unknown>): Answer => {
    const source = record(body.source)
    const digits = String(source.bin ?? source.number ?? "").replace(/\D/g, "")
    if (digits.length < 6) return invalid("source_bin_invalid")
    const bin = digits.slice(0, 8)
    const found = Object.entries(TEST_CARDS).find(([number]) => number.startsWith(bin))
    if (!found) return NOT_FOUND
    const [, card] = found
    return {
      status: 200,
      body: {
        bin,
        scheme: card.scheme.toLowerCase(),
        card_type: card.cardType,
        card_category: "CONSUMER",
        issuer_country: card.issuerCountry,
      },
    }
  }

  const sessionSummary = (session: Session) => ({
    id: session.id,
    reference: session.reference,
    orderId: session.metadata.order_id,
    amount: session.amount,
    currency: session.currency,
    expires_on: session.expiresOn,
    payments: payments.ofSession(session).map((p) => ({ id: p.id, status: p.status })),
  })

  /** The test hooks: a customer's doings without a browser. */
  const hook = (method: string, path: string, url: URL): Answer | undefined => {
    if (method === "GET" && path === "/__stand-in/deliveries") {
      return { status: 200, body: webhooks.deliveries }
    }
    if (method === "POST" && path === "/__stand-in/deliveries/release") {
      const orderId = url.searchParams.get("orderId")
      if (!orderId) return invalid("order_id_required")
      webhooks.release(orderId)
      return { status: 200, body: { released: orderId } }
    }
    if (method === "POST" && path === "/__stand-in/outage") {
      const mode = url.searchParams.get("mode")
      if (mode !== "off" && mode !== "unreachable" && mode !== "refund-answers-lost") {
        return invalid("mode_invalid")
      }
      outage = mode
      return { status: 200, body: { outage } }
    }
    if (method === "GET" && path === "/__stand-in/sessions") {
      const orderId = url.searchParams.get("orderId")
      const reference = url.searchParams.get("reference")
      const found = [...payments.sessions.values()].filter(
        (s) =>
          (orderId === null || s.metadata.order_id === orderId) &&
          (reference === null || s.reference === reference),
      )
      return { status: 200, body: found.map(sessionSummary) }
    }
    const paid = /^\/__stand-in\/sessions\/([^/]+)\/pay$/.exec(path)
    if (method === "POST" && paid) {
      const session = payments.sessions.get(decodeURIComponent(paid[1] ?? ""))
      if (!session) return NOT_FOUND
      const why = closed(session)
      if (why) return error(409, why)
      const asked = url.searchParams.get("card") ?? "debit"
      const number = HOOK_CARDS[asked] ?? asked.replace(/\D/g, "")
      if (!luhn(number)) return invalid("card_number_invalid")
      const year = new Date().getFullYear() + 3
      const details = { number, expiryMonth: 12, expiryYear: year, name: "Jordan Smith" }
      const held = url.searchParams.get("capture") === "hold"
      return { status: 200, body: payments.view(payments.pay(session, details, held)) }
    }
    const acted = /^\/__stand-in\/payments\/([^/]+)\/(authenticate|capture)$/.exec(path)
    if (method === "POST" && acted) {
      const payment = payments.payments.get(decodeURIComponent(acted[1] ?? ""))
      if (!payment) return NOT_FOUND
      if (acted[2] === "authenticate") {
        if (payment.status !== "Pending") return error(409, "payment_not_pending")
        payments.authenticate(payment, url.searchParams.get("outcome") !== "cancelled")
      } else {
        if (payment.status !== "Authorized") return error(409, "payment_not_authorized")
        payments.capture(payment)
      }
      return { status: 200, body: payments.view(payment) }
    }
    return undefined
  }

  /** Flow's calls, with the public key; undefined when the path is not one of them. */
  const browser = async (
    request: IncomingMessage,
    method: string,
    path: string,
  ): Promise<Answer | undefined> => {
    const pay = /^\/payment-sessions\/([^/]+)\/pay$/.exec(path)
    const auth = /^\/payment-sessions\/([^/]+)\/payments\/([^/]+)\/authentication$/.exec(path)
    if (method !== "POST" || (!pay && !auth && path !== "/metadata/card")) return undefined
    const key = bearer(request)
    const body = parse(await readBody(request))
    if (path === "/metadata/card") {
      if (key !== options.publicKey && key !== options.secretKey) return UNAUTHORIZED
      return isRecord(body) ? cardMetadata(body) : invalid("request_body_invalid")
    }
    if (key !== options.publicKey) return UNAUTHORIZED
    if (!isRecord(body)) return invalid("request_body_invalid")
    const session = payments.sessions.get(decodeURIComponent((pay ?? auth)?.[1] ?? ""))
    if (!session) return NOT_FOUND
    if (pay) return browserPay(session, body)
    const payment = payments.payments.get(decodeURIComponent(auth?.[2] ?? ""))
    if (!payment || payment.session !== session) return NOT_FOUND
    return browserAuthenticate(payment, body)
  }

  /** The shop's server's calls, with the secret key. */
  const api = async (request: IncomingMessage, method: string, path: string, url: URL) => {
    if (bearer(request) !== options.secretKey) return UNAUTHORIZED
    if (method === "GET" && path === "/payments") return listPayments(url)
    const history = /^\/payments\/([^/]+)\/actions$/.exec(path)
    if (method === "GET" && history) {
      const payment = payments.payments.get(decodeURIComponent(history[1] ?? ""))
      return payment ? { status: 200, body: payments.actionsView(payment) } : NOT_FOUND
    }
    const one = /^\/payments\/([^/]+)(\/voids|\/refunds)?$/.exec(path)
    const payment = one ? payments.payments.get(decodeURIComponent(one[1] ?? "")) : undefined
    if (method === "GET" && one && !one[2])
      return payment ? { status: 200, body: payments.view(payment) } : NOT_FOUND
    if (method !== "POST" || (path !== "/payment-sessions" && !one?.[2])) return NOT_FOUND
    const body = parse(await readBody(request))
    if (!isRecord(body)) return invalid("request_body_invalid")
    if (path === "/payment-sessions") return once(request, path, () => createSession(body))
    if (!payment) return NOT_FOUND
    return once(request, path, () =>
      one?.[2] === "/voids" ? voidPayment(payment, body) : refundPayment(payment, body),
    )
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", base)
    const method = request.method ?? "GET"
    const path = url.pathname
    if (method === "OPTIONS") {
      response.writeHead(204, {
        ...CORS,
        "access-control-allow-methods": "GET, POST",
        "access-control-allow-headers": "authorization, content-type",
        "access-control-max-age": "600",
      })
      return response.end()
    }
    if (method === "GET" && path === "/health")
      return json(response, { status: 200, body: { status: "ok" } })
    if (method === "GET" && path === "/index.js") {
      response.writeHead(200, {
        ...CORS,
        "content-type": "text/javascript; charset=utf-8",
        "cache-control": "no-store",
      })
      return response.end(script)
    }
    if (path.startsWith("/__stand-in/")) {
      return json(response, hook(method, path, url) ?? NOT_FOUND)
    }
    const fromBrowser = await browser(request, method, path)
    if (fromBrowser) return json(response, fromBrowser, CORS)
    // The connection closed with no answer: to the shop, the provider could not be reached.
    if (outage === "unreachable") return void response.destroy()
    const answer = await api(request, method, path, url)
    if (outage === "refund-answers-lost" && method === "POST" && /\/refunds$/.test(path)) {
      return void response.destroy()
    }
    json(response, answer)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((cause: unknown) => {
      console.error("checkout stand-in failed", cause)
      if (!response.headersSent) json(response, { status: 500 })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, () => resolve())
  })
  base = `http://localhost:${(server.address() as AddressInfo).port}`

  return {
    url: base,
    deliveries: webhooks.deliveries,
    close: () => {
      webhooks.close()
      return new Promise((resolve, reject) => {
        server.closeAllConnections()
        server.close((cause) => (cause ? reject(cause) : resolve()))
      })
    },
  }
}

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback
  if (value === undefined) throw new Error(`checkout stand-in: ${name} is required`)
  return value
}

// Run as a program (Playwright's webServer), not imported by a test.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standIn = await startCheckoutStandIn({
    port: Number(env("PORT", "3231")),
    shopWebhookUrl: env("SHOP_WEBHOOK_URL"),
    secretKey: env("CHECKOUT_SECRET_KEY"),
    publicKey: env("CHECKOUT_PUBLIC_KEY"),
    webhookSignatureKey: env("CHECKOUT_WEBHOOK_SIGNATURE_KEY"),
    ...(process.env.CHECKOUT_PROCESSING_CHANNEL_ID
      ? { processingChannelId: process.env.CHECKOUT_PROCESSING_CHANNEL_ID }
      : {}),
    holdWebhooks: env("WEBHOOKS", "immediate") === "held",
  })
  console.log(`Checkout.com stand-in on ${standIn.url}`)
}
