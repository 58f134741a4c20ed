import type { OrderJson, OrderTicketJson } from "@howzat/contracts/orders"
import { createFileRoute, Link } from "@tanstack/react-router"
import type { ReactNode } from "react"
import { api } from "../../../api"
import { CompetitionLink } from "../../../components/Links"
import { PageHeader } from "../../../components/PageStates"
import { OrderActions } from "../../../components/people/OrderActions"
import { OrderStatusBadge } from "../../../components/people/OrderStatusBadge"
import { formatDateTime, formatPence } from "../../../lib/format"
import { moneyRows, orderMoneyOf } from "../../../lib/order-money"
import { pageTitle } from "../../../lib/page-title"

export const Route = createFileRoute("/_staff/orders/$orderId")({
  head: () => ({ meta: [{ title: pageTitle("Order") }] }),
  loader: async ({ params: { orderId } }) => {
    const [order, tickets] = await Promise.all([
      api.orders.byId({ path: { orderId } }),
      api.orders.tickets({ path: { orderId } }),
    ])
    return { order: order.order, tickets: tickets.tickets }
  },
  component: OrderScreen,
})

function Card({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const id = `order-${title.toLowerCase().replace(/\W+/g, "-")}`
  return (
    <section className="card space-y-3 p-4" aria-labelledby={id}>
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

const Th = ({ children, right }: { readonly children: ReactNode; readonly right?: boolean }) => (
  <th scope="col" className={`px-2 py-1 whitespace-nowrap ${right ? "text-right" : ""}`}>
    {children}
  </th>
)

function Totals({ order }: { readonly order: OrderJson }) {
  const rows: [string, number][] = [
    ["Tickets", order.ticketItemTotal],
    ...(order.siteCreditItemTotal
      ? [["Site credit bought", order.siteCreditItemTotal] as [string, number]]
      : []),
    ...order.discounts.map((d): [string, number] => [`Discount: ${d.name}`, -d.value]),
    ...(order.charitableDonationTotal
      ? [["Donation", order.charitableDonationTotal] as [string, number]]
      : []),
  ]
  return (
    <dl className="space-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt>{label}</dt>
          <dd>{formatPence(value)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 font-semibold">
        <dt>Order total</dt>
        <dd>{formatPence(order.orderTotal)}</dd>
      </div>
      {moneyRows(orderMoneyOf(order), order.status).map((row) => (
        <div
          key={row.label}
          className={`flex justify-between gap-4 ${row.strong ? "font-semibold" : ""}`}
        >
          <dt>{row.label}</dt>
          <dd>{formatPence(row.amount)}</dd>
        </div>
      ))}
    </dl>
  )
}

function InstantWins({ tickets }: { readonly tickets: readonly OrderTicketJson[] }) {
  const wins = tickets.filter((t) => t.instantWin?.won)
  const numbers = tickets.filter((t) => t.instantWin && !t.instantWin.won)
  if (wins.length === 0 && numbers.length === 0)
    return <p className="text-sm text-slate-600">No instant-win numbers among these tickets.</p>
  return (
    <ul className="space-y-1 text-sm">
      {wins.map((t) => (
        <li key={`${t.competitionId}-${t.ticketNumber}`}>
          <strong>WON</strong> ·{" "}
          <CompetitionLink id={t.competitionId}>{t.competitionName}</CompetitionLink> #
          {t.ticketNumber}: {t.instantWin?.instantWinGroup.name}
        </li>
      ))}
      {numbers.map((t) => (
        <li key={`${t.competitionId}-${t.ticketNumber}`} className="text-slate-600">
          {t.competitionName} #{t.ticketNumber}: instant-win number for{" "}
          {t.instantWin?.instantWinGroup.name}, not won
        </li>
      ))}
    </ul>
  )
}

function OrderScreen() {
  const { order, tickets } = Route.useLoaderData()
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/orders" className="text-primary-800 underline">
          ← Orders
        </Link>
      </p>
      <PageHeader title={`Order ${order.orderRef}`}>
        <OrderActions order={order} />
      </PageHeader>
      <dl className="card mb-4 grid gap-3 p-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-slate-500">Status</dt>
          <dd>
            <OrderStatusBadge status={order.status} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Customer</dt>
          <dd>
            <Link
              to="/customers/$customerId"
              params={{ customerId: order.customer.id }}
              className="font-medium text-primary-800 underline"
            >
              {order.customer.fullName}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Placed</dt>
          <dd className="font-medium">{formatDateTime(order.createdDateUtc)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">
            {order.status === "Pending" || order.status === "AwaitingPayment"
              ? "Expires if unpaid"
              : "Payment window closed"}
          </dt>
          <dd className="font-medium">{formatDateTime(order.expiresDateUtc)}</dd>
        </div>
      </dl>
      <div className="grid gap-4 xl:grid-cols-[2fr_1fr]">
        <Card title="Lines">
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Order lines</caption>
              <thead className="text-xs text-slate-600 uppercase">
                <tr>
                  <Th>Competition</Th>
                  <Th right>Tickets</Th>
                  <Th right>Price</Th>
                  <Th right>Before discount</Th>
                  <Th right>Line total</Th>
                  <Th>Ticket numbers</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {order.ticketItems.map((line) => (
                  <tr key={line.competition.id}>
                    <td className="px-2 py-1">
                      <CompetitionLink id={line.competition.id}>
                        {line.competition.name}
                      </CompetitionLink>
                    </td>
                    <td className="px-2 py-1 text-right">{line.quantity}</td>
                    <td className="px-2 py-1 text-right">{formatPence(line.price)}</td>
                    <td className="px-2 py-1 text-right">{formatPence(line.preDiscountTotal)}</td>
                    <td className="px-2 py-1 text-right font-medium">
                      {formatPence(line.lineTotal)}
                    </td>
                    <td className="px-2 py-1 break-all">{line.ticketNumbers || "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {order.ticketItems.length === 0 && (
            <p className="text-sm text-slate-600">This order holds no tickets.</p>
          )}
          {order.siteCreditItems.length > 0 && (
            <table className="mt-3 w-full text-left text-sm">
              <caption className="text-left text-xs font-semibold text-slate-600 uppercase">
                Site credit bought (credited when paid, taken back by a refund)
              </caption>
              <tbody className="divide-y divide-slate-100">
                {order.siteCreditItems.map((item) => (
                  <tr key={item.description}>
                    <td className="px-2 py-1">{item.description}</td>
                    <td className="px-2 py-1 text-right font-medium">
                      {formatPence(item.lineTotal)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {order.ticketAllocationExceptions.length > 0 && (
            <ul className="space-y-1 text-sm text-amber-900">
              {order.ticketAllocationExceptions.map((e) => (
                <li key={e.competitionName}>
                  {e.competitionName}: {e.exceptionReason}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Totals">
          <Totals order={order} />
        </Card>
        <Card title="Payments">
          {order.payments.length === 0 ? (
            <p className="text-sm text-slate-600">No card payment was taken.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Payments</caption>
                <thead className="text-xs text-slate-600 uppercase">
                  <tr>
                    <Th>When</Th>
                    <Th>Provider</Th>
                    <Th>Status</Th>
                    <Th right>Amount</Th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {order.payments.map((p) => (
                    <tr key={p.id}>
                      <td className="px-2 py-1 whitespace-nowrap">
                        {formatDateTime(p.createdDateUtc)}
                      </td>
                      <td className="px-2 py-1">{p.provider}</td>
                      <td className="px-2 py-1">
                        {p.status}
                        {p.failureDetail && (
                          <span className="block text-xs text-slate-600">{p.failureDetail}</span>
                        )}
                      </td>
                      <td className="px-2 py-1 text-right">{formatPence(p.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
        <Card title="Instant wins">
          <InstantWins tickets={tickets} />
        </Card>
      </div>
    </>
  )
}
