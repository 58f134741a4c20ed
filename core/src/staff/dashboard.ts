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

/**
 * The back office's front page (issue 10 §3): how the shop is doing today
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

      return { dashboard }
    }),
  },
) {}
