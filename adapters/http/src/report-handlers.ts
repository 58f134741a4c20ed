import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { badRequest } from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import { type SettlementQuery, SettlementReports } from "@howzat/core/reports"
import { Effect } from "effect"
import { repositoryProblem } from "./repository-problem"
import { settlementsCsv } from "./settlements-csv"
import { notStaff } from "./staff-problems"

/** GET /api/Reports/settlements and its CSV: what core's SettlementReports answers, for staff. */
export const ReportHandlersLive = HttpApiBuilder.group(HowzatApi, "reports", (handlers) =>
  Effect.gen(function* () {
    const reports = yield* SettlementReports
    const report = (query: SettlementQuery) =>
      Effect.gen(function* () {
        const principal = yield* CurrentUser
        return yield* reports.report(principal, query).pipe(
          Effect.catchTags({
            NotStaff: () => notStaff(principal),
            BadSettlementRange: (e) =>
              Effect.fail(badRequest("The date range cannot be reported", e.message)),
            RepositoryError: repositoryProblem,
          }),
        )
      })
    return handlers
      .handle("settlements", ({ urlParams }) =>
        Effect.map(report(urlParams), (r) => ({
          from: r.range.from,
          to: r.range.to,
          generatedAtUtc: r.generatedAt,
          disagreements: r.disagreements.map((d) => ({
            orderId: d.order.id,
            orderRef: d.order.orderRef,
            status: d.order.status,
            cardBalance: d.order.cardBalance,
            placedAtUtc: d.order.placedAt,
            kinds: d.kinds,
          })),
          rows: r.rows.map((row) => ({ ...row })),
          totals: { ...r.totals },
        })),
      )
      .handle("settlementsCsv", ({ urlParams }) =>
        Effect.map(report(urlParams), (r) =>
          HttpServerResponse.text(settlementsCsv(r), {
            contentType: "text/csv; charset=utf-8",
            headers: {
              // Days are digits and hyphens: safe to quote.
              "content-disposition": `attachment; filename="settlements-${r.range.from}-to-${r.range.to}.csv"`,
            },
          }),
        ),
      )
  }),
)
