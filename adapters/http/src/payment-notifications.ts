import { problemType } from "@howzat/contracts/problems"
import type { Hono } from "hono"
import { problemResponse } from "./problem-response"

/** Where card providers post signed status notifications: the default provider's (docs/decisions/0071). */
export const PAYMENT_NOTIFICATION_PATH = "/api/Orders/payments/status-notification"

/** Each provider's own webhook address, verified by that provider alone (decision 0071). */
export const paymentNotificationPathOf = (provider: string) =>
  `${PAYMENT_NOTIFICATION_PATH}/${encodeURIComponent(provider)}`

/** The provider's events are small; anything larger is not one of them. */
const MAX_NOTIFICATION_BYTES = 64 * 1024

export type NotificationVerdict =
  | { readonly kind: "Accepted" }
  | { readonly kind: "Replayed" }
  /** Genuine, but of a kind the shop does not act on: acknowledged all the same. */
  | { readonly kind: "Ignored" }
  | { readonly kind: "Rejected"; readonly reason: string }

/**
 * Handles one notification exactly as it arrived: the raw body (the HMAC is
 * over its bytes, so nothing may parse and re-serialise it first) and the
 * headers with lower-case names.
 */
export type NotificationHandler = (
  rawBody: string,
  headers: Readonly<Record<string, string>>,
  /** The provider whose address it came to; none at the default address. */
  provider?: string,
) => Promise<NotificationVerdict>

const rejected = (detail: string) =>
  problemResponse({
    type: problemType("notification-rejected"),
    title: "Notification rejected",
    detail,
    status: 400,
  })

/**
 * The provider's webhook, mounted before the HttpApi handler so it reads the
 * body untouched. 200 for an accepted, replayed or ignored event (a provider
 * retries anything else and may switch the endpoint off; a replay or an
 * event of a kind the shop does not act on must change nothing but still be
 * acknowledged); 400 problem+json for a signature, timestamp or body that
 * does not check out. Providers send no XSRF cookie: the path is exempt, the signature is
 * the proof.
 */
export const mountPaymentNotifications = (
  app: Hono,
  handle: NotificationHandler,
  providers: readonly string[] = [],
) => {
  mountAt(app, PAYMENT_NOTIFICATION_PATH, handle, undefined)
  for (const provider of providers) {
    mountAt(app, paymentNotificationPathOf(provider), handle, provider)
  }
}

const mountAt = (
  app: Hono,
  path: string,
  handle: NotificationHandler,
  provider: string | undefined,
) => {
  app.post(path, async (c) => {
    const length = Number(c.req.header("content-length") ?? "0")
    if (length > MAX_NOTIFICATION_BYTES) return rejected("The notification is too large.")
    const rawBody = await c.req.text()
    if (rawBody.length > MAX_NOTIFICATION_BYTES) return rejected("The notification is too large.")
    const headers: Record<string, string> = {}
    c.req.raw.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value
    })
    try {
      const verdict = await handle(rawBody, headers, provider)
      if (verdict.kind === "Rejected") return rejected(verdict.reason)
      return c.json(
        {
          received: true,
          replayed: verdict.kind === "Replayed",
          ignored: verdict.kind === "Ignored",
        },
        200,
      )
    } catch (cause) {
      console.error("payment notification failed", cause)
      // 503 tells the provider to deliver it again later.
      return problemResponse({
        type: "about:blank",
        title: "Service unavailable",
        detail: "The notification could not be recorded. Please deliver it again.",
        status: 503,
      })
    }
  })
}
