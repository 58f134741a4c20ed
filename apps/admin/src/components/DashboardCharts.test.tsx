import type { DashboardChartsJson } from "@howzat/contracts/dashboard"
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { type ChartsState, DashboardChartsView } from "./DashboardCharts"

/** The charts as the dashboard renders them, inside a router so their links resolve. */
const rendered = async (state: ChartsState) => {
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => <DashboardChartsView state={state} onRetry={() => {}} />,
    }),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  })
  await router.load()
  return renderToStaticMarkup(<RouterProvider router={router} />)
}

const HOUR = 3_600_000
const days = (sales: (i: number) => number): DashboardChartsJson["salesByDay"] =>
  Array.from({ length: 30 }, (_, i) => {
    const from = new Date(Date.UTC(2026, 10, i, 0))
    return {
      day: from.toISOString().slice(0, 10),
      fromUtc: from.toISOString(),
      orders: sales(i) > 0 ? 1 : 0,
      ticketSales: sales(i),
    }
  })
const hours = (sold: (i: number) => number) =>
  Array.from({ length: 24 }, (_, i) => ({
    fromUtc: new Date(Date.UTC(2026, 10, 29, 0) + i * HOUR).toISOString(),
    ticketsSold: sold(i),
  }))

const charts = (over: Partial<DashboardChartsJson> = {}): DashboardChartsJson => ({
  currentDateTimeUtc: "2026-11-29T23:30:00.000Z",
  salesByDay: days((i) => (i === 29 ? 1250 : i === 3 ? 500 : 0)),
  hours: 24,
  ticketsByHour: [
    {
      id: "7d1c0a52-6f0e-4d49-9a52-1b0c3a2f9e11",
      name: "A car",
      visibilityStatus: "Visible",
      hours: hours((i) => (i === 14 ? 6 : 0)),
    },
  ],
  ...over,
})

/** The rows of the table whose caption is `title`, as [heading, figure, ...] texts. */
const tableRows = (html: string, title: string): string[][] => {
  const table = html.split(`<caption class="sr-only">${title}</caption>`)[1]?.split("</table>")[0]
  return [...(table ?? "").matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? "").matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1] ?? ""),
  )
}

describe("the dashboard's charts", () => {
  it("say they are loading", async () => {
    const html = await rendered({ status: "loading" })
    expect(html).toContain('role="status"')
    expect(html).toContain("Loading charts…")
  })

  it("say they could not load, with the reason and a way to try again", async () => {
    const html = await rendered({ status: "failed", error: new Error("The database is away") })
    expect(html).toContain("The charts could not be loaded.")
    expect(html).toContain('role="alert"')
    expect(html).toContain("Try again")
  })

  it("draw 30 days of sales with a title, a summary, and the same figures as a table", async () => {
    const html = await rendered({ status: "ready", charts: charts() })
    expect(html).toContain("Sales per day, last 30 days</h2>")
    expect(html).toContain(
      "£17.50 of ticket sales from 2 paid orders in the last 30 days. Best day Sun 29 Nov: £12.50. 28 days without a sale.",
    )
    // The chart is an image named by its title and summary, reachable by Tab.
    expect(html).toMatch(/<div role="img" tabindex="0" aria-labelledby="[^"]+-title [^"]+-summary"/)
    expect(html.match(/class="chart-bar/g)?.length).toBe(30 + 24)
    const rows = tableRows(html, "Sales per day, last 30 days")
    expect(rows).toHaveLength(30)
    expect(rows.at(-1)).toEqual(["Sun 29 Nov", "£12.50", "1"])
    expect(rows[0]).toEqual(["Sat 31 Oct", "£0.00", "0"])
    expect(html).toContain('aria-pressed="false"')
    expect(html).toContain("Show as table")
  })

  it("draw each competition on sale's tickets per hour, in UK hours", async () => {
    const html = await rendered({ status: "ready", charts: charts() })
    expect(html).toContain("Tickets sold per hour, last 24 hours")
    expect(html).toContain(
      "6 tickets sold in the last 24 hours. Busiest hour 14:00–15:00: 6 tickets.",
    )
    const rows = tableRows(html, "A car")
    expect(rows).toHaveLength(24)
    expect(rows[14]).toEqual(["14:00–15:00", "6"])
  })

  it("say so when nothing has sold yet and nothing is on sale", async () => {
    const html = await rendered({
      status: "ready",
      charts: charts({ salesByDay: days(() => 0), ticketsByHour: [] }),
    })
    expect(html).toContain("No sales yet in the last 30 days.")
    expect(html).toContain("Nothing is on sale right now")
    expect(html).not.toContain("chart-bar")
  })
})
