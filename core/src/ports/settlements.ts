import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { SettlementFacts, SettlementSummary } from "../rules/settlements.js"

/**
 * What the settlements report (rules/settlements, decision 0068) is made
 * from: a plain read of orders, card payments and their refunds.
 */
export interface SettlementRecordsShape {
  /**
   * For the window [from, to): the orders placed in it that are Completed,
   * Cancelled, SystemCancelled or Refunded, with every payment and refund of
   * theirs whenever made; and every payment that succeeded or was started
   * in it, and every refund made or fallen due in it, whatever its order.
   * A fact may be answered once only; the rule ignores what lies outside.
   */
  readonly between: (from: Date, to: Date) => Effect.Effect<SettlementFacts, RepositoryError>
  /**
   * The same facts added up by the store (docs/decisions/0094): what
   * rules/settlements `summarizeSettlements` makes of `between(from, to)`,
   * except that `mayDisagree` may hold more orders than disagree (each with
   * all its payments and their refunds). The report is made from this; a
   * month of a large shop is a few hundred rows, not tens of thousands.
   */
  readonly summary: (from: Date, to: Date) => Effect.Effect<SettlementSummary, RepositoryError>
}
export class SettlementRecords extends Context.Tag("@howzat/core/SettlementRecords")<
  SettlementRecords,
  SettlementRecordsShape
>() {}
