import type { AuditEntry, StaffUser } from "@howzat/contracts/staff-users"
import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { type FormEvent, useId, useState } from "react"
import { api } from "../../../api"
import { AdminOnlyError } from "../../../components/AdminOnly"
import { DateRangeFields } from "../../../components/DateRangeFields"
import { Pager } from "../../../components/Pager"
import { Empty, PageHeader } from "../../../components/PageStates"
import { SubjectLink } from "../../../components/SubjectLink"
import {
  type AuditSearch,
  auditListParams,
  auditSearch,
  fieldChanges,
} from "../../../lib/audit-log"
import { subjectScreen } from "../../../lib/audit-subjects"
import { formatDateTime } from "../../../lib/format"
import { pageTitle } from "../../../lib/page-title"

export const Route = createFileRoute("/_staff/audit-log/")({
  head: () => ({ meta: [{ title: pageTitle("Audit log") }] }),
  validateSearch: auditSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => {
    const [log, staff] = await Promise.all([
      api.auditLog.list({ urlParams: auditListParams(deps) }),
      api.users.list({ urlParams: { PageSize: 100 } }),
    ])
    return { log, staff: staff.items }
  },
  errorComponent: (props) => <AdminOnlyError what="read the audit log" {...props} />,
  component: AuditLog,
})

type Entry = typeof AuditEntry.Encoded

const FILTERS = [
  { key: "action", label: "Action", hint: "e.g. Promotion.Update" },
  { key: "subjectType", label: "Subject type", hint: "e.g. Promotion" },
  { key: "subjectId", label: "Subject id", hint: undefined },
] as const

function AuditLog() {
  const { log, staff } = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const names = new Map(staff.map((s) => [s.userId, `${s.firstName} ${s.lastName}`]))
  const actorName = (userId: string) => names.get(userId) ?? `Former staff (${userId.slice(0, 8)}…)`

  const filtered = Object.entries(search).some(([key, value]) => key !== "page" && value)

  return (
    <>
      <PageHeader title="Audit log" />
      <p className="mb-4 max-w-3xl text-sm text-slate-600">
        Every change made by staff, newest first: who, when, what, and the values before and after.
        Entries can never be edited or removed. Times are UK time.
      </p>
      <AuditFilters
        search={search}
        staff={staff}
        actorName={actorName}
        known={(userId) => names.has(userId)}
        filtered={filtered}
      />
      {log.items.length === 0 ? (
        <Empty
          title={filtered ? "No entries match these filters." : "Nothing has been changed yet."}
        >
          {filtered && "Widen the dates or clear a filter."}
        </Empty>
      ) : (
        <ol className="card divide-y divide-slate-100" aria-label="Audit entries">
          {log.items.map((entry) => (
            <EntryRow
              key={entry.id}
              entry={entry}
              actor={actorName(entry.actor.userId)}
              onFilter={(next) => void navigate({ search: { ...next } })}
            />
          ))}
        </ol>
      )}
      {log.totalCount > 0 && (
        <Pager
          page={log}
          onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
        />
      )}
    </>
  )
}

/** Who, what, which subject and when: read on submit into the URL, so Back and links keep them. */
function AuditFilters({
  search,
  staff,
  actorName,
  known,
  filtered,
}: {
  readonly search: AuditSearch
  readonly staff: readonly (typeof StaffUser.Encoded)[]
  readonly actorName: (userId: string) => string
  /** Whether a user id is one of today's staff, who are listed anyway. */
  readonly known: (userId: string) => boolean
  readonly filtered: boolean
}) {
  const navigate = useNavigate({ from: Route.fullPath })
  const id = useId()
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const read = auditSearch(Object.fromEntries(data.entries()))
    void navigate({ search: { ...read, page: undefined } })
  }
  return (
    <form
      // A new key per search: the inputs start from the URL after Back or a link.
      key={JSON.stringify(search)}
      aria-label="Filter the audit log"
      className="card mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-3"
      onSubmit={apply}
    >
      <div className="space-y-1">
        <label htmlFor={`${id}-actor`} className="label">
          Who
        </label>
        <select id={`${id}-actor`} name="actor" className="input" defaultValue={search.actor ?? ""}>
          <option value="">Anyone</option>
          {search.actor && !known(search.actor) && (
            <option value={search.actor}>{actorName(search.actor)}</option>
          )}
          {staff.map((s) => (
            <option key={s.userId} value={s.userId}>
              {s.firstName} {s.lastName} ({s.role})
            </option>
          ))}
        </select>
      </div>
      {FILTERS.map((f) => (
        <div key={f.key} className="space-y-1">
          <label htmlFor={`${id}-${f.key}`} className="label">
            {f.label}
          </label>
          <input
            id={`${id}-${f.key}`}
            name={f.key}
            className="input"
            placeholder={f.hint}
            defaultValue={search[f.key] ?? ""}
          />
        </div>
      ))}
      <DateRangeFields id={id} from={search.from ?? ""} to={search.to ?? ""} />
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3">
        <button type="submit" className="btn btn-primary">
          Filter
        </button>
        {filtered && (
          <button type="button" className="btn" onClick={() => void navigate({ search: {} })}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  )
}

function EntryRow({
  entry,
  actor,
  onFilter,
}: {
  readonly entry: Entry
  readonly actor: string
  readonly onFilter: (search: AuditSearch) => void
}) {
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  const target = subjectScreen(entry)
  return (
    <li className="p-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <button
          type="button"
          className="btn"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">{open ? "▾" : "▸"}</span>
          {open ? "Hide" : "Show"} changes
          <span className="sr-only">
            {" "}
            of {entry.action} at {formatDateTime(entry.at)}
          </span>
        </button>
        <time dateTime={entry.at} className="whitespace-nowrap text-slate-600">
          {formatDateTime(entry.at)}
        </time>
        <span className="font-medium">{entry.action}</span>
        <span className="text-slate-600">
          by {actor} <span className="text-xs">({entry.actor.role})</span>
        </span>
        <button
          type="button"
          className="text-xs text-primary-800 underline"
          onClick={() => onFilter({ subjectType: entry.subject.type, subjectId: entry.subject.id })}
        >
          {entry.subject.type} {entry.subject.id.slice(0, 8)}
          <span className="sr-only">: show every entry for this {entry.subject.type}</span>
        </button>
        {target && (
          <SubjectLink target={target}>
            Open<span className="sr-only"> this {entry.subject.type}</span>
          </SubjectLink>
        )}
      </div>
      {open && (
        <div id={detailsId} className="mt-3 overflow-x-auto">
          <Changes before={entry.before} after={entry.after} />
        </div>
      )}
    </li>
  )
}

function Changes({ before, after }: { readonly before: unknown; readonly after: unknown }) {
  const rows = fieldChanges(before, after)
  if (rows.length === 0) return <p className="text-sm text-slate-600">No values were recorded.</p>
  return (
    <table className="w-full min-w-[36rem] table-fixed text-left text-xs">
      <caption className="sr-only">Values before and after; changed fields are marked</caption>
      <thead className="bg-slate-50 text-slate-600">
        <tr>
          <th scope="col" className="w-40 px-2 py-1">
            Field
          </th>
          <th scope="col" className="px-2 py-1">
            Before {before === null && "(created)"}
          </th>
          <th scope="col" className="px-2 py-1">
            After {after === null && "(deleted)"}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.field} className={row.changed ? "bg-amber-50" : undefined}>
            <th scope="row" className="px-2 py-1 align-top font-medium">
              {row.field}
              {row.changed && <span className="ml-1 text-amber-800">• changed</span>}
            </th>
            <td className="px-2 py-1 align-top">
              <pre className="whitespace-pre-wrap break-all font-mono">{row.before ?? "—"}</pre>
            </td>
            <td className="px-2 py-1 align-top">
              <pre
                className={`whitespace-pre-wrap break-all font-mono ${row.changed ? "font-semibold text-amber-900" : ""}`}
              >
                {row.after ?? "—"}
              </pre>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
