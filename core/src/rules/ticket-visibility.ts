import { OrderStatus } from "./order-status.js"

/**
 * Who reads an order: the customer who placed it, or staff who manage
 * orders (the back office).
 */
export type OrderReader = "Customer" | "Staff"

/**
 * Whether the reader may learn the order's ticket numbers now. The
 * competition page lists the instant-win numbers still to be won, so a
 * customer who could read the numbers of an unpaid order could cancel or
 * abandon every order that holds no winner and pay only for one that does.
 * A customer therefore learns them once the order is paid (Completed, or
 * Refunded after being paid): never while it could still be paid or
 * dropped, and never for an order cancelled unpaid. Staff see them always,
 * to answer the customer and run the draws
 * (docs/decisions/0059-ticket-numbers-after-payment.md).
 */
export const mayReadTicketNumbers = (reader: OrderReader, status: OrderStatus): boolean =>
  reader === "Staff" || status === OrderStatus.Completed || status === OrderStatus.Refunded

/** What the rule needs of an order: its status and each line's numbers. */
export interface OrderWithTicketNumbers {
  readonly status: OrderStatus
  readonly lines: readonly { readonly ticketNumbers: readonly number[] }[]
}

/**
 * The order as the reader may see it: the same order, with every line's
 * numbers left out when the reader may not read them yet. Quantities,
 * prices and totals stay, so the customer still sees what they bought.
 */
export const orderAsReadBy = <O extends OrderWithTicketNumbers>(
  reader: OrderReader,
  order: O,
): O =>
  mayReadTicketNumbers(reader, order.status)
    ? order
    : { ...order, lines: order.lines.map((line) => ({ ...line, ticketNumbers: [] })) }

/** Where numbers would be, for a customer's order that does not show them yet. */
export const ticketNumbersWithheldText = (status: OrderStatus): string =>
  status === OrderStatus.Cancelled || status === OrderStatus.SystemCancelled
    ? "This order wasn't paid, so it has no ticket numbers."
    : "Your ticket numbers are given when your payment completes."
