import type { ComplaintJson } from "@howzat/contracts/complaints"
import { COMPLAINT_STATUSES, complaintStatusLabels } from "@howzat/core/rules"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import { api } from "../../../api"
import { FilterField, FilterForm, ListScreen } from "../../../components/ListScreen"
import { Empty } from "../../../components/PageStates"
import { formatDateTime } from "../../../lib/format"
import { pageTitle } from "../../../lib/page-title"
import { complaintListParams, complaintSearch } from "../../../lib/responsible-play"

export const Route = createFileRoute("/_staff/complaints/")({
  head: () => ({ meta: [{ title: pageTitle("Complaints") }] }),
  validateSearch: complaintSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => api.staffComplaints.list({ urlParams: complaintListParams(deps) }),
  component: Complaints,
})

const column = createColumnHelper<ComplaintJson>()
const columns = [
  column.accessor("reference", {
    header: "Reference",
    cell: (info) => (
      <Link
        to="/complaints/$complaintId"
        params={{ complaintId: info.row.original.id }}
        className="font-mono font-medium text-primary-800 underline"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor("receivedAt", {
    header: "Received",
    cell: (info) => <span className="whitespace-nowrap">{formatDateTime(info.getValue())}</span>,
  }),
  column.accessor("name", { header: "From" }),
  column.accessor("category", { header: "About" }),
  column.accessor("source", { header: "By" }),
  column.accessor("status", {
    header: "Status",
    cell: (info) => complaintStatusLabels[info.getValue()],
  }),
]

/** Complaints (decision 0044): newest first, filtered by status; an emailed one is logged here. */
function Complaints() {
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const onFilter = (form: FormData) => {
    const chosen = form.get("status")
    const status = COMPLAINT_STATUSES.find((s) => s === chosen)
    void navigate({ search: { status } })
  }
  return (
    <ListScreen
      title="Complaints"
      actions={
        <Link to="/complaints/new" className="btn btn-primary">
          Log an emailed complaint
        </Link>
      }
      filters={
        <FilterForm
          label="Filter complaints"
          className="card mb-4 flex flex-wrap items-end gap-3 p-4"
          onFilter={onFilter}
          resetKey={search.status ?? "all"}
          clear={
            search.status && (
              <Link to="/complaints" search={{}} className="btn">
                Clear
              </Link>
            )
          }
        >
          <FilterField label="Status" name="status">
            {(id) => (
              <select id={id} name="status" className="input" defaultValue={search.status ?? ""}>
                <option value="">Any status</option>
                {COMPLAINT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {complaintStatusLabels[status]}
                  </option>
                ))}
              </select>
            )}
          </FilterField>
        </FilterForm>
      }
      rows={data.complaints}
      columns={columns}
      caption="Complaints, newest first"
      rowKey={(c) => c.id}
      empty={
        search.status ? (
          <Empty
            title={`No complaints are ${complaintStatusLabels[search.status].toLowerCase()}.`}
          />
        ) : (
          <Empty title="No complaints yet.">
            Complaints sent with the storefront's form, and emailed ones you log, appear here.
          </Empty>
        )
      }
      page={data}
      onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
    />
  )
}
