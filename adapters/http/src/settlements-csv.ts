import {
  type Disagreement,
  type Pence,
  type SettlementReport,
  csvCell as textCell,
} from "@howzat/core/rules"

/** Pence as pounds with two decimals and no symbol or separators: what a spreadsheet adds up. */
export const poundsCell = (amount: Pence): string => {
  const sign = amount < 0 ? "-" : ""
  const absolute = Math.abs(amount)
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`
}

/**
 * A row of cells already written: text through core's CSV rule (quoted, and
 * a would-be formula kept as text), figures as they are, since a refund's
 * minus sign is a number here, not a formula.
 */
const line = (cells: readonly string[]) => `${cells.join(",")}\r\n`

export const SETTLEMENT_CSV_HEADER = [
  "Day",
  "Provider",
  "Taken (GBP)",
  "Refunded (GBP)",
  "Pending payments (GBP)",
  "Refunds due (GBP)",
  "Completed orders",
  "Completed orders (GBP)",
  "Refunded orders",
  "Refunded orders (GBP)",
] as const

export const DISAGREEMENT_CSV_HEADER = [
  "Order ref",
  "Order id",
  "Status",
  "Card balance (GBP)",
  "Placed at (UTC)",
  "Problems",
] as const

const disagreementLine = (d: Disagreement) =>
  line([
    textCell(d.order.orderRef),
    textCell(d.order.id),
    textCell(d.order.status),
    poundsCell(d.order.cardBalance),
    d.order.placedAt.toISOString(),
    textCell(d.kinds.join(" ")),
  ])

/**
 * The report as the accountant's CSV (decision 0068): a header row and one
 * row per London day and provider; then a blank line, a title line and the
 * orders whose payments and status disagree, under their own header (no
 * rows under it when, as there should be, there are none).
 */
export const settlementsCsv = (report: SettlementReport): string =>
  [
    line(SETTLEMENT_CSV_HEADER),
    ...report.rows.map((r) =>
      line([
        r.day,
        textCell(r.provider),
        poundsCell(r.taken),
        poundsCell(r.refunded),
        poundsCell(r.pendingPayments),
        poundsCell(r.refundsDue),
        String(r.completedOrders),
        poundsCell(r.completedTotal),
        String(r.refundedOrders),
        poundsCell(r.refundedTotal),
      ]),
    ),
    "\r\n",
    line(["Orders whose payments and status disagree"]),
    line(DISAGREEMENT_CSV_HEADER),
    ...report.disagreements.map(disagreementLine),
  ].join("")
