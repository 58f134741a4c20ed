import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { closingSoonUntil, salesWindows } from "./dashboard.js"
import { zonedParts } from "./dates.js"

describe("the dashboard's sales windows", () => {
  it("start today at London midnight, in winter (GMT) and summer (BST)", () => {
    expect(salesWindows(new Date("2026-01-15T10:00:00Z")).today.from.toISOString()).toBe(
      "2026-01-15T00:00:00.000Z",
    )
    expect(salesWindows(new Date("2026-07-15T10:00:00Z")).today.from.toISOString()).toBe(
      "2026-07-14T23:00:00.000Z",
    )
    // 23:30 UTC on 14 July is already the 15th in London.
    expect(salesWindows(new Date("2026-07-14T23:30:00Z")).today.from.toISOString()).toBe(
      "2026-07-14T23:00:00.000Z",
    )
  })

  it("cover the last seven London days across a clock change", () => {
    // Clocks went forward on 29 March 2026: the week starts at GMT midnight on the 24th.
    const { week } = salesWindows(new Date("2026-03-30T12:00:00Z"))
    expect(week.from.toISOString()).toBe("2026-03-24T00:00:00.000Z")
  })

  it("always: the week starts at a London midnight six days before today's, and both end now", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        (now) => {
          const { today, week } = salesWindows(now)
          expect(today.to).toEqual(now)
          expect(week.to).toEqual(now)
          expect(today.from.getTime()).toBeLessThanOrEqual(now.getTime())
          const start = zonedParts(week.from)
          expect([start.hour, start.minute]).toEqual([0, 0])
          const days = Math.round((today.from.getTime() - week.from.getTime()) / 86_400_000)
          expect(days).toBe(6)
        },
      ),
    )
  })

  it("looks 48 hours ahead for closing competitions", () => {
    expect(closingSoonUntil(new Date("2026-01-01T00:00:00Z")).toISOString()).toBe(
      "2026-01-03T00:00:00.000Z",
    )
  })
})
