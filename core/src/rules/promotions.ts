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
