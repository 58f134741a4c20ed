/**
 * The back office's order search (docs/decisions/0074): one box that finds
 * an order by its reference or by who placed it. A reference is read off a
 * screen or an email, so it matches from its start (a prefix, the whole of
 * it included) whatever the case; a customer is remembered by part of a
 * name or an address, so those match anywhere, whatever the case. The
 * repositories (in memory and in SQL) answer to this rule, and the orders
 * contract (test/contracts/orders.contract.ts) holds them to it.
 */

/** Longer than any reference, name or email address staff would type. */
export const MAX_ORDER_SEARCH_LENGTH = 100

/**
 * What staff typed, tidied: trimmed, with inner runs of white space made
 * one space (a name pasted from an email often carries two). Nothing left
 * is no search at all.
 */
export const orderSearchTerm = (text: string | undefined): string | undefined => {
  const term = (text ?? "").trim().replace(/\s+/g, " ")
  return term === "" ? undefined : term
}

/** What an order is found by. */
export interface OrderSearchable {
  readonly orderRef: string
  /** "First Last", as the back office shows it. */
  readonly customerName: string
  readonly customerEmail: string
}

/** Whether the order is one a (tidied) term finds. */
export const matchesOrderSearch = (order: OrderSearchable, term: string): boolean => {
  const wanted = term.toLowerCase()
  return (
    order.orderRef.toLowerCase().startsWith(wanted) ||
    order.customerName.toLowerCase().includes(wanted) ||
    order.customerEmail.toLowerCase().includes(wanted)
  )
}
