import { csvLine } from "./csv.js"
import { winnerDisplayName } from "./instant-wins.js"

/**
 * Who holds one ticket of a competition, as the repository knows them:
 * the customer's account, or the postcard of a free postal entry.
 */
export interface Entrant {
  readonly ticketNumber: number
  readonly firstName: string | null
  readonly lastName: string | null
  /** A free postal entry (docs/fairness.md counts them as entries like any other). */
  readonly postal: boolean
  /**
   * Staff keep this ticket's win private (decision 0035): the proof names
   * the winning ticket, so a name beside it would name the winner.
   */
  readonly nameWithheld: boolean
}

export type EntryRoute = "Online" | "Postal"

/** One line of the entry list as staff may publish it: never an email, phone or address. */
export interface EntryRow {
  readonly ticketNumber: number
  readonly name: string
  readonly route: EntryRoute
}

/** A ticket whose holder's name the shop does not have (the demo seed's sales, an erased account). */
export const NAME_NOT_RECORDED = "Name not recorded"
/** A ticket whose win staff keep private. */
export const NAME_WITHHELD = "Name withheld"

/**
 * What looks like contact details typed into a name box: an email's "@",
 * or a run of digits as in a phone number. Printed as a name, it would be
 * published; such a name is not shown at all.
 */
const LOOKS_LIKE_CONTACT = /@|\d{5,}/

/**
 * What the entry list shows for a ticket: the holder's first name and
 * surname initial ("Sarah W.", as winners are named in public), never more;
 * "Name not recorded" without a usable name; "Name withheld" for a win kept
 * private. A postal entry is named from its postcard like any other and
 * marked Postal, so free entries are seen to be in the draw.
 */
export const entryRowOf = (ticketNumber: number, entrant: Entrant | undefined): EntryRow => {
  const route: EntryRoute = entrant?.postal === true ? "Postal" : "Online"
  if (entrant === undefined) return { ticketNumber, name: NAME_NOT_RECORDED, route }
  if (entrant.nameWithheld) return { ticketNumber, name: NAME_WITHHELD, route }
  const first = entrant.firstName ?? ""
  const last = entrant.lastName ?? ""
  if (LOOKS_LIKE_CONTACT.test(first) || LOOKS_LIKE_CONTACT.test(last))
    return { ticketNumber, name: NAME_NOT_RECORDED, route }
  const name = winnerDisplayName(first, last)
  return { ticketNumber, name: name === "" ? NAME_NOT_RECORDED : name, route }
}

export const ENTRY_LIST_CSV_HEADER = ["Ticket number", "Name", "Entry route"] as const

/** The entry list as CSV: a header row, then one row per ticket, in the order given. */
export const entryListCsv = (rows: readonly EntryRow[]): string =>
  [
    csvLine(ENTRY_LIST_CSV_HEADER),
    ...rows.map((r) => csvLine([String(r.ticketNumber), r.name, r.route])),
  ].join("")
