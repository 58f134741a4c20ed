/**
 * The back office dashboard's two charts, as pure arithmetic on what the
 * figures port aggregates (docs/decisions/0078-dashboard-charts.md):
 * ticket sales per London day over the last 30 days, and tickets sold per
 * hour over the last 24 hours for each competition on sale.
 *
 * The database sums paid orders per UTC hour; these rules put those hours
 * into London's days and hours and fill the gaps with zeros. London's offset
 * from UTC is always a whole number of hours (GMT or BST), so a UTC hour
 * lies inside exactly one London day and is exactly one London hour: no sum
 * is ever split, and no hour is counted twice.
 */
import { UK_TIME_ZONE, zonedParts, zonedTimeToUtc } from "./dates.js"
import { type Pence, pence } from "./money.js"

/** How many London days the sales chart covers, today included. */
export const SALES_CHART_DAYS = 30

/**
 * How many hours the tickets chart covers, the hour under way included: a
 * day and a night, 24 bars that a phone can still show side by side.
 */
export const TICKETS_CHART_HOURS = 24

export const HOUR_MS = 60 * 60 * 1000

/** Paid sales placed within one UTC hour (the figures port's grain). */
export interface HourOfSales {
  /** The start of the hour, on the hour. */
  readonly hourStartUtc: Date
  readonly orders: number
  /** The tickets' value after discounts, as the dashboard's sales cards count it. */
  readonly ticketSales: Pence
}

/** Tickets a competition sold in paid orders placed within one UTC hour. */
export interface HourOfTickets {
  readonly competitionId: string
  readonly hourStartUtc: Date
  readonly ticketsSold: number
}

/** One London calendar day of the sales chart. */
export interface DayOfSales {
  /** The London date, "YYYY-MM-DD". */
  readonly day: string
  /** London midnight that starts the day. */
  readonly fromUtc: Date
  readonly orders: number
  readonly ticketSales: Pence
}

/** One hour's bar of a competition's tickets chart. */
export interface TicketsInHour {
  readonly fromUtc: Date
  readonly ticketsSold: number
}

export interface CompetitionTicketsByHour {
  readonly competitionId: string
  /** Oldest first; the last is the hour under way. */
  readonly hours: readonly TicketsInHour[]
}

interface LondonDay {
  readonly day: string
  readonly from: Date
  readonly to: Date
}

const two = (n: number) => String(n).padStart(2, "0")

/** London midnight starting the calendar day `offset` days from (year, month, day). */
const midnight = (year: number, month: number, day: number, offset: number, timeZone: string) => {
  // Calendar arithmetic on a UTC date, so a clock change never skips or repeats a day.
  const date = new Date(Date.UTC(year, month - 1, day + offset))
  const y = date.getUTCFullYear()
  const m = date.getUTCMonth() + 1
  const d = date.getUTCDate()
  return { day: `${y}-${two(m)}-${two(d)}`, from: zonedTimeToUtc(y, m, d, 0, 0, timeZone) }
}

/**
 * The last `days` London calendar days, oldest first, today last; each from
 * its midnight to the next (23 or 25 hours long on a clock change's day).
 */
export const londonDays = (
  now: Date,
  days: number = SALES_CHART_DAYS,
  timeZone: string = UK_TIME_ZONE,
): readonly LondonDay[] => {
  const { year, month, day } = zonedParts(now, timeZone)
  return Array.from({ length: days }, (_, i) => {
    const offset = i - (days - 1)
    const start = midnight(year, month, day, offset, timeZone)
    return { ...start, to: midnight(year, month, day, offset + 1, timeZone).from }
  })
}

/** What the sales chart reads: from the first day's London midnight up to now. */
export const salesChartWindow = (
  now: Date,
  days: number = SALES_CHART_DAYS,
  timeZone: string = UK_TIME_ZONE,
) => ({ from: londonDays(now, days, timeZone)[0]?.from ?? now, to: now })

/**
 * Hourly sales into London days: every day of the window exactly once,
 * oldest first, zeros on days with no sale. Hours outside the window are
 * not the chart's and are left out.
 */
export const salesByDay = (
  hours: readonly HourOfSales[],
  now: Date,
  days: number = SALES_CHART_DAYS,
  timeZone: string = UK_TIME_ZONE,
): readonly DayOfSales[] => {
  const calendar = londonDays(now, days, timeZone)
  const totals = calendar.map(() => ({ orders: 0, ticketSales: 0 }))
  for (const hour of hours) {
    const t = hour.hourStartUtc.getTime()
    const i = calendar.findIndex((d) => d.from.getTime() <= t && t < d.to.getTime())
    const total = totals[i]
    if (total === undefined) continue
    total.orders += hour.orders
    total.ticketSales += hour.ticketSales
  }
  return calendar.map((d, i) => ({
    day: d.day,
    fromUtc: d.from,
    orders: totals[i]?.orders ?? 0,
    ticketSales: pence(totals[i]?.ticketSales ?? 0),
  }))
}

/** The start of the hour `at` falls in (a UTC hour is a London hour: see above). */
export const startOfHour = (at: Date): Date =>
  new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS)

/** What the tickets chart reads: the last `hours` hours on the hour, the one under way last. */
export const ticketsChartWindow = (now: Date, hours: number = TICKETS_CHART_HOURS) => ({
  from: new Date(startOfHour(now).getTime() - (hours - 1) * HOUR_MS),
  to: now,
})

/**
 * Each named competition's tickets per hour, in the order given: every
 * hour of the window exactly once, oldest first, zeros where none sold.
 * Other competitions' and other hours' tickets are left out.
 */
export const ticketsByHour = (
  rows: readonly HourOfTickets[],
  competitionIds: readonly string[],
  now: Date,
  hours: number = TICKETS_CHART_HOURS,
): readonly CompetitionTicketsByHour[] => {
  const from = ticketsChartWindow(now, hours).from.getTime()
  const counts = new Map(competitionIds.map((id) => [id, new Array<number>(hours).fill(0)]))
  for (const row of rows) {
    const bucket = counts.get(row.competitionId)
    const i = Math.floor((row.hourStartUtc.getTime() - from) / HOUR_MS)
    if (bucket === undefined || i < 0 || i >= hours) continue
    bucket[i] = (bucket[i] ?? 0) + row.ticketsSold
  }
  return [...counts].map(([competitionId, bucket]) => ({
    competitionId,
    hours: bucket.map((ticketsSold, i) => ({
      fromUtc: new Date(from + i * HOUR_MS),
      ticketsSold,
    })),
  }))
}
