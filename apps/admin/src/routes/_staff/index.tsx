import type { DashboardJson } from "@howzat/contracts/dashboard"
import { CLOSING_SOON_HOURS, hoursText } from "@howzat/core/rules"
import { createFileRoute, Link } from "@tanstack/react-router"
import { api } from "../../api"
import { DashboardCharts } from "../../components/DashboardCharts"
import { CompetitionLink } from "../../components/Links"
import { Empty, PageHeader } from "../../components/PageStates"
import { formatDateTime, formatPence } from "../../lib/format"
import { pageTitle } from "../../lib/page-title"

export const Route = createFileRoute("/_staff/")({
  head: () => ({ meta: [{ title: pageTitle("Dashboard") }] }),
  loader: () => api.dashboard.dashboard(),
  component: Dashboard,
})

type Sales = DashboardJson["salesToday"]
type OnSale = DashboardJson["onSale"][number]

function SalesCard({ title, sales }: { readonly title: string; readonly sales: Sales }) {
  return (
    <section className="card p-4" aria-labelledby={`${title}-h`}>
      <h2 id={`${title}-h`} className="text-sm font-medium text-slate-600">
        {title}
      </h2>
      <p className="mt-1 text-2xl font-semibold">{formatPence(sales.ticketSales)}</p>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-xs text-slate-600">
        <div>
          <dt>Orders</dt>
          <dd className="font-medium text-slate-900">{sales.orders}</dd>
        </div>
        <div>
          <dt>Tickets</dt>
          <dd className="font-medium text-slate-900">{sales.ticketsSold}</dd>
        </div>
        <div>
          <dt>By card</dt>
          <dd className="font-medium text-slate-900">{formatPence(sales.cardTakings)}</dd>
        </div>
      </dl>
    </section>
  )
}

function SoldBar({ competition }: { readonly competition: OnSale }) {
  const { ticketsSoldToDate: sold, totalTickets: total } = competition
  const percent = total > 0 ? Math.round((sold / total) * 100) : 0
  return (
    <li className="space-y-1 py-2">
      <div className="flex justify-between gap-2 text-sm">
        <span>
          <CompetitionLink id={competition.id}>{competition.name}</CompetitionLink>
          {competition.visibilityStatus === "Hidden" && (
            <span className="ml-2 rounded bg-slate-200 px-1.5 text-xs text-slate-700">Hidden</span>
          )}
        </span>
        <span className="whitespace-nowrap text-slate-600">
          {sold} / {total} ({percent}%)
        </span>
      </div>
      <div
        className="h-2 rounded bg-slate-100"
        role="progressbar"
        aria-label={`${competition.name}: tickets sold`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={sold}
      >
        <div className="h-2 rounded bg-primary-600" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-500">
        Closes {formatDateTime(competition.closeDateTimeUtc)}
      </p>
    </li>
  )
}

function Dashboard() {
  const data = Route.useLoaderData()
  const unprocessed = data.unprocessedWinners.main + data.unprocessedWinners.instantWin
  return (
    <>
      <PageHeader title="Dashboard" />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <SalesCard title="Today" sales={data.salesToday} />
        <SalesCard title="Last 7 days" sales={data.salesLast7Days} />
        <section className="card p-4">
          <h2 className="text-sm font-medium text-slate-600">Draws due</h2>
          <p className="mt-1 text-2xl font-semibold">{data.drawsDue.length}</p>
          <ul className="mt-2 space-y-1 text-xs text-slate-600">
            {data.drawsDue.slice(0, 5).map((c) => (
              <li key={c.id}>
                <CompetitionLink id={c.id}>{c.name}</CompetitionLink> · {c.drawType} · closed{" "}
                {formatDateTime(c.closeDateTimeUtc)}
              </li>
            ))}
          </ul>
          {data.drawsDue.length > 0 && (
            <Link to="/draws" className="mt-2 inline-block text-sm text-primary-800 underline">
              Go to draws
            </Link>
          )}
        </section>
        <section className="card p-4">
          <h2 className="text-sm font-medium text-slate-600">Winners to process</h2>
          <p className="mt-1 text-2xl font-semibold">{unprocessed}</p>
          <p className="mt-2 text-xs text-slate-600">
            {data.unprocessedWinners.main} main prize · {data.unprocessedWinners.instantWin} instant
            win
          </p>
        </section>
      </div>
      <div className="mt-4 grid gap-4 xl:grid-cols-2">
        <section className="card p-4">
          <h2 className="font-semibold">On sale</h2>
          {data.onSale.length === 0 ? (
            <Empty title="Nothing is on sale right now." />
          ) : (
            <ul className="divide-y divide-slate-100">
              {data.onSale.map((c) => (
                <SoldBar key={c.id} competition={c} />
              ))}
            </ul>
          )}
        </section>
        <section className="card p-4">
          <h2 className="font-semibold">Closing in the next {hoursText(CLOSING_SOON_HOURS)}</h2>
          {data.closingSoon.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              No competition closes in the next {hoursText(CLOSING_SOON_HOURS)}.
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {data.closingSoon.map((c) => (
                <SoldBar key={c.id} competition={c} />
              ))}
            </ul>
          )}
        </section>
      </div>
      <DashboardCharts />
      <p className="mt-4 text-xs text-slate-500">
        Figures as at {formatDateTime(data.currentDateTimeUtc)} (UK time). Sales are paid orders
        after discounts.
      </p>
    </>
  )
}
