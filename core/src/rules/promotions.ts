import { type Pence, pence } from "./money"

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

/** A club's voucher takes 10% off the customer's basket (SPEC §10: club voucher 10%). */
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
