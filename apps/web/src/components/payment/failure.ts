import type { OrderJson } from "@howzat/contracts/orders"

/**
 * docs/product/errors.md's payment failed texts. `?error=` present but empty shows
 * "(not found)"; no parameter at all is the unknown error.
 */
export const paymentFailedTexts = {
  received: "Oh no! We received this error while processing your payment:",
  notFound: "(not found)",
  unknown: "Oh no! An unknown error occurred while processing your payment.",
} as const

export interface PaymentFailedMessage {
  readonly heading: string
  readonly error?: string
}

export const paymentFailedMessage = (error: string | undefined): PaymentFailedMessage => {
  if (error === undefined) return { heading: paymentFailedTexts.unknown }
  const text = error.trim()
  return { heading: paymentFailedTexts.received, error: text || paymentFailedTexts.notFound }
}

/**
 * The router reads `?error=123` as a number and `?error=true` as a boolean:
 * whatever arrived is the provider's text. Absent stays absent.
 */
export const errorFromSearch = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value === "string") return value
  if (typeof value === "number" || typeof value === "boolean") return String(value)
  return JSON.stringify(value)
}

/**
 * The reason the shop recorded for the order's latest failed attempt (the
 * provider's words as the shop put them), or "" when it recorded none. The
 * page shows this, never the text its address carries: a link anyone can
 * write must not put words in the shop's mouth ("call this number to claim").
 */
export const recordedFailureOf = (order: Pick<OrderJson, "payments">): string =>
  order.payments.findLast((p) => p.failureDetail !== null)?.failureDetail ?? ""
