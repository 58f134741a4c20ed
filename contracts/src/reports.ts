import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { BadRequest, Forbidden, Unauthorized } from "./problems.js"
import { Authentication, StaffPermission } from "./security.js"
import { boundedString } from "./text.js"

/**
 * `from` and `to` are London days as YYYY-MM-DD, both included; core reads
 * them (rules/settlements) so a bad one is refused with words saying why.
 */
export const SettlementParams = Schema.Struct({
  from: Schema.optional(boundedString(40)),
  to: Schema.optional(boundedString(40)),
})

/** Money in integer pence; counts of orders. */
export const SettlementFigures = Schema.Struct({
  /** Card payments that succeeded that day (kept or refunded since). */
  taken: Schema.Int,
  /** Refunds the provider made that day. */
  refunded: Schema.Int,
  /** Card payments started that day and still pending. */
  pendingPayments: Schema.Int,
  /** Refunds fallen due that day and not yet made. */
  refundsDue: Schema.Int,
  /** Orders placed that day and now Completed, and their card balances. */
  completedOrders: Schema.Int,
  completedTotal: Schema.Int,
  /** Orders placed that day and since refunded by staff, and their card balances. */
  refundedOrders: Schema.Int,
  refundedTotal: Schema.Int,
})

export const SettlementRow = Schema.Struct({
  /** YYYY-MM-DD, London. */
  day: Schema.String,
  /** "sandbox", "stripe", …; "none" for orders no card paid (site credit paid them whole). */
  provider: Schema.String,
  ...SettlementFigures.fields,
})

export const DisagreementKind = Schema.Literal(
  "CompletedWithoutPayment",
  "ClosedWithKeptPayment",
  "PaidTwice",
)

export const SettlementDisagreement = Schema.Struct({
  orderId: Schema.String,
  orderRef: Schema.String,
  status: Schema.String,
  cardBalance: Schema.Int,
  placedAtUtc: Schema.Date,
  kinds: Schema.Array(DisagreementKind),
})

/**
 * GET /api/Reports/settlements (staff only, decision 0068): for reconciling
 * card money, per London day and provider. Orders whose payments and
 * status disagree come first; there should be none.
 */
export const SettlementReport = Schema.Struct({
  from: Schema.String,
  to: Schema.String,
  generatedAtUtc: Schema.Date,
  disagreements: Schema.Array(SettlementDisagreement),
  rows: Schema.Array(SettlementRow),
  totals: SettlementFigures,
})
export type SettlementReportJson = typeof SettlementReport.Encoded

/** The report for staff, as JSON and as CSV for the accountant. */
export class ReportsApi extends HttpApiGroup.make("reports")
  .add(
    HttpApiEndpoint.get("settlements", "/api/Reports/settlements")
      .setUrlParams(SettlementParams)
      .addSuccess(SettlementReport),
  )
  .add(
    // Pounds with two decimals; the disagreements follow in a second section.
    HttpApiEndpoint.get("settlementsCsv", "/api/Reports/settlements.csv")
      .setUrlParams(SettlementParams)
      .addSuccess(HttpApiSchema.Text({ contentType: "text/csv; charset=utf-8" })),
  )
  .addError(BadRequest)
  .addError(Unauthorized)
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(StaffPermission, "ViewReports") {}
