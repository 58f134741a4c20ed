import type { CustomerJson } from "@howzat/contracts/customers"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import { api } from "../../../api"
import { FilterField, FilterForm, ListScreen } from "../../../components/ListScreen"
import { Empty } from "../../../components/PageStates"
import { formatPence } from "../../../lib/format"
import { pageTitle } from "../../../lib/page-title"
import { pageParam, textParam } from "../../../lib/search"

interface CustomerSearch {
  readonly page?: number
  readonly firstName?: string
  readonly lastName?: string
  readonly email?: string
}

export const Route = createFileRoute("/_staff/customers/")({
  head: () => ({ meta: [{ title: pageTitle("Customers") }] }),
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
  const filtered = Boolean(search.firstName || search.lastName || search.email)

  const onSearch = (form: FormData) => {
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
    <ListScreen
      title="Customers"
      filters={
        <FilterForm
          label="Find customers"
          className="card mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.5fr_auto] lg:items-end"
          onFilter={onSearch}
          submitLabel="Search"
          resetKey={`${search.firstName}|${search.lastName}|${search.email}`}
          clear={
            filtered && (
              <Link to="/customers" search={{}} className="btn">
                Clear
              </Link>
            )
          }
        >
          <FilterField label="First name" name="firstName" defaultValue={search.firstName} />
          <FilterField label="Last name" name="lastName" defaultValue={search.lastName} />
          <FilterField label="Email" name="email" defaultValue={search.email} />
        </FilterForm>
      }
      notes={
        <p className="mb-2 text-xs text-slate-500">
          Any part of a name or email finds it; capitals do not matter.
        </p>
      }
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
      page={data}
      onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
    />
  )
}
