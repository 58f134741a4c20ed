import type { SettlementReportJson } from "@howzat/contracts/reports"
import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import type { FormEvent } from "react"
import { useId } from "react"
import { api } from "../../api"
import { DataTable } from "../../components/DataTable"
import { DateRangeFields } from "../../components/DateRangeFields"
import { Empty, ErrorNote, PageHeader } from "../../components/PageStates"
import { SettlementDisagreements } from "../../components/SettlementDisagreements"
import { formatPence } from "../../lib/format"
import { pageTitle } from "../../lib/page-title"
import {
  csvFileName,
  providerLabel,
  type SettlementsSearch,
  settlementsParams,
  settlementsSearch,
} from "../../lib/settlements"
import { useAction } from "../../lib/use-action"

export const Route = createFileRoute("/_staff/settlements")({
  head: () => ({ meta: [{ title: pageTitle("Settlements") }] }),
  validateSearch: settlementsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => api.reports.settlements({ urlParams: settlementsParams(deps) }),
  component: Settlements,
})

type Row = SettlementReportJson["rows"][number]
type Figures = SettlementReportJson["totals"]

const column = createColumnHelper<Row>()
const money = (key: keyof Figures, header: string) =>
  column.accessor(key, {
    header,
    cell: (info) => <span className="tabular-nums">{formatPence(info.getValue())}</span>,
  })
const columns = [
  column.accessor("day", { header: "Day (UK)" }),
  column.accessor("provider", {
    header: "Provider",
    cell: (info) => providerLabel(info.getValue()),
  }),
  money("taken", "Taken"),
  money("refunded", "Refunded"),
  money("pendingPayments", "Pending payments"),
  money("refundsDue", "Refunds due"),
  column.accessor("completedOrders", { header: "Completed orders" }),
  money("completedTotal", "Completed total"),
  column.accessor("refundedOrders", { header: "Refunded orders" }),
  money("refundedTotal", "Refunded total"),
]

/** The CSV comes through the API client (the token is in memory, so a plain link would be refused). */
const downloadCsv = async (search: SettlementsSearch, range: { from: string; to: string }) => {
  const csv = await api.reports.settlementsCsv({ urlParams: settlementsParams(search) })
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }))
  try {
    const link = document.createElement("a")
    link.href = url
    link.download = csvFileName(range)
    link.click()
  } finally {
    // The click has handed the file over by now.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
}

function Settlements() {
  const report = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const id = useId()
  const download = useAction(() => downloadCsv(search, report), { reload: false })

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    void navigate({ search: settlementsSearch(Object.fromEntries(data.entries())) })
  }

  return (
    <>
      <PageHeader title="Settlements">
        <button
          type="button"
          className="btn"
          disabled={download.pending}
          onClick={() => void download.run()}
        >
          {download.pending ? "Preparing CSV…" : "Download CSV"}
        </button>
      </PageHeader>
      <p className="mb-4 max-w-3xl text-sm text-slate-600">
        Card money per UK day and payment provider, for reconciling with the providers' payouts:
        taken (payments that succeeded), refunded (refunds made), and what is still pending, set
        against the orders placed that day that are now completed or refunded. Showing {report.from}{" "}
        to {report.to}.
      </p>
      <ErrorNote error={download.error} />
      <form
        key={JSON.stringify(search)}
        aria-label="Choose the days"
        className="card mb-4 flex flex-wrap items-end gap-3 p-4"
        onSubmit={apply}
      >
        <DateRangeFields id={id} from={search.from ?? report.from} to={search.to ?? report.to} />
        <button type="submit" className="btn btn-primary">
          Show
        </button>
        {(search.from || search.to) && (
          <button type="button" className="btn" onClick={() => void navigate({ search: {} })}>
            Last 30 days
          </button>
        )}
      </form>
      <SettlementDisagreements disagreements={report.disagreements} />
      <dl className="mb-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {(
          [
            ["Taken", report.totals.taken],
            ["Refunded", report.totals.refunded],
            ["Pending payments", report.totals.pendingPayments],
            ["Refunds due", report.totals.refundsDue],
          ] as const
        ).map(([label, amount]) => (
          <div key={label} className="card p-4">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{formatPence(amount)}</dd>
          </div>
        ))}
      </dl>
      <DataTable
        rows={report.rows}
        columns={columns}
        caption="Settlements by UK day and payment provider"
        rowKey={(row) => `${row.day} ${row.provider}`}
        empty={
          <Empty title="No card money moved and no orders were placed in these days.">
            Choose other days above.
          </Empty>
        }
      />
    </>
  )
}
