/**
 * An order's money as the order screen shows it, worked out by core's rule
 * (core/src/rules/order-money.ts) from the order as the API answers it.
 */
import type { OrderJson } from "@howzat/contracts/orders"
import { type OrderMoney, orderMoney, pence } from "@howzat/core/rules"

export const orderMoneyOf = (
  order: Pick<
    OrderJson,
    "status" | "orderTotal" | "siteCreditDebitTotal" | "siteCreditRefundTotal" | "payments"
  >,
): OrderMoney =>
  orderMoney({
    status: order.status,
    total: pence(order.orderTotal),
    siteCreditSpent: pence(order.siteCreditDebitTotal),
    siteCreditReturned: pence(order.siteCreditRefundTotal),
    payments: order.payments.map((payment) => ({
      amount: pence(payment.amount),
      status: payment.status,
      // A credit card the rules refused stays Succeeded, with why, until its money is back.
      refused: payment.status === "Succeeded" && payment.failureDetail !== null,
    })),
  })

/** The rows of the money summary, in order; a row with nothing in it is left out unless it must show. */
export const moneyRows = (
  money: OrderMoney,
  status: OrderJson["status"],
): readonly { readonly label: string; readonly amount: number; readonly strong?: boolean }[] => {
  const waiting = status === "Pending" || status === "AwaitingPayment"
  const rows: { label: string; amount: number; strong?: boolean }[] = [
    { label: "Paid with site credit", amount: money.paidBySiteCredit },
    { label: "Paid by card", amount: money.paidByCard },
  ]
  if (money.refundedToCard > 0)
    rows.push({ label: "Refunded to card", amount: money.refundedToCard })
  if (money.refundDueToCard > 0)
    rows.push({ label: "Refund to card under way", amount: money.refundDueToCard })
  if (money.siteCreditReturned > 0)
    rows.push({ label: "Site credit given back", amount: money.siteCreditReturned })
  rows.push({ label: "Kept by the shop", amount: money.kept, strong: true })
  // Only an order waiting for payment can owe anything; a closed one says so plainly.
  if (waiting) rows.push({ label: "Still to pay by card", amount: money.stillToPay, strong: true })
  return rows
}
