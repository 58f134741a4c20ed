import type { OrderJson } from "@howzat/contracts/orders"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import { useState } from "react"
import { api } from "../../../api"
import { FilterField, FilterForm, ListScreen } from "../../../components/ListScreen"
import { Empty } from "../../../components/PageStates"
import { OrderStatusBadge } from "../../../components/people/OrderStatusBadge"
import { SearchAsYouType } from "../../../components/SearchAsYouType"
import { formatDate, formatDateTime, formatPence } from "../../../lib/format"
import {
  ORDER_STATUSES,
  orderListParams,
  orderStatusLabels,
  searchParam,
  uuidParam,
  validateOrderSearch,
} from "../../../lib/order-filters"
import { pageTitle } from "../../../lib/page-title"
import { dayParam } from "../../../lib/search"

export const Route = createFileRoute("/_staff/orders/")({
  head: () => ({ meta: [{ title: pageTitle("Orders") }] }),
  validateSearch: validateOrderSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => {
    const [orders, customer] = await Promise.all([
      api.orders.list({ urlParams: orderListParams(deps) }),
      // The filter names the customer it is for, not just an id.
      deps.customerId
        ? api.customers
            .byId({ path: { customerId: deps.customerId } })
            .then((r) => r.customer)
            .catch(() => undefined)
        : undefined,
    ])
    return { orders, customer }
  },
  component: Orders,
})

const column = createColumnHelper<OrderJson>()
const columns = [
  column.accessor("orderRef", {
    header: "Order",
    cell: (info) => (
      <Link
        to="/orders/$orderId"
        params={{ orderId: info.row.original.id }}
        className="font-medium text-primary-800 underline"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor("createdDateUtc", {
    header: "Placed",
    cell: (info) => <span className="whitespace-nowrap">{formatDateTime(info.getValue())}</span>,
  }),
  column.accessor((o) => o.customer.fullName, {
    id: "customer",
    header: "Customer",
    cell: (info) => (
      <Link
        to="/customers/$customerId"
        params={{ customerId: info.row.original.customer.id }}
        className="text-primary-800 underline"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor("status", {
    header: "Status",
    cell: (info) => <OrderStatusBadge status={info.getValue()} />,
  }),
  column.accessor("totalTicketQuantity", { header: "Tickets" }),
  column.accessor("orderTotal", {
    header: "Total",
    cell: (info) => formatPence(info.getValue()),
  }),
]

function Orders() {
  const { orders, customer } = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const filtered = Boolean(
    search.q || search.customerId || search.status || search.from || search.to,
  )
  return (
    <ListScreen
      title="Orders"
      filters={
        <>
          <SearchAsYouType
            label="Search orders"
            hint="An order reference (its start is enough), or part of a customer's name or email address."
            value={search.q}
            tidy={searchParam}
            onSearch={(q) =>
              // Each pause in typing replaces the address rather than stacking up Back steps.
              navigate({ search: (prev) => ({ ...prev, q, page: undefined }), replace: true })
            }
          />
          <OrderFilters search={search} customerName={customer?.fullName} filtered={filtered} />
        </>
      }
      notes={
        <>
          <p role="status" className="mb-2 text-sm text-slate-600">
            {search.q &&
              `${orders.totalCount === 1 ? "1 order matches" : `${orders.totalCount} orders match`} “${search.q}”.`}
          </p>
          {(search.from || search.to) && (
            <p className="mb-2 text-xs text-slate-500">
              Placed {search.from ? `from ${formatDate(search.from)}` : ""}
              {search.to ? ` to the end of ${formatDate(search.to)}` : ""}, UK time.
            </p>
          )}
        </>
      }
      rows={orders.orders}
      columns={columns}
      caption="Orders, newest first"
      rowKey={(o) => o.id}
      empty={
        <Empty title={filtered ? "No order matches these filters." : "No orders yet."}>
          {search.q
            ? "Check the reference, or search by part of the customer's name or email address."
            : filtered
              ? "Widen the dates or choose another status."
              : "Orders appear here as customers check out."}
        </Empty>
      }
      page={orders}
      onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
    />
  )
}

/** The customer, status and dates an order list is narrowed to; the search box keeps its own. */
function OrderFilters({
  search,
  customerName,
  filtered,
}: {
  readonly search: ReturnType<typeof Route.useSearch>
  readonly customerName: string | undefined
  readonly filtered: boolean
}) {
  const navigate = useNavigate({ from: Route.fullPath })
  const [customerIdError, setCustomerIdError] = useState<string>()
  const onFilter = (form: FormData) => {
    const typedCustomer = String(form.get("customerId") ?? "").trim()
    const customerId = uuidParam(typedCustomer)
    if (typedCustomer && !customerId) {
      setCustomerIdError("Enter a customer id as shown on the customer's page, or leave it empty.")
      return
    }
    setCustomerIdError(undefined)
    const status = ORDER_STATUSES.find((s) => s === form.get("status"))
    void navigate({
      search: {
        q: search.q,
        customerId,
        status,
        from: dayParam(form.get("from")),
        to: dayParam(form.get("to")),
      },
    })
  }
  return (
    <FilterForm
      label="Filter orders"
      className="card mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[1.6fr_1fr_auto_auto_auto] lg:items-end"
      onFilter={onFilter}
      // Reset to the address's filters when they change (Back, Clear), but not when the
      // search box or the page does: a status chosen while a search loads stays chosen.
      resetKey={JSON.stringify([search.customerId, search.status, search.from, search.to])}
      clear={
        filtered && (
          <Link to="/orders" search={{}} className="btn">
            Clear
          </Link>
        )
      }
    >
      <FilterField
        label="Customer id"
        name="customerId"
        inputClassName="input font-mono"
        defaultValue={search.customerId}
        hint={{
          invalid: customerIdError !== undefined,
          text: customerIdError ? (
            <span className="text-red-700">{customerIdError}</span>
          ) : customerName ? (
            <>Orders of {customerName}</>
          ) : (
            <>
              From the customer's page ("All orders"), or{" "}
              <Link to="/customers" className="underline">
                find a customer
              </Link>
              .
            </>
          ),
        }}
      />
      <FilterField label="Status" name="status">
        {(id) => (
          <select id={id} name="status" className="input" defaultValue={search.status ?? ""}>
            <option value="">Any status</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {orderStatusLabels[status]}
              </option>
            ))}
          </select>
        )}
      </FilterField>
      <FilterField label="Placed from" name="from" type="date" defaultValue={search.from} />
      <FilterField label="Placed to" name="to" type="date" defaultValue={search.to} />
    </FilterForm>
  )
}
