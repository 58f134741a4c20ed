import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { CompetitionAwaitingDraw } from "./draws.js"
import { Forbidden } from "./problems.js"
import { Authentication, StaffPermission } from "./security.js"

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
 * GET /api/Dashboard (an extension to docs/product/api.md, staff only): the back
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

/** One London day of the sales chart; money in integer pence. */
export const DayOfSales = Schema.Struct({
  /** The London date, YYYY-MM-DD. */
  day: Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}$/)),
  /** London midnight that starts the day. */
  fromUtc: Schema.Date,
  orders: Schema.Int,
  /** The tickets' value after discounts, as salesToday counts it. */
  ticketSales: Schema.Int,
})

export const TicketsInHour = Schema.Struct({
  /** The start of the hour (a London hour: UK time differs from UTC by whole hours). */
  fromUtc: Schema.Date,
  ticketsSold: Schema.Int,
})

export const CompetitionTicketsByHour = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  visibilityStatus: Schema.Literal("Visible", "Hidden"),
  /** Oldest first; the last is the hour under way. */
  hours: Schema.Array(TicketsInHour),
})

/**
 * GET /api/Dashboard/Charts (staff only, like GET /api/Dashboard): ticket
 * sales per London day over the last 30 days, and tickets sold per hour over
 * the last 24 hours for each competition on sale. Paid orders only; a
 * refunded order is not a sale (docs/decisions/0078-dashboard-charts.md).
 */
export const DashboardCharts = Schema.Struct({
  currentDateTimeUtc: Schema.Date,
  /** Every day of the 30 once, oldest first, today last; a day without sales is zero. */
  salesByDay: Schema.Array(DayOfSales),
  /** How many hours each competition's chart covers. */
  hours: Schema.Int,
  /** Each competition on sale, closing soonest first. */
  ticketsByHour: Schema.Array(CompetitionTicketsByHour),
})
export type DashboardChartsJson = typeof DashboardCharts.Encoded

/** The back office's dashboard, for staff. */
export class DashboardApi extends HttpApiGroup.make("dashboard")
  .add(
    HttpApiEndpoint.get("dashboard", "/api/Dashboard")
      .addSuccess(Dashboard)
      .addError(Forbidden)
      .middleware(Authentication),
  )
  .add(
    HttpApiEndpoint.get("charts", "/api/Dashboard/Charts")
      .addSuccess(DashboardCharts)
      .addError(Forbidden)
      .middleware(Authentication),
  )
  .annotate(StaffPermission, "ViewBackOffice") {}
