import type { OrderJson, PaymentJson } from "@howzat/contracts/orders"

/**
 * Credit cards on the payment page (decision 0042). The shop says, before
 * the card form, when a credit card cannot pay this attempt; the words are
 * the shop's (core's rules/credit-cards), carried on the payment.
 */
export const creditCardNoticeOf = (payment: Pick<PaymentJson, "creditCardNotice">) =>
  payment.creditCardNotice ?? null

/**
 * The card was taken, then the shop refused it as a credit card it may not
 * keep: the payment is refunded (or on its way back) and says why, and the
 * order is still open. Null when the order's payments show no such refusal.
 */
export const refusedCreditCardDetail = (order: Pick<OrderJson, "status" | "payments">) => {
  if (order.status === "Completed") return null
  const refused = order.payments.findLast(
    (p) => (p.status === "Succeeded" || p.status === "Refunded") && p.failureDetail !== null,
  )
  return refused?.failureDetail ?? null
}
