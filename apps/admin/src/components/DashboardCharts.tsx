import type { DashboardChartsJson } from "@howzat/contracts/dashboard"
import { useCallback, useEffect, useState } from "react"
import { api } from "../api"
import {
  dayLabel,
  hourLabel,
  hourSpan,
  noSalesYet,
  salesSummary,
  scalePence,
  ticketsSummary,
} from "../lib/dashboard-charts"
import { formatPence } from "../lib/format"
import { BarChart } from "./BarChart"
import { ErrorNote, Loading } from "./PageStates"

export type ChartsState =
  | { readonly status: "loading" }
  | { readonly status: "failed"; readonly error: unknown }
  | { readonly status: "ready"; readonly charts: DashboardChartsJson }

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`

function SalesByDay({ days }: { readonly days: DashboardChartsJson["salesByDay"] }) {
  if (noSalesYet(days))
    return (
      <div>
        <h2 className="font-semibold">Sales per day, last {days.length} days</h2>
        <p className="mt-2 text-sm text-slate-600">
          No sales yet in the last {days.length} days. Paid orders show here by the day they were
          placed.
        </p>
      </div>
    )
  return (
    <BarChart
      headingLevel={2}
      title={`Sales per day, last ${days.length} days`}
      summary={salesSummary(days)}
      labelHeading="Day (UK)"
      valueHeading="Ticket sales"
      detailHeading="Paid orders"
      format={formatPence}
      scaleFormat={scalePence}
      bars={days.map((d) => ({
        key: d.day,
        label: dayLabel(d.day, true),
        value: d.ticketSales,
        detail: String(d.orders),
      }))}
      axisLabel={(bar) => dayLabel(bar.key)}
    />
  )
}

function TicketsByHour({
  hours,
  competitions,
}: {
  readonly hours: number
  readonly competitions: DashboardChartsJson["ticketsByHour"]
}) {
  return (
    <section aria-labelledby="tickets-by-hour-h" className="space-y-3">
      <h2 id="tickets-by-hour-h" className="font-semibold">
        Tickets sold per hour, last {hours} hours
      </h2>
      {competitions.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nothing is on sale right now, so no competition has tickets to chart.
        </p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2">
          {competitions.map((c) => (
            <li key={c.id} className="min-w-0">
              <BarChart
                title={`${c.name}${c.visibilityStatus === "Hidden" ? " (hidden)" : ""}`}
                summary={ticketsSummary(c)}
                labelHeading="Hour (UK)"
                valueHeading="Tickets sold"
                bars={c.hours.map((h) => ({
                  key: h.fromUtc,
                  label: hourSpan(h.fromUtc),
                  value: h.ticketsSold,
                }))}
                axisLabel={(bar) => hourLabel(bar.key)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * The dashboard's charts as they stand: loading, failed (with a way to try
 * again), or drawn. Nothing here fetches, so a test renders each state.
 */
export function DashboardChartsView({
  state,
  onRetry,
}: {
  readonly state: ChartsState
  readonly onRetry: () => void
}) {
  if (state.status === "loading") return <Loading label="Loading charts…" />
  if (state.status === "failed")
    return (
      <div className="space-y-2">
        <h2 className="font-semibold">Charts</h2>
        <p className="text-sm text-slate-600">The charts could not be loaded.</p>
        <ErrorNote error={state.error} />
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
      </div>
    )
  const { charts } = state
  return (
    <div className="space-y-8">
      <SalesByDay days={charts.salesByDay} />
      <TicketsByHour hours={charts.hours} competitions={charts.ticketsByHour} />
      <p className="text-xs text-slate-500">
        Paid orders by the UK day and hour they were placed; a refunded or unpaid order is not a
        sale. {plural(charts.ticketsByHour.length, "competition")} on sale.
      </p>
    </div>
  )
}

/**
 * The charts, fetched apart from the dashboard's figures: the front page
 * shows at once, and a chart that fails to load says so on its own.
 */
export function DashboardCharts() {
  const [state, setState] = useState<ChartsState>({ status: "loading" })
  const load = useCallback(() => {
    let current = true
    setState({ status: "loading" })
    api.dashboard
      .charts()
      .then((charts) => current && setState({ status: "ready", charts }))
      .catch((error: unknown) => current && setState({ status: "failed", error }))
    return () => {
      current = false
    }
  }, [])
  useEffect(load, [load])
  return (
    <section className="card mt-4 p-4" aria-label="Charts" aria-busy={state.status === "loading"}>
      <DashboardChartsView state={state} onRetry={load} />
    </section>
  )
}
