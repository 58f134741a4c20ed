import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type AppliedVoucher, type BasketTotalsInput, basketTotals } from "./basket-totals"
import { pence, ZERO_PENCE } from "./money"

const competitionIds = ["a", "b", "c"] as const

const line = fc.record({
  competitionId: fc.constantFrom(...competitionIds),
  unitPrice: fc.integer({ min: 0, max: 10_000 }).map(pence),
  quantity: fc.integer({ min: -5, max: 1_000 }),
})

const voucher: fc.Arbitrary<AppliedVoucher> = fc.record({
  code: fc.constantFrom("SUMMER10", "FIVEOFF", "CLUB"),
  description: fc.constant("Voucher"),
  discount: fc.oneof(
    fc.record({
      kind: fc.constant("Percentage" as const),
      percent: fc.integer({ min: 0, max: 150 }),
    }),
    fc.record({
      kind: fc.constant("Fixed" as const),
      amount: fc.integer({ min: 0, max: 2_000_000 }).map(pence),
    }),
  ),
  competitionId: fc.option(fc.constantFrom(...competitionIds), { nil: null }),
})

// One line per competition, as the basket stores them.
const input: fc.Arbitrary<BasketTotalsInput> = fc.record({
  lines: fc.uniqueArray(line, { selector: (l) => l.competitionId, maxLength: 3 }),
  vouchers: fc.array(voucher, { maxLength: 4 }),
  autoRoundup: fc.boolean(),
  siteCreditRequested: fc.integer({ min: -1_000, max: 10_000_000 }).map(pence),
  siteCreditBalance: fc.integer({ min: 0, max: 10_000_000 }).map(pence),
})

describe("basketTotals", () => {
  it("prices lines, takes a competition voucher off its line and a basket voucher off the rest", () => {
    const totals = basketTotals({
      lines: [
        { competitionId: "a", unitPrice: pence(250), quantity: 4 },
        { competitionId: "b", unitPrice: pence(99), quantity: 10 },
      ],
      vouchers: [
        {
          code: "A10",
          description: "10% off A",
          discount: { kind: "Percentage", percent: 10 },
          competitionId: "a",
        },
        {
          code: "FIVER",
          description: "£5 off",
          discount: { kind: "Fixed", amount: pence(500) },
          competitionId: null,
        },
      ],
      autoRoundup: true,
      siteCreditRequested: pence(300),
      siteCreditBalance: pence(200),
    })
    expect(totals.lines.map((l) => [l.preDiscountTotal, l.lineTotal])).toEqual([
      [1000, 900],
      [990, 990],
    ])
    expect(totals.itemTotal).toBe(1990)
    expect(totals.discounts).toEqual([
      { description: "10% off A", value: 100 },
      { description: "£5 off", value: 500 },
    ])
    expect(totals.discountTotal).toBe(600)
    // £13.90 of goods rounds up to £14.00.
    expect(totals.donation).toBe(10)
    expect(totals.siteCreditDebit).toBe(200)
    expect(totals.basketTotal).toBe(1200)
  })

  it("gives no round-up for an empty basket", () => {
    const totals = basketTotals({
      lines: [],
      vouchers: [],
      autoRoundup: true,
      siteCreditRequested: ZERO_PENCE,
      siteCreditBalance: ZERO_PENCE,
    })
    expect(totals.donation).toBe(0)
    expect(totals.basketTotal).toBe(0)
  })

  it("never gives a negative total or a negative part", () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = basketTotals(i)
        for (const value of [
          t.itemTotal,
          t.discountTotal,
          t.donation,
          t.siteCreditDebit,
          t.basketTotal,
        ]) {
          expect(value).toBeGreaterThanOrEqual(0)
        }
        for (const l of t.lines) expect(l.lineTotal).toBeGreaterThanOrEqual(0)
      }),
    )
  })

  it("never discounts a line by more than the line, nor the basket by more than its items", () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = basketTotals(i)
        for (const l of t.lines) {
          const off = l.discounts.reduce((sum, d) => sum + d.value, 0)
          expect(off).toBeLessThanOrEqual(l.preDiscountTotal)
          expect(l.lineTotal).toBe(l.preDiscountTotal - off)
        }
        expect(t.discountTotal).toBeLessThanOrEqual(t.itemTotal)
        expect(t.discounts.reduce((sum, d) => sum + d.value, 0)).toBe(t.discountTotal)
      }),
    )
  })

  it("rounds a non-empty basket up to a whole pound when asked", () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = basketTotals({ ...i, autoRoundup: true })
        if (i.lines.length === 0) return
        expect((t.itemTotal - t.discountTotal + t.donation) % 100).toBe(0)
        expect(t.donation).toBeGreaterThanOrEqual(1)
        expect(t.donation).toBeLessThanOrEqual(100)
      }),
    )
  })

  it("never applies more site credit than the balance or the total, and the sums add up", () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = basketTotals(i)
        const owed = t.itemTotal - t.discountTotal + t.donation
        expect(t.siteCreditDebit).toBeLessThanOrEqual(i.siteCreditBalance)
        expect(t.siteCreditDebit).toBeLessThanOrEqual(owed)
        expect(t.basketTotal).toBe(owed - t.siteCreditDebit)
      }),
    )
  })
})
