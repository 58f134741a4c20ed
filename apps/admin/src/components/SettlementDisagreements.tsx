import type { SettlementReportJson } from "@howzat/contracts/reports"
import { Link } from "@tanstack/react-router"
import { formatDateTime, formatPence } from "../lib/format"
import { disagreementWords } from "../lib/settlements"

/**
 * The orders whose payments and status disagree, shown first on the
 * settlements screen (decision 0068); a plain all-clear when there are none.
 */
export function SettlementDisagreements({
  disagreements,
}: {
  readonly disagreements: SettlementReportJson["disagreements"]
}) {
  if (disagreements.length === 0)
    return (
      <p className="mb-4 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800">
        No order's payments and status disagree in these days.
      </p>
    )
  return (
    <section
      aria-labelledby="disagreements-h"
      className="mb-4 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <h2 id="disagreements-h" className="font-semibold">
        {disagreements.length === 1
          ? "1 order's payments and status disagree"
          : `${disagreements.length} orders' payments and status disagree`}
      </h2>
      <p className="mt-1">There should be none: look into each before reconciling.</p>
      <ul className="mt-2 space-y-1">
        {disagreements.map((d) => (
          <li key={d.orderId}>
            <Link
              to="/orders/$orderId"
              params={{ orderId: d.orderId }}
              className="font-medium underline"
            >
              {d.orderRef}
            </Link>{" "}
            ({d.status}, {formatPence(d.cardBalance)} by card, placed{" "}
            {formatDateTime(d.placedAtUtc)}): {d.kinds.map(disagreementWords).join("; ")}
          </li>
        ))}
      </ul>
    </section>
  )
}
