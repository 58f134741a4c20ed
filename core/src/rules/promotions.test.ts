import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { pence, ZERO_PENCE } from "./money.js"
import {
  CLUB_CREDIT_PERCENT,
  clubCredit,
  minimumSpendOf,
  type PromotionTerms,
  promotionIsUsable,
  promotionRefusal,
  spendFor,
} from "./promotions.js"

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

const terms = (overrides: Partial<PromotionTerms> = {}): PromotionTerms => ({
  discount: { kind: "Fixed", amount: pence(100) },
  competitionId: null,
  validFrom: null,
  validTo: null,
  usageLimit: null,
  usageCount: 0,
  minimumSpend: null,
  perCustomerLimit: null,
  freeEntry: false,
  ...overrides,
})

describe("minimumSpendOf", () => {
  it("makes a fixed amount need more than its value unless staff say otherwise", () => {
    expect(minimumSpendOf(terms())).toBe(101)
    expect(minimumSpendOf(terms({ minimumSpend: pence(500) }))).toBe(500)
    expect(minimumSpendOf(terms({ freeEntry: true }))).toBe(0)
    expect(minimumSpendOf(terms({ discount: { kind: "Percentage", percent: 10 } }))).toBe(0)
  })

  it("for any fixed amount without a set minimum, is above the amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (amount) => {
        const minimum = minimumSpendOf(
          terms({ discount: { kind: "Fixed", amount: pence(amount) } }),
        )
        expect(minimum).toBeGreaterThan(amount)
      }),
    )
  })
})

describe("spendFor", () => {
  const lines = [
    { competitionId: "car", unitPrice: pence(250), quantity: 2 },
    { competitionId: "watch", unitPrice: pence(49), quantity: 3 },
  ]
  it("counts the whole basket, or the voucher's competition, before discounts", () => {
    expect(spendFor({ competitionId: null }, lines)).toBe(647)
    expect(spendFor({ competitionId: "watch" }, lines)).toBe(147)
    expect(spendFor({ competitionId: "boat" }, lines)).toBe(0)
  })
})

describe("promotionRefusal", () => {
  const use = { at, spend: pence(1000), customerUses: 0 }

  it("says why a voucher does not apply, or null when it does", () => {
    expect(promotionRefusal(terms(), use)).toBeNull()
    expect(promotionRefusal(terms({ validTo: at }), use)).toEqual({ kind: "NotValidNow" })
    expect(promotionRefusal(terms({ usageLimit: 2, usageCount: 2 }), use)).toEqual({
      kind: "UsedUp",
    })
    expect(promotionRefusal(terms({ perCustomerLimit: 1 }), { ...use, customerUses: 1 })).toEqual({
      kind: "AlreadyUsed",
      perCustomerLimit: 1,
    })
    expect(promotionRefusal(terms({ perCustomerLimit: 2 }), { ...use, customerUses: 1 })).toBeNull()
    expect(promotionRefusal(terms(), { ...use, spend: pence(98) })).toEqual({
      kind: "MinimumSpendNotReached",
      minimum: 101,
      spend: 98,
    })
    expect(promotionRefusal(terms({ freeEntry: true }), { ...use, spend: ZERO_PENCE })).toBeNull()
  })

  it("never lets a customer past their limit, whatever else holds", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 10 }),
        fc.nat(100_000),
        (limit, customerUses, spend) => {
          const refusal = promotionRefusal(terms({ perCustomerLimit: limit }), {
            at,
            spend: pence(spend),
            customerUses,
          })
          if (customerUses >= limit) expect(refusal?.kind).toBe("AlreadyUsed")
          else expect(refusal?.kind).not.toBe("AlreadyUsed")
        },
      ),
    )
  })
})
