import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { pence } from "./money"
import { CLUB_CREDIT_PERCENT, clubCredit, promotionIsUsable } from "./promotions"

const at = new Date("2026-06-15T12:00:00Z")

describe("promotionIsUsable", () => {
  it("is usable from its start, until its end, while uses remain", () => {
    const always = { validFrom: null, validTo: null, usageLimit: null, usageCount: 0 }
    expect(promotionIsUsable(always, at)).toBe(true)
    expect(promotionIsUsable({ ...always, validFrom: at }, at)).toBe(true)
    expect(promotionIsUsable({ ...always, validTo: at }, at)).toBe(false)
    expect(promotionIsUsable({ ...always, usageLimit: 3, usageCount: 2 }, at)).toBe(true)
    expect(promotionIsUsable({ ...always, usageLimit: 3, usageCount: 3 }, at)).toBe(false)
  })
})

describe("clubCredit", () => {
  it("is 10% of the tickets' price after discounts, rounded down", () => {
    expect(clubCredit({ itemTotal: pence(1000), discountTotal: pence(100) })).toBe(90)
    expect(clubCredit({ itemTotal: pence(999), discountTotal: pence(0) })).toBe(99)
    expect(clubCredit({ itemTotal: pence(9), discountTotal: pence(0) })).toBe(0)
  })

  it("is whole pence, never negative and never more than the rate of what was paid", () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(10_000_000), (itemTotal, discountTotal) => {
        const credit = clubCredit({
          itemTotal: pence(itemTotal),
          discountTotal: pence(discountTotal),
        })
        const paid = Math.max(0, itemTotal - discountTotal)
        expect(Number.isInteger(credit)).toBe(true)
        expect(credit).toBeGreaterThanOrEqual(0)
        expect(credit * 100).toBeLessThanOrEqual(paid * CLUB_CREDIT_PERCENT)
        // Rounded down by less than a penny.
        expect((credit + 1) * 100).toBeGreaterThan(paid * CLUB_CREDIT_PERCENT)
      }),
    )
  })
})
