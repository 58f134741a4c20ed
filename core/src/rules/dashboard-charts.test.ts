import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import {
  HOUR_MS,
  type HourOfSales,
  type HourOfTickets,
  londonDays,
  SALES_CHART_DAYS,
  salesByDay,
  salesChartWindow,
  startOfHour,
  TICKETS_CHART_HOURS,
  ticketsByHour,
  ticketsChartWindow,
} from "./dashboard-charts.js"
import { zonedParts } from "./dates.js"
import { pence } from "./money.js"

const hourOf = (iso: string, ticketSales: number, orders = 1): HourOfSales => ({
  hourStartUtc: new Date(iso),
  orders,
  ticketSales: pence(ticketSales),
})

const anyNow = fc.date({
  min: new Date("2000-01-01"),
  max: new Date("2100-01-01"),
  noInvalidDate: true,
})

describe("the sales chart's London days", () => {
  it("ends today, starts 29 days before, each from its London midnight", () => {
    const days = londonDays(new Date("2026-07-15T10:00:00Z"))
    expect(days).toHaveLength(30)
    expect(days[29]).toEqual({
      day: "2026-07-15",
      from: new Date("2026-07-14T23:00:00Z"),
      to: new Date("2026-07-15T23:00:00Z"),
    })
    expect(days[0]?.day).toBe("2026-06-16")
  })

  it("gives a clock change's day its 23 or 25 hours, and no day twice", () => {
    const spring = londonDays(new Date("2026-03-30T12:00:00Z"), 3)
    expect(spring.map((d) => d.day)).toEqual(["2026-03-28", "2026-03-29", "2026-03-30"])
    expect(spring.map((d) => (d.to.getTime() - d.from.getTime()) / HOUR_MS)).toEqual([24, 23, 24])
    const autumn = londonDays(new Date("2026-10-26T12:00:00Z"), 3)
    expect(autumn.map((d) => (d.to.getTime() - d.from.getTime()) / HOUR_MS)).toEqual([24, 25, 24])
  })

  it("puts a sale just after London midnight in summer on the new day, not UTC's", () => {
    // 23:00 UTC on 14 July is midnight on the 15th in London (BST).
    const now = new Date("2026-07-15T10:00:00Z")
    const days = salesByDay(
      [hourOf("2026-07-14T23:00:00Z", 500), hourOf("2026-07-14T22:00:00Z", 300, 2)],
      now,
    )
    expect(days.at(-1)).toMatchObject({ day: "2026-07-15", orders: 1, ticketSales: 500 })
    expect(days.at(-2)).toMatchObject({ day: "2026-07-14", orders: 2, ticketSales: 300 })
  })

  it("shows a day with no sales as zero, and leaves out hours outside the window", () => {
    const now = new Date("2026-01-31T12:00:00Z")
    const days = salesByDay(
      [hourOf("2026-01-01T00:00:00Z", 999), hourOf("2026-01-02T00:00:00Z", 100)],
      now,
    )
    expect(days[0]).toMatchObject({ day: "2026-01-02", orders: 1, ticketSales: 100 })
    expect(days.slice(1).every((d) => d.orders === 0 && d.ticketSales === 0)).toBe(true)
  })

  it("always: every day of the window once, consecutive, today last, each from London midnight", () => {
    fc.assert(
      fc.property(anyNow, fc.integer({ min: 1, max: 60 }), (now, count) => {
        const days = salesByDay([], now, count)
        expect(days).toHaveLength(count)
        expect(new Set(days.map((d) => d.day)).size).toBe(count)
        const today = zonedParts(now)
        expect(days.at(-1)?.day).toBe(
          `${today.year}-${String(today.month).padStart(2, "0")}-${String(today.day).padStart(2, "0")}`,
        )
        for (const [i, d] of days.entries()) {
          const start = zonedParts(d.fromUtc)
          expect([start.hour, start.minute]).toEqual([0, 0])
          const next = days[i + 1]
          if (next) {
            const hours = (next.fromUtc.getTime() - d.fromUtc.getTime()) / HOUR_MS
            expect([23, 24, 25]).toContain(hours)
          }
        }
        expect(days[0]?.fromUtc).toEqual(salesChartWindow(now, count).from)
      }),
    )
  })

  it("always: the days sum to the sales of the hours within the 30 days, none negative", () => {
    fc.assert(
      fc.property(
        anyNow,
        fc.array(
          fc.record({
            hoursAgo: fc.integer({ min: -5, max: 40 * 24 }),
            orders: fc.integer({ min: 1, max: 20 }),
            ticketSales: fc.integer({ min: 0, max: 1_000_000 }),
          }),
          { maxLength: 40 },
        ),
        (now, sales) => {
          const hours = sales.map((s) => ({
            hourStartUtc: new Date(startOfHour(now).getTime() - s.hoursAgo * HOUR_MS),
            orders: s.orders,
            ticketSales: pence(s.ticketSales),
          }))
          const { from } = salesChartWindow(now)
          const endOfToday = londonDays(now).at(-1)?.to ?? now
          const inside = hours.filter((h) => h.hourStartUtc >= from && h.hourStartUtc < endOfToday)
          const days = salesByDay(hours, now)
          const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)
          expect(sum(days.map((d) => d.ticketSales))).toBe(sum(inside.map((h) => h.ticketSales)))
          expect(sum(days.map((d) => d.orders))).toBe(sum(inside.map((h) => h.orders)))
          expect(days.every((d) => d.ticketSales >= 0 && Number.isInteger(d.ticketSales))).toBe(
            true,
          )
          expect(days).toHaveLength(SALES_CHART_DAYS)
        },
      ),
    )
  })
})

describe("the tickets chart's hours", () => {
  const now = new Date("2026-07-15T10:20:00Z")
  const row = (competitionId: string, iso: string, ticketsSold: number): HourOfTickets => ({
    competitionId,
    hourStartUtc: new Date(iso),
    ticketsSold,
  })

  it("covers 24 hours on the hour, the one under way last", () => {
    expect(ticketsChartWindow(now)).toEqual({ from: new Date("2026-07-14T11:00:00Z"), to: now })
    const [chart] = ticketsByHour([], ["a"], now)
    expect(chart?.hours).toHaveLength(24)
    expect(chart?.hours.at(-1)?.fromUtc).toEqual(new Date("2026-07-15T10:00:00Z"))
  })

  it("gives each named competition its own bars, in the order named, zeros where none sold", () => {
    const charts = ticketsByHour(
      [
        row("a", "2026-07-15T10:00:00Z", 3),
        row("a", "2026-07-15T10:00:00Z", 2),
        row("b", "2026-07-14T11:00:00Z", 4),
        row("b", "2026-07-14T10:00:00Z", 99),
        row("closed", "2026-07-15T09:00:00Z", 7),
      ],
      ["b", "a"],
      now,
    )
    expect(charts.map((c) => c.competitionId)).toEqual(["b", "a"])
    expect(charts[0]?.hours[0]?.ticketsSold).toBe(4)
    expect(charts[0]?.hours.slice(1).every((h) => h.ticketsSold === 0)).toBe(true)
    expect(charts[1]?.hours.at(-1)?.ticketsSold).toBe(5)
  })

  it("always: each competition's hours are consecutive, and sum to its tickets in the window", () => {
    fc.assert(
      fc.property(
        anyNow,
        fc.integer({ min: 1, max: 72 }),
        fc.array(
          fc.record({
            competitionId: fc.constantFrom("a", "b", "c"),
            hoursAgo: fc.integer({ min: -3, max: 80 }),
            ticketsSold: fc.integer({ min: 0, max: 500 }),
          }),
          { maxLength: 40 },
        ),
        (at, hours, sold) => {
          const rows = sold.map((s) => ({
            competitionId: s.competitionId,
            hourStartUtc: new Date(startOfHour(at).getTime() - s.hoursAgo * HOUR_MS),
            ticketsSold: s.ticketsSold,
          }))
          const charts = ticketsByHour(rows, ["a", "b"], at, hours)
          const { from } = ticketsChartWindow(at, hours)
          for (const chart of charts) {
            expect(chart.hours).toHaveLength(hours)
            expect(chart.hours[0]?.fromUtc).toEqual(from)
            for (const [i, h] of chart.hours.entries())
              expect(h.fromUtc.getTime()).toBe(from.getTime() + i * HOUR_MS)
            const expected = rows
              .filter(
                (r) =>
                  r.competitionId === chart.competitionId &&
                  r.hourStartUtc >= from &&
                  r.hourStartUtc <= at,
              )
              .reduce((s, r) => s + r.ticketsSold, 0)
            expect(chart.hours.reduce((s, h) => s + h.ticketsSold, 0)).toBe(expected)
          }
          expect(charts.map((c) => c.competitionId)).toEqual(["a", "b"])
        },
      ),
    )
  })

  it("has a default window of a day", () => {
    expect(TICKETS_CHART_HOURS).toBe(24)
  })
})
