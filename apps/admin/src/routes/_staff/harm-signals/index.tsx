import type { FlaggedCustomerJson } from "@howzat/contracts/harm-signals"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import { api } from "../../../api"
import { ListScreen } from "../../../components/ListScreen"
import { Empty } from "../../../components/PageStates"
import { formatDateTime } from "../../../lib/format"
import { pageTitle } from "../../../lib/page-title"
import { harmSignalListParams, harmSignalSearch } from "../../../lib/responsible-play"

export const Route = createFileRoute("/_staff/harm-signals/")({
  head: () => ({ meta: [{ title: pageTitle("Harm signals") }] }),
  validateSearch: harmSignalSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => api.harmSignals.list({ urlParams: harmSignalListParams(deps) }),
  component: HarmSignals,
})

const column = createColumnHelper<FlaggedCustomerJson>()
const columns = [
  column.accessor((f) => f.customer.name, {
    id: "customer",
    header: "Customer",
    cell: (info) => (
      <Link
        to="/harm-signals/$customerId"
        params={{ customerId: info.row.original.customer.customerId }}
        className="font-medium text-primary-800 underline"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor((f) => f.signals.map((s) => s.label).join("; "), {
    id: "signals",
    header: "Signals",
  }),
  column.accessor("latestEvidenceAt", {
    header: "Newest evidence",
    cell: (info) => <span className="whitespace-nowrap">{formatDateTime(info.getValue())}</span>,
  }),
]

/**
 * Customers whose play suggests harm (decision 0044), or whose referral was
 * refused as self-dealing (decision 0065), newest evidence first.
 */
function HarmSignals() {
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const showingAll = search.show === "all"
  return (
    <ListScreen
      title="Harm signals"
      actions={
        <nav aria-label="Which customers" className="flex gap-2">
          <Link
            to="/harm-signals"
            search={{}}
            className={`btn ${showingAll ? "" : "btn-primary"}`}
            aria-current={showingAll ? undefined : "page"}
          >
            Awaiting review
          </Link>
          <Link
            to="/harm-signals"
            search={{ show: "all" }}
            className={`btn ${showingAll ? "btn-primary" : ""}`}
            aria-current={showingAll ? "page" : undefined}
          >
            All signals
          </Link>
        </nav>
      }
      notes={
        <p className="mb-3 text-sm text-slate-600">
          Customers who keep reaching their spend limit, raise it often, spend far above their usual
          or have many declined payments, and both customers of a referral refused because the
          friend matched the referrer. Review each one, note what you did, and they leave this list
          until new evidence arrives.
        </p>
      }
      rows={data.customers}
      columns={columns}
      caption="Customers with harm signals, newest evidence first"
      rowKey={(f) => f.customer.customerId}
      empty={
        showingAll ? (
          <Empty title="No customer shows a harm signal right now." />
        ) : (
          <Empty title="Nothing awaiting review.">Reviewed customers are under All signals.</Empty>
        )
      }
      page={data}
      onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
    />
  )
}
