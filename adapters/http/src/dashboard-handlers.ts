import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { CurrentUser } from "@howzat/contracts/security"
import type { CompetitionOnSale, SalesFigures } from "@howzat/core/ports"
import { BackOfficeDashboard } from "@howzat/core/staff"
import { Effect } from "effect"
import { repositoryProblem } from "./repository-problem"
import { notStaff } from "./staff-problems"

const salesToWire = (sales: SalesFigures) => ({ ...sales })

const onSaleToWire = (c: CompetitionOnSale) => ({
  id: c.competitionId,
  name: c.competitionName,
  ticketsSoldToDate: c.ticketsSold,
  totalTickets: c.totalTickets,
  closeDateTimeUtc: c.closeDateTimeUtc,
  visibilityStatus: c.visibilityStatus,
})

/** GET /api/Dashboard and its charts: what core's BackOfficeDashboard answers, for staff. */
export const DashboardHandlersLive = HttpApiBuilder.group(HowzatApi, "dashboard", (handlers) =>
  Effect.gen(function* () {
    const backOffice = yield* BackOfficeDashboard
    return handlers
      .handle("dashboard", () =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          const d = yield* backOffice
            .dashboard(principal)
            .pipe(Effect.catchTag("NotStaff", () => notStaff(principal)))
          return {
            currentDateTimeUtc: d.at,
            salesToday: salesToWire(d.salesToday),
            salesLast7Days: salesToWire(d.salesLast7Days),
            onSale: d.onSale.map(onSaleToWire),
            closingSoon: d.closingSoon.map(onSaleToWire),
            drawsDue: d.drawsDue.map((c) => ({
              id: c.id,
              name: c.name,
              drawType: c.drawType,
              closeDateTimeUtc: c.closeDateTimeUtc,
              drawDateTimeUtc: c.drawDateTimeUtc,
              ticketsSoldToDate: c.ticketsSoldToDate,
            })),
            unprocessedWinners: d.unprocessedWinners,
          }
        }).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("charts", () =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          const c = yield* backOffice
            .charts(principal)
            .pipe(Effect.catchTag("NotStaff", () => notStaff(principal)))
          return {
            currentDateTimeUtc: c.at,
            salesByDay: c.salesByDay.map((d) => ({ ...d })),
            hours: c.hours,
            ticketsByHour: c.ticketsByHour.map((t) => ({
              id: t.competitionId,
              name: t.competitionName,
              visibilityStatus: t.visibilityStatus,
              hours: t.hours.map((h) => ({ ...h })),
            })),
          }
        }).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
  }),
)
