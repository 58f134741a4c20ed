import { createHmac, randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"

/**
 * A stand-in for Stripe, for the end-to-end suite on a machine that reaches
 * no provider. It serves what the shop and its payment page use, shaped as
 * the real service answers:
 * - /v3/: a stand-in Stripe.js (stripe-js.js beside this file);
 * - the REST calls of the shop's adapter (secret key): create, retrieve and
 *   cancel a payment intent, refund one;
 * - the call the stand-in Stripe.js makes with the publishable key and the
 *   intent's client secret to confirm it with a card: 4242 4242 4242 4242
 *   succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 lacks funds;
 * - after each outcome, a webhook signed with the endpoint's secret, as the
 *   provider sends it, to the shop's status-notification route.
 * With WEBHOOKS=held an order's webhooks wait until the journey releases
 * them (POST /__stand-in/deliveries/release?orderId=…), as the real ones
 * come a little after the browser hears: the journeys show the shop acting
 * on what the browser reports, in the order they choose, never on a
 * webhook that happened to win a race against a clock.
 * The signing is written here again rather than imported from the shop, so
 * the shop's verification is checked against an independent signer.
 *
 * Like the real provider, a declined intent may be confirmed again.
 */

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback
  if (value === undefined) throw new Error(`stripe stand-in: ${name} is required`)
  return value
}

const port = Number(env("PORT", "3211"))
const shopUrl = env("SHOP_URL")
const secretKey = env("STRIPE_SECRET_KEY")
const publishableKey = env("STRIPE_PUBLISHABLE_KEY")
const webhookSecret = env("STRIPE_WEBHOOK_SECRET")
const holdWebhooks = env("WEBHOOKS", "immediate") === "held"
const NOTIFICATION_PATH = "/api/Orders/payments/status-notification"

const script = readFileSync(new URL("./stripe-js.js", import.meta.url), "utf8")

interface PaymentError {
  type: string
  code: string
  decline_code?: string
  message: string
}

interface Intent {
  id: string
  object: "payment_intent"
  amount: number
  currency: string
  status: string
  client_secret: string
  last_payment_error: PaymentError | null
  cancellation_reason: string | null
  metadata: Record<string, string>
}

interface Delivery {
  eventId: string
  type: string
  intentId: string
  /** The shop's order, from the intent's metadata. */
  orderId: string | undefined
  /** The shop's answer to the last attempt; 0 when it could not be reached. */
  status: number
}

const intents = new Map<string, Intent>()
const idempotent = new Map<string, Intent>()
const deliveries: Delivery[] = []

/** Orders whose webhooks go out at once: released by the journey (WEBHOOKS=held). */
const released = new Set<string>()
/** Webhooks waiting for their order's release. */
const held = new Map<string, Array<() => void>>()

const releaseOf = (orderId: string | undefined): Promise<void> => {
  if (!holdWebhooks || orderId === undefined || released.has(orderId)) return Promise.resolve()
  return new Promise((resolve) => held.set(orderId, [...(held.get(orderId) ?? []), resolve]))
}

const release = (orderId: string) => {
  released.add(orderId)
  for (const deliver of held.get(orderId) ?? []) deliver()
  held.delete(orderId)
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`

const DECLINES: Record<string, PaymentError> = {
  "4000000000000002": {
    type: "card_error",
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined.",
  },
  "4000000000009995": {
    type: "card_error",
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
}
const GOOD_CARD = "4242424242424242"

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json" })
  response.end(JSON.stringify(body))
}

const apiError = (
  response: ServerResponse,
  status: number,
  error: Record<string, unknown> & { type: string; message: string },
) => send(response, status, { error })

const readForm = async (request: IncomingMessage) => {
  let text = ""
  for await (const chunk of request) text += chunk
  return new URLSearchParams(text)
}

const bearer = (request: IncomingMessage) =>
  /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1]

/** A signed event to the shop, retried a few times as the provider would (far fewer, far sooner). */
const notify = async (type: string, intent: Intent) => {
  const delivery: Delivery = {
    eventId: newId("evt"),
    type,
    intentId: intent.id,
    orderId: intent.metadata.order_id,
    status: 0,
  }
  deliveries.push(delivery)
  const body = JSON.stringify({
    id: delivery.eventId,
    object: "event",
    type,
    data: { object: intent },
  })
  await releaseOf(delivery.orderId)
  for (let attempt = 0; attempt < 5; attempt++) {
    const timestamp = Math.floor(Date.now() / 1000)
    const signature = createHmac("sha256", webhookSecret)
      .update(`${timestamp}.${body}`)
      .digest("hex")
    try {
      const answer = await fetch(`${shopUrl}${NOTIFICATION_PATH}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "stripe-signature": `t=${timestamp},v1=${signature}`,
        },
        body,
      })
      delivery.status = answer.status
      if (answer.ok) return
    } catch {
      delivery.status = 0
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

const createIntent = async (request: IncomingMessage, response: ServerResponse) => {
  const key = request.headers["idempotency-key"]
  const earlier = typeof key === "string" ? idempotent.get(key) : undefined
  if (earlier) return send(response, 200, earlier)
  const form = await readForm(request)
  const amount = Number(form.get("amount"))
  if (!Number.isInteger(amount) || amount < 1 || !form.get("currency")) {
    return apiError(response, 400, {
      type: "invalid_request_error",
      message: "amount and currency are required",
    })
  }
  const id = newId("pi")
  const metadata: Record<string, string> = {}
  for (const [name, value] of form) {
    const field = /^metadata\[(.+)\]$/.exec(name)?.[1]
    if (field) metadata[field] = value
  }
  const intent: Intent = {
    id,
    object: "payment_intent",
    amount,
    currency: form.get("currency") ?? "gbp",
    status: "requires_payment_method",
    client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
    last_payment_error: null,
    cancellation_reason: null,
    metadata,
  }
  intents.set(id, intent)
  if (typeof key === "string") idempotent.set(key, intent)
  send(response, 200, intent)
}

const unexpectedState = (response: ServerResponse, intent: Intent, action: string) =>
  apiError(response, 400, {
    type: "invalid_request_error",
    code: "payment_intent_unexpected_state",
    message: `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
    payment_intent: intent,
  })

const confirmIntent = async (
  request: IncomingMessage,
  response: ServerResponse,
  intent: Intent,
) => {
  const form = await readForm(request)
  if (form.get("client_secret") !== intent.client_secret) {
    return apiError(response, 400, {
      type: "invalid_request_error",
      message: "The client_secret provided does not match this PaymentIntent.",
    })
  }
  if (intent.status === "succeeded" || intent.status === "canceled") {
    return unexpectedState(response, intent, "confirm")
  }
  const number = (form.get("payment_method_data[card][number]") ?? "").replace(/\D/g, "")
  const decline =
    DECLINES[number] ??
    (number === GOOD_CARD
      ? undefined
      : {
          type: "card_error",
          code: "incorrect_number",
          message: "Your card number is incorrect.",
        })
  if (decline) {
    intent.status = "requires_payment_method"
    intent.last_payment_error = decline
    void notify("payment_intent.payment_failed", { ...intent })
    return apiError(response, 402, { ...decline, payment_intent: intent })
  }
  intent.status = "succeeded"
  intent.last_payment_error = null
  void notify("payment_intent.succeeded", { ...intent })
  send(response, 200, intent)
}

const handle = async (request: IncomingMessage, response: ServerResponse) => {
  const url = new URL(request.url ?? "/", `http://localhost:${port}`)
  const method = request.method ?? "GET"
  // The stand-in Stripe.js calls from the shop's origin, as the real one calls api.stripe.com.
  response.setHeader("access-control-allow-origin", "*")
  if (method === "OPTIONS") {
    response.writeHead(204, {
      "access-control-allow-methods": "GET, POST",
      "access-control-allow-headers": "authorization, content-type",
    })
    return response.end()
  }
  if (method === "GET" && url.pathname === "/health") return send(response, 200, { status: "ok" })
  if (method === "GET" && (url.pathname === "/v3/" || url.pathname === "/v3")) {
    response.writeHead(200, {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "no-store",
    })
    return response.end(script)
  }
  if (method === "GET" && url.pathname === "/__stand-in/deliveries") {
    return send(response, 200, deliveries)
  }
  if (method === "POST" && url.pathname === "/__stand-in/deliveries/release") {
    const orderId = url.searchParams.get("orderId")
    if (!orderId)
      return apiError(response, 400, { type: "invalid_request_error", message: "orderId" })
    release(orderId)
    return send(response, 200, { released: orderId })
  }

  const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname)
  if (method === "POST" && confirm) {
    if (bearer(request) !== publishableKey) {
      return apiError(response, 401, {
        type: "invalid_request_error",
        message: "Invalid API Key provided.",
      })
    }
    const intent = intents.get(decodeURIComponent(confirm[1] ?? ""))
    if (!intent) {
      return apiError(response, 404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: "No such payment_intent.",
      })
    }
    return confirmIntent(request, response, intent)
  }

  // Everything else is the shop's server speaking, with the secret key.
  if (bearer(request) !== secretKey) {
    return apiError(response, 401, {
      type: "invalid_request_error",
      message: "Invalid API Key provided.",
    })
  }
  if (method === "POST" && url.pathname === "/v1/payment_intents") {
    return createIntent(request, response)
  }
  if (method === "POST" && url.pathname === "/v1/refunds") {
    const form = await readForm(request)
    const intent = intents.get(form.get("payment_intent") ?? "")
    if (intent?.status !== "succeeded") {
      return apiError(response, 400, {
        type: "invalid_request_error",
        code: "charge_not_refundable",
        message: "This PaymentIntent has no successful charge to refund.",
      })
    }
    return send(response, 200, {
      id: newId("re"),
      object: "refund",
      amount: Number(form.get("amount") ?? intent.amount),
      payment_intent: intent.id,
      status: "succeeded",
    })
  }
  const one = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(url.pathname)
  const intent = one ? intents.get(decodeURIComponent(one[1] ?? "")) : undefined
  if (one && !intent) {
    return apiError(response, 404, {
      type: "invalid_request_error",
      code: "resource_missing",
      message: "No such payment_intent.",
    })
  }
  if (intent && method === "GET" && !one?.[2]) return send(response, 200, intent)
  if (intent && method === "POST" && one?.[2]) {
    if (intent.status === "succeeded" || intent.status === "canceled") {
      return unexpectedState(response, intent, "cancel")
    }
    const form = await readForm(request)
    intent.status = "canceled"
    intent.cancellation_reason = form.get("cancellation_reason")
    void notify("payment_intent.canceled", { ...intent })
    return send(response, 200, intent)
  }
  apiError(response, 404, {
    type: "invalid_request_error",
    message: `Unrecognized request URL (${method}: ${url.pathname}).`,
  })
}

createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    console.error("stripe stand-in failed", error)
    if (!response.headersSent) send(response, 500, { error: { type: "api_error", message: "" } })
  })
}).listen(port, () => console.log(`Stripe stand-in on http://localhost:${port}`))
