/**
 * The orders a visitor can put the competitions in, and what "Ending soon"
 * lists. Both repositories order by these rules (the memory one calls
 * them, the SQL one states them over the table, and the contract in
 * test/contracts/competitions.* holds the two together), so the storefront
 * never sorts a page itself: a page sorted in the browser would be the
 * wrong page.
 */
import type { Competition, CompetitionSort, TimePeriod } from "../competitions/model.js"
import { inTimePeriod, type ListingFacts, odds } from "./competition.js"
import { compareForDisplay, displayRank } from "./display-order.js"

export const COMPETITION_SORTS: readonly CompetitionSort[] = [
  "Featured",
  "EndingSoonest",
  "Newest",
  "PriceLowToHigh",
  "BestOdds",
]

/** What the orders read of a competition. */
export interface ListingKey {
  readonly id: string
  /** Staff's competitionOrder (display-order.ts), null when unset. */
  readonly rank: number | null
  readonly start: Date
  readonly close: Date
  /** Pence. */
  readonly ticketPrice: number
  readonly totalTickets: number
}

export type Listing = ListingKey & ListingFacts

export const listingOf = (c: Competition): Listing => ({
  id: c.id,
  rank: displayRank(c.attributes),
  start: c.startDateTimeUtc,
  close: c.closeDateTimeUtc,
  draw: c.drawDateTimeUtc,
  ticketPrice: c.ticketPrice,
  totalTickets: c.totalTickets,
  ticketsLeft: c.totalTickets - c.ticketsSoldToDate,
})

type Compare = (a: ListingKey, b: ListingKey) => number

/** Last of every order, so that paging through a list meets each competition once. */
const byId: Compare = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const byClose: Compare = (a, b) => Math.sign(a.close.getTime() - b.close.getTime())

/**
 * A comparator for Array.prototype.sort, total (it ends with the id):
 * - Featured: staff's display order (display-order.ts), the list's usual order;
 * - EndingSoonest: the soonest close first, those already closed (awaiting
 *   or past their draw) after every one still to close, as they have ended;
 * - Newest: the latest opening first;
 * - PriceLowToHigh: the cheapest ticket first;
 * - BestOdds: the best odds of one ticket first, as the shop states odds
 *   (competition.ts's odds: 1 in the tickets there are, so fewest first).
 * Ties go to the soonest close.
 */
export const compareForListing =
  (sort: CompetitionSort, now: Date): Compare =>
  (a, b) => {
    switch (sort) {
      case "Featured":
        return compareForDisplay(a, b) || byId(a, b)
      case "EndingSoonest": {
        const t = now.getTime()
        const ended = Number(a.close.getTime() <= t) - Number(b.close.getTime() <= t)
        return ended || byClose(a, b) || byId(a, b)
      }
      case "Newest":
        return Math.sign(b.start.getTime() - a.start.getTime()) || byClose(a, b) || byId(a, b)
      case "PriceLowToHigh":
        return Math.sign(a.ticketPrice - b.ticketPrice) || byClose(a, b) || byId(a, b)
      case "BestOdds":
        return (
          Math.sign(odds(a.totalTickets, 1) - odds(b.totalTickets, 1)) ||
          byClose(a, b) ||
          byId(a, b)
        )
    }
  }

/**
 * The order a list is in when the visitor chose none: Ending soon's is the
 * soonest close (it is the list of what to buy before it goes), every
 * other list's is staff's display order.
 */
export const listOrder = (query: {
  readonly timePeriod: TimePeriod
  readonly sort?: CompetitionSort | undefined
}): CompetitionSort =>
  query.sort ?? (query.timePeriod === "EndingSoon" ? "EndingSoonest" : "Featured")

/**
 * "Ending soon": only what is on sale now (open, with a ticket left) and
 * closing within three weeks (competition.ts's inTimePeriod), soonest close
 * first.
 */
export const endingSoon = <C extends Listing>(competitions: readonly C[], now: Date): C[] =>
  competitions
    .filter((c) => inTimePeriod(c, "EndingSoon", now))
    .sort(compareForListing("EndingSoonest", now))
