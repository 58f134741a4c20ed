import { type Pence, pence } from "./money.js"

/** docs/product/validation.md and docs/product/constants.md: the least a customer may buy, £1.00. */
export const MINIMUM_SITE_CREDIT_PURCHASE: Pence = pence(100)

/**
 * The most one order may buy, £1,000 (docs/decisions/0038): prepaid credit
 * is money the shop holds for the customer, and a larger top-up is more
 * likely a typo (or laundering) than a customer's wish.
 */
export const MAXIMUM_SITE_CREDIT_PURCHASE: Pence = pence(100_000)

export type SiteCreditPurchaseRefusal = "NotWholePence" | "BelowMinimum" | "AboveMaximum"

/** Why this amount of credit cannot be bought, or null when it can. */
export const siteCreditPurchaseRefusal = (amount: number): SiteCreditPurchaseRefusal | null =>
  !Number.isSafeInteger(amount)
    ? "NotWholePence"
    : amount < MINIMUM_SITE_CREDIT_PURCHASE
      ? "BelowMinimum"
      : amount > MAXIMUM_SITE_CREDIT_PURCHASE
        ? "AboveMaximum"
        : null
