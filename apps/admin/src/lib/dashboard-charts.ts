/**
 * Words and scales for the dashboard's charts. The figures themselves (which
 * days, which hours, zeros filled) come ready from core through
 * GET /api/Dashboard/Charts; this only says them.
 */
import type { DashboardChartsJson } from "@howzat/contracts/dashboard"
import { formatPence } from "./format"

export type DayOfSales = DashboardChartsJson["salesByDay"][number]
export type CompetitionTickets = DashboardChartsJson["ticketsByHour"][number]

const UK = "Europe/London"
const dayMonth = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
})
const weekdayDayMonth = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
})
const hourMinute = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
})

/** A London date "2026-11-03" as "3 Nov" (or "Tue 3 Nov" in full). */
export const dayLabel = (day: string, full = false): string => {
  const date = new Date(`${day}T12:00:00Z`)
  return (full ? weekdayDayMonth : dayMonth).format(date)
}

/** The UK clock time an hour starts at: "14:00". */
export const hourLabel = (iso: string): string => hourMinute.format(new Date(iso))

/** The hour as a span of UK time, "14:00–15:00". */
export const hourSpan = (iso: string): string =>
  `${hourLabel(iso)}–${hourLabel(new Date(Date.parse(iso) + 3_600_000).toISOString())}`

const compactPounds = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
})

/** Pence as a short label for a chart's scale: "£500", "£1.5k", "£2m". */
export const scalePence = (pence: number): string => compactPounds.format(pence / 100)

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)

/** Nothing sold in the whole 30 days: the chart is replaced by a sentence. */
export const noSalesYet = (days: readonly DayOfSales[]): boolean =>
  days.every((d) => d.orders === 0 && d.ticketSales === 0)

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** The sales chart in one or two sentences, for everyone and for screen readers first. */
export const salesSummary = (days: readonly DayOfSales[]): string => {
  const total = sum(days.map((d) => d.ticketSales))
  const orders = sum(days.map((d) => d.orders))
  const span = `the last ${plural(days.length, "day")}`
  if (orders === 0 && total === 0) return `No sales in ${span}.`
  const best = days.reduce((a, b) => (b.ticketSales > a.ticketSales ? b : a))
  const quiet = days.filter((d) => d.orders === 0).length
  return [
    `${formatPence(total)} of ticket sales from ${plural(orders, "paid order")} in ${span}.`,
    `Best day ${dayLabel(best.day, true)}: ${formatPence(best.ticketSales)}.`,
    quiet > 0 ? `${plural(quiet, "day")} without a sale.` : "",
  ]
    .filter(Boolean)
    .join(" ")
}

/** A competition's tickets chart in a sentence. */
export const ticketsSummary = (competition: CompetitionTickets): string => {
  const span = `the last ${plural(competition.hours.length, "hour")}`
  const total = sum(competition.hours.map((h) => h.ticketsSold))
  if (total === 0) return `No tickets sold in ${span}.`
  const busiest = competition.hours.reduce((a, b) => (b.ticketsSold > a.ticketsSold ? b : a))
  return `${plural(total, "ticket")} sold in ${span}. Busiest hour ${hourSpan(busiest.fromUtc)}: ${plural(busiest.ticketsSold, "ticket")}.`
}

/**
 * The top of a chart's scale: the largest value rounded up to 1, 2 or 5
 * times a power of ten, so its label is a round figure. Never 0, so a flat
 * chart still has a scale.
 */
export const scaleTop = (largest: number): number => {
  if (largest <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(largest))
  const step = [1, 2, 5, 10].find((m) => m * power >= largest) ?? 10
  return step * power
}
