import { createHmac, randomBytes } from "node:crypto"

/**
 * The Checkout.com stand-in's webhooks (checkout-provider.ts): each event
 * POSTed to the shop's endpoint as Checkout.com sends it, `{ id, type,
 * version, created_on, data, _links }`, with `Cko-Signature`, the hex
 * HMAC-SHA256 of the raw body under the endpoint's signature key. The
 * signing is written here rather than imported from the shop, so the shop's
 * verification is checked against an independent signer.
 *
 * A delivery the shop does not accept (non-2xx, or unreachable) is retried
 * a few times, as Checkout.com retries (far fewer, far sooner). A payment's
 * events go out one after another in the order they happened
 * (payment_approved before payment_captured); held, an order's events wait
 * for the journey to release them, as with the Stripe and TrueLayer
 * stand-ins beside this file.
 */

/** One webhook and what became of it. */
export interface Delivery {
  readonly eventId: string
  readonly type: string
  readonly paymentId: string
  /** The session's reference, which every payment and event carries. */
  readonly reference: string | undefined
  /** The shop's order, from the payment's metadata. */
  readonly orderId: string | undefined
  /** The shop's answer to the last attempt; 0 when it could not be reached (or not yet). */
  status: number
}

export interface WebhookOptions {
  readonly shopWebhookUrl: string
  readonly signatureKey: string
  readonly holdWebhooks: boolean
  readonly retryDelayMillis: number
  /** The stand-in's base URL, for the events' links; known once it listens. */
  readonly apiUrl: () => string
}

/** The event's `data`: the payment's id always, the rest by event type. */
export type EventData = Record<string, unknown> & {
  readonly id: string
  readonly reference?: string
  readonly metadata?: Record<string, unknown>
}

const ATTEMPTS = 5
/** The event schema version Checkout.com's examples carry. */
const EVENT_VERSION = "1.0.33"

const base32 = "abcdefghijklmnopqrstuvwxyz234567"
/** Checkout.com's ids: a prefix and 26 base32 characters (`pay_…`, `evt_…`, `act_…`). */
export const ckoId = (prefix: string) =>
  `${prefix}_${[...randomBytes(26)].map((b) => base32[b & 31]).join("")}`

export const makeWebhooks = (options: WebhookOptions) => {
  const deliveries: Delivery[] = []
  const released = new Set<string>()
  const held = new Map<string, Array<() => void>>()
  const queues = new Map<string, Promise<void>>()
  let closing = false

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

  const deliver = async (delivery: Delivery, body: string) => {
    const signature = createHmac("sha256", options.signatureKey).update(body).digest("hex")
    for (let attempt = 0; attempt < ATTEMPTS && !closing; attempt++) {
      try {
        const answer = await fetch(options.shopWebhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json", "cko-signature": signature },
          body,
        })
        delivery.status = answer.status
        if (answer.ok) return
      } catch {
        delivery.status = 0
      }
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMillis))
    }
  }

  /** Sends an event about a payment, after that payment's earlier ones. */
  const send = (type: string, data: EventData): Promise<void> => {
    const orderId = data.metadata?.order_id
    const delivery: Delivery = {
      eventId: ckoId("evt"),
      type,
      paymentId: data.id,
      reference: data.reference,
      orderId: typeof orderId === "string" ? orderId : undefined,
      status: 0,
    }
    deliveries.push(delivery)
    const api = options.apiUrl()
    const body = JSON.stringify({
      id: delivery.eventId,
      type,
      version: EVENT_VERSION,
      created_on: new Date().toISOString(),
      data: {
        ...data,
        event_links: {
          payment: `${api}/payments/${data.id}`,
          payment_actions: `${api}/payments/${data.id}/actions`,
        },
      },
      _links: {
        self: { href: `${api}/workflows/events/${delivery.eventId}` },
        subject: { href: `${api}/workflows/events/subject/${data.id}` },
        payment: { href: `${api}/payments/${data.id}` },
      },
    })
    const next = (queues.get(data.id) ?? Promise.resolve())
      .then(() => releaseOf(delivery.orderId))
      .then(() => deliver(delivery, body))
    queues.set(data.id, next)
    return next
  }

  const close = () => {
    closing = true
    for (const orderId of [...held.keys()]) release(orderId)
  }

  return { deliveries: deliveries as readonly Delivery[], send, release, close }
}

export type Webhooks = ReturnType<typeof makeWebhooks>
