import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isCardExpired } from "./card-expiry"

describe("isCardExpired", () => {
  it("keeps a card valid through the last day of its month, on London's calendar", () => {
    const july2026 = { month: 7, year: 2026 }
    // 23:59 BST on 31 July is 22:59 UTC: still July in London.
    expect(isCardExpired(july2026, new Date("2026-07-31T22:59:00Z"))).toBe(false)
    // 00:30 BST on 1 August is still July in UTC, but the month is over in London.
    expect(isCardExpired(july2026, new Date("2026-07-31T23:30:00Z"))).toBe(true)
    // In winter London is on UTC.
    const december2026 = { month: 12, year: 2026 }
    expect(isCardExpired(december2026, new Date("2026-12-31T23:59:00Z"))).toBe(false)
    expect(isCardExpired(december2026, new Date("2027-01-01T00:00:00Z"))).toBe(true)
  })

  it("calls a card expired exactly when its month is before this one", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2000, max: 2099 }),
        fc.date({
          min: new Date("2000-01-01T00:00:00Z"),
          max: new Date("2099-12-31T00:00:00Z"),
          noInvalidDate: true,
        }),
        (month, year, now) => {
          const london = new Intl.DateTimeFormat("en-GB", {
            timeZone: "Europe/London",
            year: "numeric",
            month: "numeric",
          }).formatToParts(now)
          const nowYear = Number(london.find((p) => p.type === "year")?.value)
          const nowMonth = Number(london.find((p) => p.type === "month")?.value)
          const before = year < nowYear || (year === nowYear && month < nowMonth)
          expect(isCardExpired({ month, year }, now)).toBe(before)
        },
      ),
    )
  })
})
