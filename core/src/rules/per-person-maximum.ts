/**
 * What the per-person maximum of tickets in a competition counts: the
 * `held` that allocation's `allowedQuantity` and postal entries'
 * `postalEntryRefusal` cut a request by. Every store of held tickets answers
 * by this rule: the in-memory doubles call it; the Postgres adapter's SQL
 * (adapters/postgres/src/repos/ticket-allocator.ts, `ticketsHeld`) takes its
 * status list and email matching from here, and
 * test/contracts/ticket-allocator.contract.ts holds memory, PGlite and
 * PostgreSQL to it.
 */
import { normaliseEmail } from "./auth.js"
import { isDrawEntry, type TicketHold } from "./draw-entries.js"
import { isOpenOrder, type OrderStatus, orderStatuses, releasesTickets } from "./order-status.js"

/**
 * Whether a held ticket counts towards its holder's maximum: every draw
 * entry (`isDrawEntry`: a paid or refunded order's, a postal entry's, a sale
 * without an order), and also every open order's (`isOpenOrder`).
 *
 * Where it differs from the draw: an open order's tickets are not entries
 * (nobody has paid; the draw waits for them instead), but they do count
 * here, as they are claimed and may still be paid. Left out, they would let
 * a customer pass the maximum by leaving orders unpaid in several tabs.
 * Cancelled orders' tickets count in neither: they went back on sale in the
 * same move (`releasesTickets`). A postal entry counts like a paid ticket:
 * the maximum is of paid and free entries together
 * (docs/decisions/0022-free-postal-entries.md).
 */
export const countsTowardsMaximum = (hold: TicketHold): boolean =>
  isDrawEntry(hold) || (hold.by === "Order" && isOpenOrder(hold.status))

/**
 * The order statuses whose tickets do not count, among those an order can
 * still hold tickets in (a cancelled order's went back to the pool): for a
 * store that filters in its own query language. Empty today, so the SQL
 * need not look at the orders at all; it adds the filter if this grows.
 */
export const ordersHoldingTicketsNotCountedTowardsMaximum: readonly OrderStatus[] =
  orderStatuses.filter(
    (status) => !releasesTickets(status) && !countsTowardsMaximum({ by: "Order", status }),
  )

/** A ticket held in a competition, with what decides whose maximum it counts against. */
export interface HeldTicket {
  readonly hold: TicketHold
  /** The customer it is held for; null for a postal entry of someone without an account. */
  readonly customerId: string | null
  /** A postal entry's email as written on the postcard; null for any other hold. */
  readonly email: string | null
}

/**
 * Whose maximum is asked about: a customer (with the email they sign in
 * with), or a person without an account, known only by email.
 */
export interface MaximumHolder {
  readonly customerId: string | null
  readonly email: string
}

/**
 * Whether the ticket counts against the holder's maximum. A ticket held for
 * a customer is that customer's. A postal entry made without an account is
 * the person's whose email it carries, compared by `normaliseEmail`
 * (whitespace removed, letters lower-cased): a customer's too, once they
 * sign in with that address (docs/decisions/0022-free-postal-entries.md).
 */
export const countsAgainst = (ticket: HeldTicket, holder: MaximumHolder): boolean => {
  if (!countsTowardsMaximum(ticket.hold)) return false
  if (ticket.customerId !== null) return ticket.customerId === holder.customerId
  return (
    ticket.hold.by === "PostalEntry" &&
    ticket.email !== null &&
    normaliseEmail(ticket.email) === normaliseEmail(holder.email)
  )
}

/** How many of a competition's held tickets count against the holder's maximum. */
export const ticketsHeldBy = (tickets: Iterable<HeldTicket>, holder: MaximumHolder): number => {
  let held = 0
  for (const ticket of tickets) if (countsAgainst(ticket, holder)) held += 1
  return held
}
