import type { OrderJson } from "@howzat/contracts/orders"
import { compressTicketNumbers, expandTicketRanges } from "@howzat/core/rules/ticket-numbers"

/** SPEC §4's statuses in the customer's words. */
export const orderStatusLabels: Record<OrderJson["status"], string> = {
  Pending: "Pending",
  AwaitingPayment: "Awaiting payment",
  Completed: "Completed",
  Cancelled: "Cancelled",
  SystemCancelled: "Cancelled (not paid in time)",
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

/** SPEC §3 sends "1,2,3,7"; SPEC §2 shows "1-3, 7". */
export const ticketRanges = (ticketNumbers: string): string =>
  compressTicketNumbers(expandTicketRanges(ticketNumbers))

/** SPEC §2's text for an order with no tickets. */
export const NO_TICKETS = "- no tickets purchased -"
