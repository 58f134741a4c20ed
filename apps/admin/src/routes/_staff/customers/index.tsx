import type { CustomerJson } from "@howzat/contracts/customers"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import { type FormEvent, useId } from "react"
import { api } from "../../../api"
import { DataTable } from "../../../components/DataTable"
import { Pager } from "../../../components/Pager"
import { Empty, PageHeader } from "../../../components/PageStates"
import { formatPence } from "../../../lib/format"
import { pageParam, textParam } from "../../../lib/search"

interface CustomerSearch {
  readonly page?: number
  readonly firstName?: string
  readonly lastName?: string
  readonly email?: string
}

export const Route = createFileRoute("/_staff/customers/")({
  head: () => ({ meta: [{ title: "Customers · Howzat back office" }] }),
  validateSearch: (raw: Record<string, unknown>): CustomerSearch => {
    const search: { page?: number; firstName?: string; lastName?: string; email?: string } = {}
    const page = pageParam(raw.page)
    const firstName = textParam(raw.firstName)
    const lastName = textParam(raw.lastName)
    const email = textParam(raw.email)
    if (page) search.page = page
    if (firstName) search.firstName = firstName
    if (lastName) search.lastName = lastName
    if (email) search.email = email
    return search
  },
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) =>
    api.customers.list({
      urlParams: {
        PageNumber: deps.page ?? 1,
        PageSize: 20,
        ...(deps.firstName ? { FirstName: deps.firstName } : {}),
        ...(deps.lastName ? { LastName: deps.lastName } : {}),
        ...(deps.email ? { Email: deps.email } : {}),
      },
    }),
  component: Customers,
})

const column = createColumnHelper<CustomerJson>()
const columns = [
  column.accessor("fullName", {
    header: "Name",
    cell: (info) => (
      <Link
        to="/customers/$customerId"
        params={{ customerId: info.row.original.customerId }}
        className="font-medium text-primary-800 underline"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor("email", { header: "Email" }),
  column.accessor("telephoneNumber", { header: "Phone" }),
  column.accessor("emailVerified", {
    header: "Verified",
    cell: (info) => (info.getValue() ? "Yes" : "No"),
  }),
  column.accessor("siteCreditAccountBalance", {
    header: "Site credit",
    cell: (info) => formatPence(info.getValue()),
  }),
]

function Customers() {
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const formId = useId()
  const filtered = Boolean(search.firstName || search.lastName || search.email)

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => textParam(form.get(name))
    void navigate({
      search: {
        firstName: text("firstName"),
        lastName: text("lastName"),
        email: text("email"),
      },
    })
  }

  return (
    <>
      <PageHeader title="Customers" />
      <form
        aria-label="Find customers"
        className="card mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.5fr_auto] lg:items-end"
        onSubmit={onSearch}
        // A new search starts its form afresh from the URL (Back, a shared link).
        key={`${search.firstName}|${search.lastName}|${search.email}`}
      >
        <div className="space-y-1">
          <label className="label" htmlFor={`${formId}-first`}>
            First name
          </label>
          <input
            id={`${formId}-first`}
            name="firstName"
            className="input"
            defaultValue={search.firstName ?? ""}
          />
        </div>
        <div className="space-y-1">
          <label className="label" htmlFor={`${formId}-last`}>
            Last name
          </label>
          <input
            id={`${formId}-last`}
            name="lastName"
            className="input"
            defaultValue={search.lastName ?? ""}
          />
        </div>
        <div className="space-y-1">
          <label className="label" htmlFor={`${formId}-email`}>
            Email
          </label>
          <input
            id={`${formId}-email`}
            name="email"
            className="input"
            defaultValue={search.email ?? ""}
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary">
            Search
          </button>
          {filtered && (
            <Link to="/customers" search={{}} className="btn">
              Clear
            </Link>
          )}
        </div>
      </form>
      <p className="mb-2 text-xs text-slate-500">
        Any part of a name or email finds it; capitals do not matter.
      </p>
      <DataTable
        rows={data.customers}
        columns={columns}
        caption="Customers"
        rowKey={(c) => c.customerId}
        empty={
          <Empty title={filtered ? "No customer matches that search." : "No customers yet."}>
            {filtered
              ? "Check the spelling, or search by part of the email address instead."
              : "Customers appear here once they register in the shop."}
          </Empty>
        }
      />
      {data.customers.length > 0 && (
        <Pager page={data} onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })} />
      )}
    </>
  )
}
