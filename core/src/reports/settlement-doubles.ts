/**
 * The settlements report's records in memory (SettlementRecords): whatever
 * orders, payments and refunds a test keeps, chosen by the same definition
 * as the database's query. test/contracts/settlements.* holds it to Postgres.
 */
import { Effect } from "effect"
import type { SettlementRecordsShape } from "../ports/settlements.js"
import {
  type SettlementFacts,
  type SettlementOrder,
  type SettlementPayment,
  type SettlementRefund,
  summarizeSettlements,
} from "../rules/settlements.js"

export interface MemorySettlementSource {
  readonly orders: () => Iterable<SettlementOrder>
  readonly payments: () => Iterable<SettlementPayment>
  readonly refunds: () => Iterable<SettlementRefund>
}

const SETTLED = new Set(["Completed", "Cancelled", "SystemCancelled", "Refunded"])

export const makeMemorySettlementRecords = (
  source: MemorySettlementSource,
): SettlementRecordsShape => {
  const between = (from: Date, to: Date): SettlementFacts => {
    const inWindow = (at: Date | null) => at !== null && at >= from && at < to
    const orders = [...source.orders()].filter((o) => SETTLED.has(o.status) && inWindow(o.placedAt))
    const ours = new Set(orders.map((o) => o.id))
    return {
      orders,
      payments: [...source.payments()].filter(
        (p) => ours.has(p.orderId) || inWindow(p.succeededAt) || inWindow(p.createdAt),
      ),
      refunds: [...source.refunds()].filter(
        (r) => ours.has(r.orderId) || inWindow(r.dueAt) || inWindow(r.refundedAt),
      ),
    }
  }
  return {
    between: (from, to) => Effect.sync(() => between(from, to)),
    summary: (from, to) =>
      Effect.sync(() => summarizeSettlements(between(from, to), { start: from, end: to })),
  }
}
