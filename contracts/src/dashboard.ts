import { Schema } from "effect"
import { CompetitionAwaitingDraw } from "./draws.js"

/** Paid orders placed in a window; money in integer pence. */
export const SalesFigures = Schema.Struct({
  orders: Schema.Int,
  /** The tickets' value after discounts, paid by card or site credit. */
  ticketSales: Schema.Int,
  /** The orders' totals asked of cards (after site credit, donations in). */
  cardTakings: Schema.Int,
  ticketsSold: Schema.Int,
})

export const CompetitionOnSale = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  ticketsSoldToDate: Schema.Int,
  totalTickets: Schema.Int,
  closeDateTimeUtc: Schema.Date,
  visibilityStatus: Schema.Literal("Visible", "Hidden"),
})

/**
 * GET /api/Dashboard (an extension to SPEC §7, staff only): the back
 * office's front page. "Today" and "the last 7 days" are London days.
 */
export const Dashboard = Schema.Struct({
  currentDateTimeUtc: Schema.Date,
  salesToday: SalesFigures,
  salesLast7Days: SalesFigures,
  onSale: Schema.Array(CompetitionOnSale),
  /** Of those on sale, the ones closing in the next 48 hours. */
  closingSoon: Schema.Array(CompetitionOnSale),
  drawsDue: Schema.Array(CompetitionAwaitingDraw),
  unprocessedWinners: Schema.Struct({ main: Schema.Int, instantWin: Schema.Int }),
})
export type DashboardJson = typeof Dashboard.Encoded
