import type { CompetitionJson } from "@howzat/contracts/catalogue"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import { useState } from "react"
import { api } from "../../../api"
import { ListScreen } from "../../../components/ListScreen"
import { Empty } from "../../../components/PageStates"
import { competitionPhaseLabel } from "../../../lib/competition-form"
import {
  type CompetitionListSearch,
  competitionListQuery,
  PHASES,
  type PhaseFilter,
  readCompetitionListSearch,
  VISIBILITIES,
  type VisibilityFilter,
} from "../../../lib/competition-list"
import { formatDateTime, formatPence } from "../../../lib/format"
import { pageTitle } from "../../../lib/page-title"

export const Route = createFileRoute("/_staff/competitions/")({
  head: () => ({ meta: [{ title: pageTitle("Competitions") }] }),
  validateSearch: readCompetitionListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => api.competitions.list({ urlParams: competitionListQuery(deps) }),
  component: Competitions,
})

const column = createColumnHelper<CompetitionJson>()

const columns = [
  column.accessor("name", {
    header: "Name",
    cell: (info) => (
      <Link
        to="/competitions/$competitionId"
        params={{ competitionId: info.row.original.id }}
        className="font-medium text-primary-700 underline-offset-2 hover:underline"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor((c) => competitionPhaseLabel(c, new Date(c.currentDateTimeUtc)), {
    id: "phase",
    header: "Phase",
  }),
  column.accessor("visibilityStatus", {
    header: "Visibility",
    cell: (info) =>
      info.getValue() === "Hidden" ? (
        <span className="rounded bg-slate-200 px-1.5 text-xs text-slate-700">Hidden</span>
      ) : (
        <span className="rounded bg-green-100 px-1.5 text-xs text-green-800">Published</span>
      ),
  }),
  column.accessor("ticketPrice", { header: "Price", cell: (info) => formatPence(info.getValue()) }),
  column.accessor((c) => (c.totalTickets > 0 ? c.ticketsSoldToDate / c.totalTickets : 0), {
    id: "sold",
    header: "Sold / total",
    cell: (info) => (
      <span className="whitespace-nowrap">
        {info.row.original.ticketsSoldToDate.toLocaleString("en-GB")} /{" "}
        {info.row.original.totalTickets.toLocaleString("en-GB")}
      </span>
    ),
  }),
  column.accessor("closeDateTimeUtc", {
    header: "Closes",
    cell: (info) => <span className="whitespace-nowrap">{formatDateTime(info.getValue())}</span>,
  }),
  column.accessor("drawType", { header: "Draw" }),
]

function Filters({ search }: { readonly search: CompetitionListSearch }) {
  const navigate = useNavigate({ from: Route.fullPath })
  const [q, setQ] = useState(search.q ?? "")
  const set = (next: Partial<CompetitionListSearch>) =>
    navigate({ search: (prev) => readCompetitionListSearch({ ...prev, ...next, page: undefined }) })
  return (
    <form
      aria-label="Filter competitions"
      className="card mb-4 flex flex-wrap items-end gap-3 p-3"
      onSubmit={(event) => {
        event.preventDefault()
        void set({ q })
      }}
    >
      <label className="grow text-sm">
        <span className="label">Name contains</span>
        <input
          className="input"
          type="search"
          value={q}
          maxLength={255}
          onChange={(e) => setQ(e.target.value)}
        />
      </label>
      <label className="text-sm">
        <span className="label">Phase</span>
        <select
          className="input"
          value={search.phase ?? "All"}
          onChange={(e) => void set({ q, phase: e.target.value as PhaseFilter })}
        >
          {Object.entries(PHASES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        <span className="label">Visibility</span>
        <select
          className="input"
          value={search.visibility ?? "All"}
          onChange={(e) => void set({ q, visibility: e.target.value as VisibilityFilter })}
        >
          {Object.entries(VISIBILITIES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </form>
  )
}

function Competitions() {
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const filtered = Boolean(search.q || search.phase || search.visibility)
  return (
    <ListScreen
      title="Competitions"
      actions={
        <Link to="/competitions/new" className="btn btn-primary">
          New competition
        </Link>
      }
      filters={<Filters key={search.q ?? ""} search={search} />}
      rows={data.competitions}
      columns={columns}
      caption="Competitions"
      rowKey={(c) => c.id}
      empty={
        <Empty title={filtered ? "No competition matches these filters." : "No competitions yet."}>
          {filtered ? (
            <Link to="/competitions" className="underline">
              Clear the filters
            </Link>
          ) : (
            <Link to="/competitions/new" className="underline">
              Create the first competition
            </Link>
          )}
        </Empty>
      }
      page={data}
      onPage={(page) =>
        void navigate({ search: (prev) => readCompetitionListSearch({ ...prev, page }) })
      }
    />
  )
}
