import { Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import type { Competition } from "../competitions/model.js"
import { Draws } from "../draws/draws.js"
import {
  BackOfficeFigures,
  type CompetitionOnSale,
  type SalesFigures,
} from "../ports/back-office-figures.js"
import { now } from "../ports/clock.js"
import { closingSoonUntil, salesWindows } from "../rules/dashboard.js"
import {
  type CompetitionTicketsByHour,
  type DayOfSales,
  SALES_CHART_DAYS,
  salesByDay,
  salesChartWindow,
  TICKETS_CHART_HOURS,
  ticketsByHour,
  ticketsChartWindow,
} from "../rules/dashboard-charts.js"
import { authorize } from "./permissions.js"

export interface Dashboard {
  readonly at: Date
  readonly salesToday: SalesFigures
  readonly salesLast7Days: SalesFigures
  /** Every competition on sale, with tickets sold against total; closing soonest first. */
  readonly onSale: readonly CompetitionOnSale[]
  /** Those of `onSale` closing within the next 48 hours. */
  readonly closingSoon: readonly CompetitionOnSale[]
  /** Closed Live and Automatic competitions still to draw. */
  readonly drawsDue: readonly Competition[]
  readonly unprocessedWinners: { readonly main: number; readonly instantWin: number }
}

/** The dashboard's charts (docs/decisions/0078-dashboard-charts.md). */
export interface DashboardCharts {
  readonly at: Date
  /** The last 30 London days, oldest first, today last; a day without sales is zero. */
  readonly salesByDay: readonly DayOfSales[]
  /** How many hours each competition's chart covers, the hour under way last. */
  readonly hours: number
  /** Each competition on sale, closing soonest first, with its tickets per hour. */
  readonly ticketsByHour: readonly (CompetitionTicketsByHour & {
    readonly competitionName: string
    readonly visibilityStatus: CompetitionOnSale["visibilityStatus"]
  })[]
}

/**
 * The back office's front page (decision 0031): how the shop is doing today
 * and what needs staff next. Staff only (ViewBackOffice).
 */
export class BackOfficeDashboard extends Effect.Service<BackOfficeDashboard>()(
  "@howzat/core/BackOfficeDashboard",
  {
    effect: Effect.gen(function* () {
      const figures = yield* BackOfficeFigures
      const draws = yield* Draws

      const dashboard = (by: Principal) =>
        Effect.gen(function* () {
          yield* authorize(by, "ViewBackOffice")
          const at = yield* now
          const windows = salesWindows(at)
          const soon = closingSoonUntil(at)
          const [salesToday, salesLast7Days, onSale, drawsDue, unprocessedWinners] =
            yield* Effect.all(
              [
                figures.sales(windows.today.from, windows.today.to),
                figures.sales(windows.week.from, windows.week.to),
                figures.onSale(at),
                draws.awaiting(by),
                figures.unprocessedWinners,
              ],
              { concurrency: "unbounded" },
            )
          const result: Dashboard = {
            at,
            salesToday,
            salesLast7Days,
            onSale,
            closingSoon: onSale.filter((c) => c.closeDateTimeUtc <= soon),
            drawsDue,
            unprocessedWinners,
          }
          return result
        })

      /**
       * Sales per London day and each live competition's tickets per hour,
       * read apart from the front page's figures so a slow or failed chart
       * leaves the rest of the dashboard standing. Staff only (ViewBackOffice).
       */
      const charts = (by: Principal) =>
        Effect.gen(function* () {
          yield* authorize(by, "ViewBackOffice")
          const at = yield* now
          const days = salesChartWindow(at, SALES_CHART_DAYS)
          const hours = ticketsChartWindow(at, TICKETS_CHART_HOURS)
          const [salesHours, ticketHours, onSale] = yield* Effect.all(
            [
              figures.salesByHour(days.from, days.to),
              figures.ticketsByHour(hours.from, hours.to),
              figures.onSale(at),
            ],
            { concurrency: "unbounded" },
          )
          const perHour = new Map(
            ticketsByHour(
              ticketHours,
              onSale.map((c) => c.competitionId),
              at,
              TICKETS_CHART_HOURS,
            ).map((c) => [c.competitionId, c.hours]),
          )
          const result: DashboardCharts = {
            at,
            salesByDay: salesByDay(salesHours, at, SALES_CHART_DAYS),
            hours: TICKETS_CHART_HOURS,
            ticketsByHour: onSale.map((c) => ({
              competitionId: c.competitionId,
              competitionName: c.competitionName,
              visibilityStatus: c.visibilityStatus,
              hours: perHour.get(c.competitionId) ?? [],
            })),
          }
          return result
        })

      return { dashboard, charts }
    }),
  },
) {}
