import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import {
  CARD_FUNDINGS,
  CREDIT_CARD_MONTHLY_CAP,
  type CreditCardPaymentFacts,
  countsTowardsCreditCardCap,
  creditCapStatuses,
  creditCardMoneyKept,
  creditCardNotice,
  creditCardTexts,
  creditCardVerdict,
  creditFundings,
  isCreditFunding,
  isInstantWinOrder,
  startOfLondonMonth,
} from "./credit-cards.js"
import { zonedParts } from "./dates.js"
import { pence } from "./money.js"
import { paymentStatuses } from "./payment-status.js"

const amounts = fc.integer({ min: 1, max: 100_000 }).map(pence)
const spends = fc.integer({ min: 0, max: 60_000 }).map(pence)

describe("the credit-card rule (DCMS code, decision 0042)", () => {
  it.prop(
    "a credit card may pay only a whole amount that fits under £250 with this month's, never for instant win or site credit",
    [fc.boolean(), fc.boolean(), amounts, spends],
    ([instantWin, buysSiteCredit, amount, spentThisMonth]) => {
      const verdict = creditCardVerdict({ instantWin, buysSiteCredit, amount, spentThisMonth })
      expect(verdict.allowed).toBe(
        !instantWin && !buysSiteCredit && spentThisMonth + amount <= CREDIT_CARD_MONTHLY_CAP,
      )
      if (instantWin) expect(verdict).toEqual({ allowed: false, reason: "InstantWin" })
      else if (buysSiteCredit) expect(verdict).toEqual({ allowed: false, reason: "SiteCredit" })
      if (!verdict.allowed && verdict.reason === "MonthlyCap") {
        expect(verdict.left).toBe(Math.max(0, CREDIT_CARD_MONTHLY_CAP - spentThisMonth))
        expect(verdict.left).toBeLessThan(amount)
      }
    },
  )

  it("exactly £250 in a month is allowed; a penny more is not", () => {
    expect(
      creditCardVerdict({
        instantWin: false,
        buysSiteCredit: false,
        amount: pence(5_000),
        spentThisMonth: pence(20_000),
      }),
    ).toEqual({ allowed: true })
    expect(
      creditCardVerdict({
        instantWin: false,
        buysSiteCredit: false,
        amount: pence(5_001),
        spentThisMonth: pence(20_000),
      }),
    ).toEqual({ allowed: false, reason: "MonthlyCap", left: pence(5_000) })
  })

  it("says what to do next, in one place", () => {
    expect(creditCardNotice({ allowed: true })).toBeNull()
    expect(creditCardNotice({ allowed: false, reason: "InstantWin" })).toBe(
      "Credit cards can't be used for instant win competitions. Please pay with a debit card.",
    )
    expect(creditCardNotice({ allowed: false, reason: "SiteCredit" })).toBe(
      "Credit cards can't be used to buy site credit, as it can be spent on instant win competitions. Please pay with a debit card.",
    )
    expect(creditCardNotice({ allowed: false, reason: "MonthlyCap", left: pence(1_250) })).toBe(
      "You can pay up to £12.50 more by credit card this month, which is less than this order. Please pay with a debit card.",
    )
    expect(creditCardNotice({ allowed: false, reason: "MonthlyCap", left: pence(0) })).toBe(
      "You have reached the £250.00 monthly limit for paying by credit card. Please pay with a debit card.",
    )
    expect(creditCardTexts.refused("Please pay with a debit card.")).toContain(
      "the money is being returned to your card and your order is still open",
    )
  })

  describe("the London month", () => {
    const instants = fc
      .integer({ min: Date.parse("2020-01-01T00:00:00Z"), max: Date.parse("2035-12-31T00:00:00Z") })
      .map((ms) => new Date(ms))

    it.prop(
      "starts at midnight on the 1st in London, at or before the instant, in its month",
      [instants],
      ([at]) => {
        const start = startOfLondonMonth(at)
        expect(start.getTime()).toBeLessThanOrEqual(at.getTime())
        const parts = zonedParts(start)
        const atParts = zonedParts(at)
        expect([parts.year, parts.month, parts.day, parts.hour, parts.minute]).toEqual([
          atParts.year,
          atParts.month,
          1,
          0,
          0,
        ])
        // A minute earlier is the previous London month.
        expect(zonedParts(new Date(start.getTime() - 60_000)).month).not.toBe(parts.month)
      },
    )

    it("in summer time the month starts at 23:00 UTC the day before", () => {
      expect(startOfLondonMonth(new Date("2026-07-01T00:30:00Z")).toISOString()).toBe(
        "2026-06-30T23:00:00.000Z",
      )
      // 23:30 UTC on 30 June is already July in London.
      expect(startOfLondonMonth(new Date("2026-06-30T23:30:00Z")).toISOString()).toBe(
        "2026-06-30T23:00:00.000Z",
      )
      expect(startOfLondonMonth(new Date("2026-12-15T12:00:00Z")).toISOString()).toBe(
        "2026-12-01T00:00:00.000Z",
      )
    })
  })
})

const MONTH = startOfLondonMonth(new Date("2026-06-15T12:00:00Z"))
const facts: fc.Arbitrary<CreditCardPaymentFacts & { readonly amount: ReturnType<typeof pence> }> =
  fc.record({
    status: fc.constantFrom(...paymentStatuses),
    cardFunding: fc.constantFrom(...CARD_FUNDINGS, null),
    succeededAt: fc.option(
      fc
        .integer({ min: -40, max: 40 })
        .map((days) => new Date(MONTH.getTime() + days * 86_400_000)),
    ),
    owedBack: fc.boolean(),
    amount: amounts,
  })

describe("what counts towards the credit-card cap (decision 0042)", () => {
  it("counts a kept credit-card success from the month's first instant on", () => {
    const kept = {
      status: "Succeeded",
      cardFunding: "Credit",
      succeededAt: MONTH,
      owedBack: false,
    } as const
    expect(countsTowardsCreditCardCap(kept, MONTH)).toBe(true)
    expect(
      countsTowardsCreditCardCap({ ...kept, succeededAt: new Date(MONTH.getTime() - 1) }, MONTH),
    ).toBe(false)
    expect(countsTowardsCreditCardCap({ ...kept, owedBack: true }, MONTH)).toBe(false)
    expect(countsTowardsCreditCardCap({ ...kept, status: "Refunded" }, MONTH)).toBe(false)
    for (const cardFunding of ["Debit", "Prepaid", "Unknown", null] as const)
      expect(countsTowardsCreditCardCap({ ...kept, cardFunding }, MONTH)).toBe(false)
    expect(creditCapStatuses).toEqual(["Succeeded"])
    expect(creditFundings).toEqual(["Credit"])
  })

  it.prop(
    "credit is what the provider called credit, nothing else",
    [fc.constantFrom(...CARD_FUNDINGS, null, undefined)],
    ([funding]) => {
      expect(isCreditFunding(funding)).toBe(funding === "Credit")
    },
  )

  it.prop(
    "counts a payment exactly when its status and funding are on the lists a store's query reads, it succeeded since, and nothing is owed back",
    [facts],
    ([payment]) => {
      expect(countsTowardsCreditCardCap(payment, MONTH)).toBe(
        creditCapStatuses.includes(payment.status) &&
          payment.cardFunding != null &&
          creditFundings.includes(payment.cardFunding) &&
          payment.succeededAt !== null &&
          payment.succeededAt >= MONTH &&
          !payment.owedBack,
      )
    },
  )

  it.prop(
    "sums what it counts: never negative, never more than all the credit-card successes, and a refund only lowers it",
    [fc.array(facts, { maxLength: 8 }), fc.nat({ max: 7 })],
    ([payments, refunded]) => {
      const kept = creditCardMoneyKept(payments, MONTH)
      const counted = payments.filter((p) => countsTowardsCreditCardCap(p, MONTH))
      expect(kept).toBe(counted.reduce((sum, p) => sum + p.amount, 0))
      expect(kept).toBeGreaterThanOrEqual(0)
      const withRefund = payments.map((p, i) => (i === refunded ? { ...p, owedBack: true } : p))
      expect(creditCardMoneyKept(withRefund, MONTH)).toBeLessThanOrEqual(kept)
    },
  )

  it.prop(
    "an instant-win order is one with a line of a competition with any instant-win group, in whatever order its lines come",
    [fc.array(fc.nat({ max: 3 }), { maxLength: 5 })],
    ([groups]) => {
      const lines = groups.map((instantWinGroups) => ({ instantWinGroups }))
      expect(isInstantWinOrder(lines)).toBe(groups.some((g) => g > 0))
      expect(isInstantWinOrder(lines.toReversed())).toBe(isInstantWinOrder(lines))
    },
  )

  it("an order of no lines (site credit only) is not an instant-win order", () => {
    expect(isInstantWinOrder([])).toBe(false)
    expect(isInstantWinOrder([{ instantWinGroups: 0 }])).toBe(false)
    expect(isInstantWinOrder([{ instantWinGroups: 0 }, { instantWinGroups: 1 }])).toBe(true)
  })
})
