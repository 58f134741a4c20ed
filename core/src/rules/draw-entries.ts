import { OrderStatus, openOrderStatuses, orderStatuses, releasesTickets } from "./order-status.js"

/**
 * What holds a ticket taken from a competition's pool: an order in some
 * status, a free postal entry (which holds its ticket under its own id,
 * docs/decisions/0022-free-postal-entries.md), or a sale with no order row at
 * all (the demo seed's sales, made without a checkout).
 */
export type TicketHold =
  | { readonly by: "Order"; readonly status: OrderStatus }
  | { readonly by: "PostalEntry" }
  | { readonly by: "SaleWithoutOrder" }

/**
 * Whether a held ticket is an entry of its competition's draw: the fairness
 * rule every store of draw entries answers by (the in-memory double calls
 * it; the Postgres adapter's SQL takes its status list from
 * `ordersHoldingTicketsThatAreNotEntries`, and test/contracts/draw-records.contract.ts
 * holds both to it).
 *
 * - **Completed** order: paid, so in.
 * - **Pending / AwaitingPayment**: out. Nobody has paid for the ticket yet and
 *   it may still go back to the pool; the draw waits for such orders
 *   (`OrdersAwaitingPayment`, docs/decisions/0024-making-a-draw.md), so
 *   leaving them out never drops a ticket about to be paid for.
 * - **Cancelled / SystemCancelled**: out. Their tickets go back on sale
 *   (`releasesTickets`, docs/product/states.md), so none should still be
 *   held by one; if one were, it was never paid for.
 * - **Refunded**: in. A refunded order keeps its tickets only in a drawn
 *   competition, where they were entries of a published draw that cannot
 *   change; while the competition is open they go back to the pool, and
 *   between close and draw the refund is refused (docs/decisions/0029-customers-and-orders-for-staff.md,
 *   `ticketFate` in refunds.ts).
 * - **Postal entry**: in. The free route to enter is an entry like a paid
 *   one (docs/decisions/0024-making-a-draw.md).
 * - **Sale without an order**: in. The demo seed's sales stand for paid
 *   tickets.
 */
export const isDrawEntry = (hold: TicketHold): boolean => {
  switch (hold.by) {
    case "PostalEntry":
    case "SaleWithoutOrder":
      return true
    case "Order":
      return orderStatusIsEntry[hold.status]
  }
}

/** Per status, so a new status fails to compile until it is placed in or out. */
const orderStatusIsEntry: Readonly<Record<OrderStatus, boolean>> = {
  [OrderStatus.Pending]: false,
  [OrderStatus.AwaitingPayment]: false,
  [OrderStatus.Completed]: true,
  [OrderStatus.Cancelled]: false,
  [OrderStatus.SystemCancelled]: false,
  [OrderStatus.Refunded]: true,
}

/**
 * The order statuses whose tickets are not entries, for a store that
 * filters in its own query language (the Postgres adapter's SQL).
 */
export const ordersWhoseTicketsAreNotEntries: readonly OrderStatus[] = orderStatuses.filter(
  (status) => !isDrawEntry({ by: "Order", status }),
)

/**
 * Of those, the statuses an order can still hold tickets in: a cancelled
 * order's tickets go back to the pool in the same move (`releasesTickets`),
 * so a store's query need only leave out these orders' tickets, a short
 * list of ids rather than every cancelled order the shop has known
 * (docs/decisions/0091-big-operations-measured.md).
 */
export const ordersHoldingTicketsThatAreNotEntries: readonly OrderStatus[] =
  ordersWhoseTicketsAreNotEntries.filter((status) => !releasesTickets(status))

/**
 * The order statuses that still await payment: the orders a draw waits for
 * (docs/decisions/0024-making-a-draw.md), counted by `openOrderCount`. The
 * open orders of order-status.ts.
 */
export const ordersAwaitingPayment: readonly OrderStatus[] = openOrderStatuses

/**
 * A competition's entries from its held tickets: the numbers of those that
 * are entries, ascending and each once, as the published entry list has
 * them (docs/fairness.md).
 */
export const drawEntryNumbers = (
  tickets: Iterable<{ readonly ticketNumber: number; readonly hold: TicketHold }>,
): number[] => {
  const numbers = new Set<number>()
  for (const { ticketNumber, hold } of tickets) if (isDrawEntry(hold)) numbers.add(ticketNumber)
  return [...numbers].sort((a, b) => a - b)
}
