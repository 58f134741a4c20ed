import type { Address } from "@howzat/core/accounts"
import type { Order } from "@howzat/core/orders"
import type { Payment, PaymentStatus } from "@howzat/core/ports"
import { orderMoney, pence } from "@howzat/core/rules"

/** What the order row does not hold but the wire shows: who placed it and where it goes. */
export interface OrderParty {
  readonly customer: { readonly id: string; readonly fullName: string }
  readonly billingAddress: Address | null
  readonly shippingAddress: Address | null
}

export interface CompetitionDates {
  readonly closeDateTimeUtc: Date
  readonly drawDateTimeUtc: Date | null
}

export interface PaymentWire {
  readonly id: string
  readonly amount: number
  readonly status: PaymentStatus
  readonly token: string | null
  readonly provider: string
  readonly failureDetail: string | null
  readonly createdDateUtc: Date
  readonly creditCardNotice: string | null
}

/** A card payment attempt as the card form and the order pages read it. */
export const paymentToWire = (payment: Payment): PaymentWire => ({
  id: payment.id,
  amount: payment.amount,
  status: payment.status,
  token: payment.clientToken,
  provider: payment.provider,
  failureDetail: payment.failureDetail,
  createdDateUtc: payment.createdAt,
  creditCardNotice: payment.creditCardNotice ?? null,
})

/** Ascending, comma-separated (docs/product/entities.md): the storefront compresses them into ranges. */
export const ticketNumbersText = (numbers: readonly number[]) =>
  [...numbers].sort((a, b) => a - b).join(",")

/**
 * Core's order to docs/product/entities.md's wire. Core's `orderTotal` is what is left for
 * the card after site credit (basket-totals' basketTotal); the wire's
 * `orderTotal` is the whole cost and `orderBalance` what the card still owes.
 */
export const orderToWire = (
  order: Order,
  party: OrderParty,
  competitionDates: ReadonlyMap<string, CompetitionDates>,
  payments: readonly PaymentWire[] = [],
  siteCreditReturned = 0,
) => {
  const cardAmount = order.orderTotal
  return {
    id: order.id,
    orderRef: order.orderRef,
    status: order.status,
    createdDateUtc: order.createdAt,
    expiresDateUtc: order.expiresAt,
    totalTicketQuantity: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    customer: { ...party.customer },
    billingAddress: party.billingAddress ? { ...party.billingAddress } : null,
    shippingAddress: party.shippingAddress ? { ...party.shippingAddress } : null,
    ticketItems: order.lines.map((line) => {
      const dates = competitionDates.get(line.competitionId)
      return {
        competition: {
          id: line.competitionId,
          name: line.competitionName,
          // A competition that has since vanished still shows; its dates are unknown, so "now".
          closeDateTimeUtc: dates?.closeDateTimeUtc ?? order.createdAt,
          drawDateTimeUtc: dates?.drawDateTimeUtc ?? null,
        },
        quantity: line.quantity,
        price: line.price,
        preDiscountTotal: line.preDiscountTotal,
        lineTotal: line.lineTotal,
        ticketNumbers: ticketNumbersText(line.ticketNumbers),
      }
    }),
    ticketItemTotal: order.lines.reduce((sum, line) => sum + line.lineTotal, 0),
    siteCreditItems: order.creditItems.map((item) => ({
      description: item.description,
      lineTotal: item.lineTotal,
    })),
    siteCreditItemTotal: order.creditItems.reduce((sum, item) => sum + item.lineTotal, 0),
    // The order keeps the discounts' sum only; one row says how much they took off.
    discounts: order.discountTotal > 0 ? [{ name: "Discounts", value: order.discountTotal }] : [],
    discountTotal: order.discountTotal,
    charitableDonationTotal: order.donation,
    siteCreditDebitTotal: order.siteCreditDebit,
    siteCreditRefundTotal: siteCreditReturned,
    orderTotal: cardAmount + order.siteCreditDebit,
    // Only an order waiting for payment owes anything: never a paid, closed or refunded one.
    orderBalance: orderMoney({
      status: order.status,
      total: pence(cardAmount + order.siteCreditDebit),
      siteCreditSpent: order.siteCreditDebit,
      siteCreditReturned: pence(siteCreditReturned),
      payments: payments.map((payment) => ({
        amount: pence(payment.amount),
        status: payment.status,
        refused: payment.status === "Succeeded" && payment.failureDetail !== null,
      })),
    }).stillToPay,
    payments: [...payments],
    ticketAllocationExceptions: order.allocationExceptions.map((e) => ({
      competitionName: e.competitionName,
      exceptionReason: e.exceptionReason,
    })),
  }
}
