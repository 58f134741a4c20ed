import type { PricedLine } from "./basket-totals.js"
import { type Pence, pence, ZERO_PENCE } from "./money.js"

/** The parts of a promotion that decide whether it can be used right now. */
export interface PromotionWindow {
  readonly validFrom: Date | null
  readonly validTo: Date | null
  readonly usageLimit: number | null
  readonly usageCount: number
}

/** Valid from its start (inclusive) to its end (exclusive), while uses remain. */
export const promotionIsUsable = (promotion: PromotionWindow, now: Date): boolean =>
  (promotion.validFrom === null || promotion.validFrom.getTime() <= now.getTime()) &&
  (promotion.validTo === null || now.getTime() < promotion.validTo.getTime()) &&
  (promotion.usageLimit === null || promotion.usageCount < promotion.usageLimit)

/**
 * What a voucher leaves to pay for each ticket it applies to, at least:
 * a prize competition that gave paid tickets away through a voucher would
 * undermine its own paid route (and the free postal one beside it). Only a
 * promotion staff marked as free entry may go below it.
 */
export const VOUCHER_FLOOR_PER_TICKET: Pence = pence(1)

/** Everything that decides whether a voucher applies to a basket or an order. */
export interface PromotionTerms extends PromotionWindow {
  readonly discount:
    | { readonly kind: "Percentage"; readonly percent: number }
    | { readonly kind: "Fixed"; readonly amount: Pence }
  readonly competitionId: string | null
  /** Spend (before discounts) on what it applies to; null: the default, minimumSpendOf. */
  readonly minimumSpend: Pence | null
  /** Uses per customer (paid and unpaid orders); null: no limit of its own. */
  readonly perCustomerLimit: number | null
  /** Staff marked it as a free entry: it may take tickets below the floor, to nothing. */
  readonly freeEntry: boolean
}

/**
 * The spend a voucher needs. Unless staff set one, a fixed amount needs a
 * spend above its value (£1 off needs £1.01), so it can never be the whole
 * price; a free-entry voucher and a percentage need none.
 */
export const minimumSpendOf = (terms: PromotionTerms): Pence =>
  terms.minimumSpend ??
  (terms.discount.kind === "Fixed" && !terms.freeEntry
    ? pence(terms.discount.amount + 1)
    : ZERO_PENCE)

/** The spend a voucher counts: the basket's tickets, or one competition's, before discounts. */
export const spendFor = (
  terms: { readonly competitionId: string | null },
  lines: readonly PricedLine[],
): Pence =>
  pence(
    lines
      .filter((line) => terms.competitionId === null || line.competitionId === terms.competitionId)
      .reduce(
        (sum, line) => sum + Math.max(0, line.unitPrice) * Math.max(0, Math.floor(line.quantity)),
        0,
      ),
  )

/** Why a voucher does not apply; the first reason found, in this order. */
export type PromotionRefusal =
  | { readonly kind: "NotValidNow" }
  | { readonly kind: "UsedUp" }
  | { readonly kind: "AlreadyUsed"; readonly perCustomerLimit: number }
  | { readonly kind: "MinimumSpendNotReached"; readonly minimum: Pence; readonly spend: Pence }

/**
 * Whether a voucher applies: within its dates, while uses remain overall
 * and for this customer (`customerUses`: 0 for a visitor, who is counted at
 * checkout), and when the spend on what it applies to reaches its minimum.
 * null when it applies.
 */
export const promotionRefusal = (
  terms: PromotionTerms,
  use: { readonly at: Date; readonly spend: Pence; readonly customerUses: number },
): PromotionRefusal | null => {
  if (!promotionIsUsable({ ...terms, usageLimit: null }, use.at)) return { kind: "NotValidNow" }
  if (!promotionIsUsable(terms, use.at)) return { kind: "UsedUp" }
  if (terms.perCustomerLimit !== null && use.customerUses >= terms.perCustomerLimit)
    return { kind: "AlreadyUsed", perCustomerLimit: terms.perCustomerLimit }
  const minimum = minimumSpendOf(terms)
  if (use.spend < minimum) return { kind: "MinimumSpendNotReached", minimum, spend: use.spend }
  return null
}

/** A club's voucher takes 10% off the customer's basket (docs/product/constants.md: club voucher 10%). */
export const CLUB_VOUCHER_PERCENT = 10

/** …and earns the club 10% of what the customer paid for the tickets. */
export const CLUB_CREDIT_PERCENT = 10

/**
 * The club's share of a paid order: 10% of the tickets' price after
 * discounts (the round-up goes to charity and is not the club's), rounded
 * down to the penny so the operator never pays out more than the rate.
 */
export const clubCredit = (order: {
  readonly itemTotal: Pence
  readonly discountTotal: Pence
}): Pence =>
  pence(
    Math.floor((Math.max(0, order.itemTotal - order.discountTotal) * CLUB_CREDIT_PERCENT) / 100),
  )
