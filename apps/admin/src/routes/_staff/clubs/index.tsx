import type { ClubJson } from "@howzat/contracts/clubs"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import { api } from "../../../api"
import { DataTable } from "../../../components/DataTable"
import { Pager } from "../../../components/Pager"
import { Empty, PageHeader } from "../../../components/PageStates"
import { SearchBar } from "../../../components/SearchBar"
import { perksListGap } from "../../../lib/clubs"
import { formatPence } from "../../../lib/format"
import { pageTitle } from "../../../lib/page-title"
import { pageParam, textParam } from "../../../lib/search"

interface ClubSearch {
  readonly page?: number
  readonly name?: string
}

export const Route = createFileRoute("/_staff/clubs/")({
  head: () => ({ meta: [{ title: pageTitle("Clubs") }] }),
  validateSearch: (search: Record<string, unknown>): ClubSearch => ({
    page: pageParam(search.page),
    name: textParam(search.name),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) =>
    api.clubs.list({ urlParams: { Name: deps.name, PageNumber: deps.page, PageSize: 20 } }),
  component: Clubs,
})

const column = createColumnHelper<ClubJson>()
const money = (header: string, pick: (c: ClubJson) => number) =>
  column.accessor(pick, {
    id: header,
    header,
    cell: (info) => <span className="tabular-nums">{formatPence(info.getValue())}</span>,
  })

const columns = [
  column.accessor("name", {
    header: "Club",
    cell: (info) => (
      <Link
        to="/clubs/$clubId"
        params={{ clubId: info.row.original.id }}
        className="font-medium text-primary-800 underline"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor((c) => c.voucherCode ?? "", {
    id: "code",
    header: "Current code",
    cell: (info) => {
      const gap = perksListGap(info.row.original, new Date())
      return (
        <>
          {info.getValue() === "" ? (
            <span className="text-slate-500">None</span>
          ) : (
            <code>{info.getValue()}</code>
          )}
          {gap && (
            <span className="block text-xs text-slate-500">
              {gap === "Ended" ? "Ended: " : ""}not on the club perks list
            </span>
          )}
        </>
      )
    },
  }),
  money("Earned", (c) => c.creditEarned),
  money("Reversed", (c) => c.creditReversed),
  money("Paid out", (c) => c.paidOut),
  column.accessor("balanceOwed", {
    header: "Owed",
    cell: (info) => (
      <span className={`tabular-nums font-medium ${info.getValue() < 0 ? "text-red-700" : ""}`}>
        {formatPence(info.getValue())}
      </span>
    ),
  }),
  column.accessor("orderCount", { header: "Orders" }),
]

function Clubs() {
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  return (
    <>
      <PageHeader title="Clubs">
        <Link to="/clubs/new" className="btn btn-primary">
          New club
        </Link>
      </PageHeader>
      <div className="mb-4">
        <SearchBar
          label="Club name"
          value={search.name}
          onSearch={(name) =>
            void navigate({ search: (prev) => ({ ...prev, name, page: undefined }) })
          }
        >
          {search.name && (
            <button type="button" className="btn" onClick={() => void navigate({ search: {} })}>
              Clear
            </button>
          )}
        </SearchBar>
      </div>
      <DataTable
        rows={data.clubs}
        columns={columns}
        caption="Clubs, with the credit each earned and is owed"
        rowKey={(c) => c.id}
        empty={
          <Empty title={search.name ? `No club matches “${search.name}”.` : "No clubs yet."}>
            {search.name
              ? "Try part of the name, or clear the search."
              : "Add one with New club: its code gives shoppers 10% off and the club 10% credit."}
          </Empty>
        }
      />
      {data.totalCount > 0 && (
        <Pager
          page={data}
          onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
        />
      )}
      <p className="mt-3 text-xs text-slate-500">
        Owed is earned − reversed − paid out. It is below zero only when a refund came after a
        payout.
      </p>
    </>
  )
}
