import fc from "fast-check"
import type { BasketTotalsInput, PricedLine } from "../../rules/basket-totals.js"
import { arbitraryPence } from "./money.js"
import { arbitraryAppliedVoucher } from "./promotions.js"

/** The competitions the basket arbitraries draw from: few, so vouchers and lines meet. */
export const BASKET_COMPETITION_IDS = ["a", "b", "c"] as const

/**
 * A basket line. Quantities below zero are drawn on purpose: a tampered
 * request must price as nothing, never as a credit.
 */
export const arbitraryBasketLine = (
  competitionIds: readonly [string, ...string[]] = BASKET_COMPETITION_IDS,
): fc.Arbitrary<PricedLine> =>
  fc.record({
    competitionId: fc.constantFrom(...competitionIds),
    unitPrice: arbitraryPence({ max: 10_000 }),
    quantity: fc.integer({ min: -5, max: 1_000 }),
  })

/**
 * Everything basket-totals prices: one line per competition (as the basket
 * stores them), up to four vouchers, round-up, and site credit asked for
 * (sometimes negative, sometimes more than the balance) against a balance.
 */
export const arbitraryBasket = (
  competitionIds: readonly [string, ...string[]] = BASKET_COMPETITION_IDS,
): fc.Arbitrary<BasketTotalsInput> =>
  fc.record({
    lines: fc.uniqueArray(arbitraryBasketLine(competitionIds), {
      selector: (l) => l.competitionId,
      maxLength: competitionIds.length,
    }),
    vouchers: fc.array(arbitraryAppliedVoucher(competitionIds), { maxLength: 4 }),
    autoRoundup: fc.boolean(),
    siteCreditRequested: arbitraryPence({ min: -1_000 }),
    siteCreditBalance: arbitraryPence(),
  })
