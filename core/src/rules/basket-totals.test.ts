import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  arbitraryAppliedVoucher,
  arbitraryBasket,
  BASKET_COMPETITION_IDS,
} from "../testing/arbitraries/index.js"
import { type AppliedVoucher, basketTotals } from "./basket-totals.js"
import { pence, ZERO_PENCE } from "./money.js"

const input = arbitraryBasket()

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
          freeEntry: false,
        },
        {
          code: "FIVER",
          description: "£5 off",
          discount: { kind: "Fixed", amount: pence(500) },
          competitionId: null,
          freeEntry: false,
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

  describe("the floor of 1p a ticket", () => {
    const boundary = (overrides: Partial<AppliedVoucher> = {}): AppliedVoucher => ({
      code: "BOUNDARY",
      description: "£1 off",
      discount: { kind: "Fixed", amount: pence(100) },
      competitionId: null,
      freeEntry: false,
      ...overrides,
    })
    const twoAt49p = [{ competitionId: "a", unitPrice: pence(49), quantity: 2 }]
    const plain = {
      autoRoundup: false,
      siteCreditRequested: ZERO_PENCE,
      siteCreditBalance: ZERO_PENCE,
    }

    it("leaves 2p for 2 × 49p with £1 off, and nothing only for a free-entry voucher", () => {
      const paid = basketTotals({ ...plain, lines: twoAt49p, vouchers: [boundary()] })
      expect([paid.discountTotal, paid.basketTotal]).toEqual([96, 2])
      const free = basketTotals({
        ...plain,
        lines: twoAt49p,
        vouchers: [boundary({ freeEntry: true })],
      })
      expect([free.discountTotal, free.basketTotal]).toEqual([98, 0])
    })

    /** Unique codes, each its own description, none of them free entry. */
    const paidVouchers = fc
      .uniqueArray(arbitraryAppliedVoucher(BASKET_COMPETITION_IDS), {
        selector: (v) => v.code,
        maxLength: 3,
      })
      .map((vs) => vs.map((v) => ({ ...v, description: v.code, freeEntry: false })))
    const pricedLine = fc.record({
      competitionId: fc.constantFrom(...BASKET_COMPETITION_IDS),
      unitPrice: fc.integer({ min: 1, max: 10_000 }).map(pence),
      quantity: fc.integer({ min: 1, max: 1_000 }),
    })
    const paidBasket = fc.record({
      lines: fc.uniqueArray(pricedLine, {
        selector: (l) => l.competitionId,
        minLength: 1,
        maxLength: 3,
      }),
      vouchers: paidVouchers,
      autoRoundup: fc.boolean(),
      siteCreditRequested: fc.constant(ZERO_PENCE),
      siteCreditBalance: fc.constant(ZERO_PENCE),
    })

    it("no voucher but a free-entry one makes tickets cost nothing, or less than 1p each", () => {
      fc.assert(
        fc.property(paidBasket, (i) => {
          const t = basketTotals(i)
          const tickets = i.lines.reduce((sum, l) => sum + l.quantity, 0)
          expect(t.itemTotal - t.discountTotal).toBeGreaterThanOrEqual(tickets)
          expect(t.basketTotal).toBeGreaterThan(0)
          for (const [index, l] of t.lines.entries()) {
            expect(l.lineTotal).toBeGreaterThanOrEqual(i.lines[index]?.quantity ?? 0)
          }
        }),
      )
    })

    it("holds the floor even where prices are already below it, and never goes negative", () => {
      fc.assert(
        fc.property(input, (i) => {
          const paidOnly = { ...i, vouchers: i.vouchers.map((v) => ({ ...v, freeEntry: false })) }
          const t = basketTotals(paidOnly)
          // Each line keeps 1p a ticket, or its whole price where that is already lower: a
          // free line cannot lend its floor to a paid one.
          const floor = t.lines.reduce(
            (sum, l, index) =>
              sum +
              Math.min(l.preDiscountTotal, Math.max(0, Math.floor(i.lines[index]?.quantity ?? 0))),
            0,
          )
          const goods = t.itemTotal - t.discountTotal
          expect(goods).toBeGreaterThanOrEqual(floor)
          expect(goods).toBeGreaterThanOrEqual(0)
        }),
      )
    })

    it("never discounts more than the voucher gives", () => {
      fc.assert(
        fc.property(paidBasket, (i) => {
          const t = basketTotals(i)
          for (const d of t.discounts) {
            const v = i.vouchers.find((candidate) => candidate.description === d.description)
            if (v === undefined) throw new Error(`a discount from no voucher: ${d.description}`)
            const base =
              v.competitionId === null
                ? t.itemTotal
                : (t.lines.find((l) => l.competitionId === v.competitionId)?.preDiscountTotal ?? 0)
            const most =
              v.discount.kind === "Fixed"
                ? v.discount.amount
                : Math.floor((base * Math.min(100, Math.max(0, v.discount.percent))) / 100)
            expect(d.value).toBeLessThanOrEqual(most)
          }
        }),
      )
    })
  })
})
