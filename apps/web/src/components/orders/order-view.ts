import type { OrderJson } from "@howzat/contracts/orders"
import { compressTicketNumbers, expandTicketRanges, formatMoney, pence } from "@howzat/core/rules"

/** docs/product/states.md's statuses in the customer's words. */
export const orderStatusLabels: Record<OrderJson["status"], string> = {
  Pending: "Pending",
  AwaitingPayment: "Awaiting payment",
  Completed: "Completed",
  Cancelled: "Cancelled",
  SystemCancelled: "Cancelled (not paid in time)",
  Refunded: "Refunded",
}

export const orderStatusTone = (status: OrderJson["status"]): "success" | "waiting" | "ended" =>
  status === "Completed"
    ? "success"
    : status === "Pending" || status === "AwaitingPayment"
      ? "waiting"
      : "ended"

/** An unpaid order can still be paid until the shop cancels it. */
export const canPayNow = (
  order: Pick<OrderJson, "status" | "orderBalance" | "expiresDateUtc">,
  now: Date,
): boolean =>
  (order.status === "AwaitingPayment" || order.status === "Pending") &&
  order.orderBalance > 0 &&
  new Date(order.expiresDateUtc).getTime() > now.getTime()

/** docs/product/entities.md sends "1,2,3,7"; docs/product/screens.md shows "1-3, 7". */
export const ticketRanges = (ticketNumbers: string): string =>
  compressTicketNumbers(expandTicketRanges(ticketNumbers))

/** docs/product/screens.md's text for an order with no tickets. */
export const NO_TICKETS = "- no tickets purchased -"

const money = (amount: number) => formatMoney(pence(amount))

export interface TotalRow {
  readonly label: string
  readonly value: string
  readonly strong?: boolean
}

type OrderMoney = Pick<
  OrderJson,
  | "status"
  | "discounts"
  | "charitableDonationTotal"
  | "orderTotal"
  | "siteCreditDebitTotal"
  | "siteCreditRefundTotal"
  | "orderBalance"
  | "payments"
>

/** Site credit came back to the balance: the order says so, beside what it took. */
export const SITE_CREDIT_RETURNED = "Site credit returned"

export const siteCreditReturned = (order: Pick<OrderJson, "siteCreditRefundTotal">) =>
  order.siteCreditRefundTotal > 0
    ? `${SITE_CREDIT_RETURNED} +${money(order.siteCreditRefundTotal)}`
    : null

/**
 * Card payments given back (docs/decisions/0011): a payment that arrived
 * after its order was cancelled or ran out of time is refunded by itself,
 * and the order says so, as it does for site credit.
 */
const refundedByCard = (order: Pick<OrderJson, "payments">): readonly TotalRow[] => {
  const refunded = order.payments.filter((p) => p.status === "Refunded")
  const total = refunded.reduce((sum, p) => sum + p.amount, 0)
  if (total <= 0) return []
  const label = refunded.length === 1 ? "Card payment refunded" : "Card payments refunded"
  return [{ label, value: `+${money(total)}` }]
}

export const cardPaymentRefunded = (order: Pick<OrderJson, "payments">): string | null => {
  const [row] = refundedByCard(order)
  return row ? `${row.label} ${row.value}` : null
}

/**
 * The money under an order's lines: discounts, donation, what the order
 * costs, the site credit it used and, once cancelled or expired, the
 * credit that went back and any card payment refunded; and what is left
 * to pay while it can be paid.
 */
export const orderTotalRows = (order: OrderMoney): readonly TotalRow[] => [
  ...order.discounts.map((d) => ({ label: d.name, value: `-${money(d.value)}` })),
  ...(order.charitableDonationTotal > 0
    ? [{ label: "Charity round-up", value: money(order.charitableDonationTotal) }]
    : []),
  { label: "Order total", value: money(order.orderTotal), strong: true },
  ...(order.siteCreditDebitTotal > 0
    ? [{ label: "Paid with site credit", value: `-${money(order.siteCreditDebitTotal)}` }]
    : []),
  ...(order.siteCreditRefundTotal > 0
    ? [{ label: SITE_CREDIT_RETURNED, value: `+${money(order.siteCreditRefundTotal)}` }]
    : []),
  ...refundedByCard(order),
  ...(order.orderBalance > 0 && order.status !== "Completed"
    ? [{ label: "Left to pay", value: money(order.orderBalance), strong: true }]
    : []),
]

/**
 * What the Cancel Order page says once the order is cancelled: its tickets
 * are released, and where the money stands. "Not charged" only when no card
 * payment went through; a late one is refunded automatically, and site
 * credit spent on it is back in the balance.
 */
export const cancelledOrderText = (
  order: Pick<OrderJson, "orderRef" | "payments" | "siteCreditRefundTotal">,
): string => {
  const refundedRows = refundedByCard(order)
  const card =
    refundedRows.length > 0
      ? `The card payment taken for it (${refundedRows[0]?.value.slice(1)}) is refunded to your card automatically.`
      : "You haven't been charged for it."
  const credit =
    order.siteCreditRefundTotal > 0
      ? ` The ${money(order.siteCreditRefundTotal)} of site credit it used is back in your account.`
      : ""
  return `Order ${order.orderRef} is cancelled and its tickets have been released. ${card}${credit}`
}
