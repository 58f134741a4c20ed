/**
 * A ticket list's TicketStatus filter: every ticket, only the sold ones, or
 * only those not sold. Sold means what the draw counts as an entry: held by
 * a paid order, or by a postal entry or a sale with no order row; a ticket
 * an unpaid order holds is not sold (yet), so it is listed as Unsold. The
 * instant-win filter (won or not) is a different question: a won number
 * stays won when its order is refunded, and a sold one may be no instant
 * win at all.
 */
export type TicketStatus = "All" | "Sold" | "Unsold"

export const TICKET_STATUSES: readonly TicketStatus[] = ["All", "Sold", "Unsold"]

/** Whether a ticket, sold or not, is one the filter lists; undefined is "All". */
export const matchesTicketStatus = (status: TicketStatus | undefined, sold: boolean): boolean =>
  status === undefined || status === "All" || sold === (status === "Sold")

/**
 * Who may filter by sale. Whether a number is sold is the shop's own
 * sales record, read beside each holder in the back office; the public list
 * of instant-win numbers says which are won and no more, so a visitor (or a
 * customer) asking for Sold or Unsold is refused rather than answered with
 * a filter it may not use or one silently ignored.
 */
export const mayFilterBySale = (status: TicketStatus | undefined, isStaff: boolean): boolean =>
  isStaff || status === undefined || status === "All"
