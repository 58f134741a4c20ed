import fc from "fast-check"
import { type Pence, pence } from "../../rules/money.js"

/**
 * Whole pence between `min` and `max` (default 0 to £100,000): money is an
 * integer number of pence everywhere in Howzat, so a generator of floats
 * would test a shop that does not exist.
 */
export const arbitraryPence = (
  range: { readonly min?: number; readonly max?: number } = {},
): fc.Arbitrary<Pence> =>
  fc.integer({ min: range.min ?? 0, max: range.max ?? 10_000_000 }).map(pence)
