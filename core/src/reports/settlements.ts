import { Data, Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import { now } from "../ports/clock.js"
import { SettlementRecords } from "../ports/settlements.js"
import {
  type SettlementReport,
  settlementRange,
  settlementReportFromSummary,
} from "../rules/settlements.js"
import { authorize } from "../staff/permissions.js"

/** The range asked for is no range the report can answer; the message says why. */
export class BadSettlementRange extends Data.TaggedError("BadSettlementRange")<{
  readonly message: string
}> {}

/** What the report was asked: ISO dates of London days, both optional. */
export interface SettlementQuery {
  readonly from?: string | undefined
  readonly to?: string | undefined
}

export interface SettlementReportAt extends SettlementReport {
  readonly generatedAt: Date
}

/**
 * The settlements report for reconciliation (decision 0068): staff and
 * admins only (ViewReports), checked here so every caller of core is held
 * to it, not only HTTP.
 */
export class SettlementReports extends Effect.Service<SettlementReports>()(
  "@howzat/core/SettlementReports",
  {
    effect: Effect.gen(function* () {
      const records = yield* SettlementRecords

      const report = (by: Principal, query: SettlementQuery) =>
        Effect.gen(function* () {
          yield* authorize(by, "ViewReports")
          const at = yield* now
          const read = settlementRange(query, at)
          if (!read.ok) return yield* new BadSettlementRange({ message: read.message })
          // Added up by the store, days and disagreements decided here
          // (docs/decisions/0094).
          const summary = yield* records.summary(read.range.start, read.range.end)
          const result: SettlementReportAt = {
            ...settlementReportFromSummary(summary, read.range),
            generatedAt: at,
          }
          return result
        })

      return { report }
    }),
  },
) {}
