import type { CustomerCompetitionJson } from "@howzat/contracts/orders"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import type { ReactNode } from "react"
import { api } from "../../../api"
import { DataTable } from "../../../components/DataTable"
import { CompetitionLink, WithOrderRefLinks } from "../../../components/Links"
import { Pager } from "../../../components/Pager"
import { PageHeader } from "../../../components/PageStates"
import { CustomerEditForm } from "../../../components/people/CustomerEditForm"
import { CustomerStanding } from "../../../components/people/CustomerStanding"
import { EraseCustomer } from "../../../components/people/EraseCustomer"
import { OrderStatusBadge } from "../../../components/people/OrderStatusBadge"
import { SiteCreditAdjustment } from "../../../components/people/SiteCreditAdjustment"
import { formatDate, formatDateTime, formatPence } from "../../../lib/format"
import { pageTitle } from "../../../lib/page-title"
import { pageParam } from "../../../lib/search"

export const Route = createFileRoute("/_staff/customers/$customerId")({
  head: () => ({ meta: [{ title: pageTitle("Customer") }] }),
  validateSearch: (raw: Record<string, unknown>): { ledgerPage?: number } => {
    const ledgerPage = pageParam(raw.ledgerPage)
    return ledgerPage ? { ledgerPage } : {}
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ params: { customerId }, deps }) => {
    const path = { customerId }
    const [customer, details, orders, upcoming, drawn, credit, standing] = await Promise.all([
      api.customers.byId({ path }),
      api.staffCustomers.details({ path }),
      api.orders.list({ urlParams: { CustomerId: customerId, PageSize: 10 } }),
      api.customerTickets.competitions({ path, urlParams: { Status: "1", PageSize: 50 } }),
      api.customerTickets.competitions({ path, urlParams: { Status: "3", PageSize: 50 } }),
      api.customerTickets.siteCreditAccount({
        path,
        urlParams: { PageNumber: deps.ledgerPage ?? 1, PageSize: 10 },
      }),
      api.accountStanding.view({ path }),
    ])
    return {
      customer: customer.customer,
      details,
      orders,
      competitions: [
        ...upcoming.competitions.map((c) => ({ ...c, drawn: false })),
        ...drawn.competitions.map((c) => ({ ...c, drawn: true })),
      ],
      moreCompetitions: upcoming.totalPages > 1 || drawn.totalPages > 1,
      credit: credit.siteCreditAccount,
      standing: standing.standing,
    }
  },
  component: CustomerScreen,
})

type HeldCompetition = CustomerCompetitionJson & { drawn: boolean }
const held = createColumnHelper<HeldCompetition>()
const competitionColumns = [
  held.accessor((c) => c.competition.name, {
    id: "name",
    header: "Competition",
    cell: ({ row, getValue }) => (
      <CompetitionLink id={row.original.competition.id}>{getValue()}</CompetitionLink>
    ),
  }),
  held.accessor("drawn", {
    header: "State",
    cell: (info) => (info.getValue() ? "Drawn" : "Open or awaiting draw"),
  }),
  held.accessor("ticketCount", { header: "Tickets" }),
  held.accessor("ticketNumbers", {
    header: "Numbers",
    enableSorting: false,
    cell: (info) => <span className="break-all">{info.getValue()}</span>,
  }),
  held.accessor((c) => c.instantWins.filter((w) => w.won).length, {
    id: "wins",
    header: "Instant wins",
    cell: (info) =>
      info.row.original.instantWins
        .filter((w) => w.won)
        .map((w) => `#${w.ticketNumber} ${w.instantWinGroup.name}`)
        .join(", ") || "—",
  }),
]

function Section({
  title,
  children,
  actions,
}: {
  readonly title: string
  readonly children: ReactNode
  readonly actions?: ReactNode
}) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, "-")}`
  return (
    <section className="card space-y-3 p-4" aria-labelledby={id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  )
}

function CustomerScreen() {
  const { customer, details, orders, competitions, moreCompetitions, credit, standing } =
    Route.useLoaderData()
  const navigate = useNavigate({ from: Route.fullPath })
  const erased = details.erased
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/customers" className="text-primary-800 underline">
          ← Customers
        </Link>
      </p>
      <PageHeader title={customer.fullName}>
        {erased ? (
          <span className="rounded bg-slate-200 px-2 py-1 text-sm font-medium text-slate-800">
            Erased
          </span>
        ) : (
          <EraseCustomer customerId={customer.customerId} customerName={customer.fullName} />
        )}
      </PageHeader>
      <dl className="card mb-4 grid gap-3 p-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-slate-500">Email</dt>
          <dd className="font-medium break-all">
            {customer.email} {customer.emailVerified ? "(verified)" : "(not verified)"}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Phone</dt>
          <dd className="font-medium">{customer.telephoneNumber || "—"}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Date of birth</dt>
          <dd className="font-medium">{formatDate(customer.dateOfBirth)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Site credit</dt>
          <dd className="font-medium">{formatPence(credit.balance)}</dd>
        </div>
      </dl>
      <CustomerStanding standing={standing} />
      {erased && (
        <p className="card mb-4 p-4 text-sm text-slate-700">
          This customer's personal data was erased. Their orders, tickets and ledger are kept for
          the accounts and the draws; nothing here can be changed.
        </p>
      )}
      <div className="grid gap-4 xl:grid-cols-2">
        <Section
          title="Orders"
          actions={
            <Link
              to="/orders"
              search={{ customerId: customer.customerId }}
              className="text-sm text-primary-800 underline"
            >
              All {orders.totalCount} orders
            </Link>
          }
        >
          {orders.orders.length === 0 ? (
            <p className="text-sm text-slate-600">No orders yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {orders.orders.map((order) => (
                <li
                  key={order.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                >
                  <Link
                    to="/orders/$orderId"
                    params={{ orderId: order.id }}
                    className="font-medium text-primary-800 underline"
                  >
                    {order.orderRef}
                  </Link>
                  <span className="text-slate-600">{formatDateTime(order.createdDateUtc)}</span>
                  <OrderStatusBadge status={order.status} />
                  <span className="font-medium">{formatPence(order.orderTotal)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Site credit">
          {!erased && (
            <SiteCreditAdjustment
              customerId={customer.customerId}
              customerName={customer.fullName}
              balance={credit.balance}
            />
          )}
          <h3 className="pt-2 text-sm font-semibold">Ledger</h3>
          {credit.accountEntries.length === 0 ? (
            <p className="text-sm text-slate-600">No site credit has been given or spent.</p>
          ) : (
            <>
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Site-credit ledger, newest first</caption>
                  <thead className="text-xs text-slate-600 uppercase">
                    <tr>
                      <th scope="col" className="py-1 pr-3">
                        When
                      </th>
                      <th scope="col" className="py-1 pr-3">
                        Description
                      </th>
                      <th scope="col" className="py-1 text-right">
                        Amount
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {credit.accountEntries.map((entry, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; a read-only page replaced whole
                      <tr key={`${entry.transactionDateTime}-${i}`}>
                        <td className="py-1 pr-3 whitespace-nowrap">
                          {formatDateTime(entry.transactionDateTime)}
                        </td>
                        <td className="py-1 pr-3">
                          <WithOrderRefLinks text={entry.description} />
                        </td>
                        <td
                          className={`py-1 text-right font-medium whitespace-nowrap ${entry.amount < 0 ? "text-red-700" : "text-green-800"}`}
                        >
                          {entry.amount > 0 ? "+" : ""}
                          {formatPence(entry.amount)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {credit.totalPages > 1 && (
                <Pager
                  page={credit}
                  onPage={(ledgerPage) =>
                    navigate({ search: (prev) => ({ ...prev, ledgerPage }), resetScroll: false })
                  }
                />
              )}
            </>
          )}
        </Section>
      </div>
      <div className="mt-4 space-y-4">
        <Section title="Tickets by competition">
          <DataTable
            rows={competitions}
            columns={competitionColumns}
            caption="Tickets by competition"
            rowKey={(c) => `${c.competition.id}-${c.drawn}`}
            empty={<p className="text-sm text-slate-600">No paid tickets yet.</p>}
          />
          {moreCompetitions && (
            <p className="text-xs text-slate-500">Showing the 50 most recent of each state.</p>
          )}
        </Section>
        <Section title="Vouchers used">
          {details.vouchersUsed.length === 0 ? (
            <p className="text-sm text-slate-600">No voucher used.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {details.vouchersUsed.map((use) => (
                <li key={`${use.orderId}-${use.code}`} className="flex flex-wrap gap-3 py-2">
                  <span className="font-mono font-medium">{use.code}</span>
                  <span>{use.description}</span>
                  <span className="text-slate-600">{formatDateTime(use.usedDateUtc)}</span>
                  <Link
                    to="/orders/$orderId"
                    params={{ orderId: use.orderId }}
                    className="text-primary-800 underline"
                  >
                    {use.orderRef}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Section>
        {!erased && (
          <Section title="Details">
            <CustomerEditForm key={customer.customerId} customer={customer} />
          </Section>
        )}
      </div>
    </>
  )
}
