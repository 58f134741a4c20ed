import { createApiClient, readCookie, XSRF_COOKIE } from "@howzat/api-client"
import type { LoggingRequestJson } from "@howzat/contracts/orders"
import { isUuid } from "@howzat/core/rules"

/**
 * POST /api/Logging (docs/product/api.md): what the storefront tells the shop about a
 * visit. Fire and forget: nobody waits for it, `keepalive` lets it finish
 * while the page unloads or navigates, and its own failures go to the
 * console only, never in front of the customer.
 */

export type LogEventName = NonNullable<LoggingRequestJson["event"]>

export interface LogEntry {
  readonly event: LogEventName
  /** Where the customer was; the current address when left out. */
  readonly requestedUrl?: string
  readonly title?: string
  readonly detail?: string
  readonly orderId?: string
}

// The server refuses longer texts (contracts' LoggingRequest); a long error is cut, not lost.
const LIMITS = { requestedUrl: 2000, title: 500, detail: 4000 } as const

const cut = (text: string | undefined, max: number): string | undefined =>
  text === undefined ? undefined : text.length > max ? text.slice(0, max) : text

const currentUrl = (): string =>
  typeof location === "undefined" ? "/" : `${location.pathname}${location.search}`

/** The body the server accepts: texts within their limits, an orderId only when it is one. */
export const loggingBody = (entry: LogEntry): LoggingRequestJson => {
  const body: {
    requestedUrl: string
    event: LogEventName
    title?: string
    detail?: string
    orderId?: string
  } = {
    requestedUrl: cut(entry.requestedUrl ?? currentUrl(), LIMITS.requestedUrl) ?? "/",
    event: entry.event,
  }
  const title = cut(entry.title, LIMITS.title)
  const detail = cut(entry.detail, LIMITS.detail)
  if (title) body.title = title
  if (detail) body.detail = detail
  if (entry.orderId && isUuid(entry.orderId)) body.orderId = entry.orderId
  return body
}

/**
 * Its own client: a report carries no bearer token, and sends the XSRF
 * cookie only when the page already has it, since a log is not worth an
 * extra request to fetch one.
 */
const reporter = createApiClient({
  session: {
    xsrfToken: () =>
      readCookie(typeof document === "undefined" ? "" : document.cookie, XSRF_COOKIE),
  },
})

export const sendLog = (entry: LogEntry): void => {
  if (typeof fetch === "undefined") return
  reporter.logging
    .log({ payload: loggingBody(entry), keepalive: true })
    .catch((error: unknown) => console.error("Logging failed", error))
}

/** After every completed navigation (the root layout subscribes). */
export const logNavigation = (requestedUrl: string): void =>
  sendLog({ event: "navigation", requestedUrl })

/** Checkout calls this once the order exists (docs/product/states.md). */
export const logCreateOrder = (orderId: string, detail?: string): void =>
  sendLog({ event: "create-order", orderId, title: "Order created", detail })

export const logPaymentSucceeded = (orderId: string): void =>
  sendLog({ event: "payment-succeeded", orderId, title: "Payment succeeded" })

export const logPaymentFailed = (orderId: string, detail: string): void =>
  sendLog({ event: "payment-failed", orderId, title: "Payment failed", detail })
