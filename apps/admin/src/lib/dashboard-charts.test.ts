import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  type DayOfSales,
  dayLabel,
  hourLabel,
  hourSpan,
  noSalesYet,
  salesSummary,
  scalePence,
  scaleTop,
  ticketsSummary,
} from "./dashboard-charts"

const day = (date: string, ticketSales: number, orders: number): DayOfSales => ({
  day: date,
  fromUtc: `${date}T00:00:00.000Z`,
  orders,
  ticketSales,
})

describe("the dashboard charts' words", () => {
  it("names London dates and UK clock hours", () => {
    expect(dayLabel("2026-11-03")).toBe("3 Nov")
    expect(dayLabel("2026-11-03", true)).toBe("Tue 3 Nov")
    // 13:00 UTC in July is 14:00 in London.
    expect(hourLabel("2026-07-15T13:00:00.000Z")).toBe("14:00")
    expect(hourSpan("2026-07-15T22:00:00.000Z")).toBe("23:00–00:00")
  })

  it("sums the sales, names the best day and counts the quiet ones", () => {
    const days = [day("2026-11-01", 0, 0), day("2026-11-02", 1250, 2), day("2026-11-03", 500, 1)]
    expect(noSalesYet(days)).toBe(false)
    expect(salesSummary(days)).toBe(
      "£17.50 of ticket sales from 3 paid orders in the last 3 days. Best day Mon 2 Nov: £12.50. 1 day without a sale.",
    )
  })

  it("says so when nothing sold", () => {
    const days = [day("2026-11-01", 0, 0), day("2026-11-02", 0, 0)]
    expect(noSalesYet(days)).toBe(true)
    expect(salesSummary(days)).toBe("No sales in the last 2 days.")
  })

  it("gives a competition's tickets and its busiest hour", () => {
    const hours = [
      { fromUtc: "2026-07-15T12:00:00.000Z", ticketsSold: 3 },
      { fromUtc: "2026-07-15T13:00:00.000Z", ticketsSold: 7 },
    ]
    const competition = { id: "c", name: "A car", visibilityStatus: "Visible" as const, hours }
    expect(ticketsSummary(competition)).toBe(
      "10 tickets sold in the last 2 hours. Busiest hour 14:00–15:00: 7 tickets.",
    )
    expect(
      ticketsSummary({ ...competition, hours: hours.map((h) => ({ ...h, ticketsSold: 0 })) }),
    ).toBe("No tickets sold in the last 2 hours.")
  })

  it("always: the scale's top is at least the largest value, and under ten times it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), (largest) => {
        const top = scaleTop(largest)
        expect(top).toBeGreaterThanOrEqual(largest)
        expect(top).toBeLessThan(largest * 10)
        expect(String(top)).toMatch(/^[125]0*$/)
      }),
    )
    expect(scaleTop(0)).toBe(1)
    expect([0, 50_000, 150_000, 200_000_000].map(scalePence)).toEqual([
      "£0",
      "£500",
      "£1.5k",
      "£2m",
    ])
  })
})
