import fc from "fast-check"
import type { AppliedVoucher } from "../../rules/basket-totals.js"
import { arbitraryPence } from "./money.js"

/**
 * A voucher applied to a basket: a percentage or a fixed amount off, for one
 * of `competitionIds` or for the whole basket (null). Out-of-range discounts
 * (over 100%, more than the basket) are drawn on purpose: the pricing rule
 * must cap them, not trust the promotion's author.
 */
export const arbitraryAppliedVoucher = (
  competitionIds: readonly [string, ...string[]],
): fc.Arbitrary<AppliedVoucher> =>
  fc.record({
    code: fc.constantFrom("SUMMER10", "FIVEOFF", "CLUB"),
    description: fc.constant("Voucher"),
    discount: fc.oneof(
      fc.record({
        kind: fc.constant("Percentage" as const),
        percent: fc.integer({ min: 0, max: 150 }),
      }),
      fc.record({
        kind: fc.constant("Fixed" as const),
        amount: arbitraryPence({ max: 2_000_000 }),
      }),
    ),
    competitionId: fc.option(fc.constantFrom(...competitionIds), { nil: null }),
    freeEntry: fc.boolean(),
  })
