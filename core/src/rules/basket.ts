import { type Pence, parsePounds, pence } from "./money.js"

const POUND = 100

/**
 * The donation that rounds the basket up (docs/product/constants.md). The current donation is
 * taken out first so pressing "round up" twice does not keep growing it; a
 * basket already on a whole pound is rounded up by a full £1 rather than 0p.
 */
export const roundUp = (basketTotal: Pence, currentDonation: Pence): Pence => {
  const withoutDonation = basketTotal - currentDonation
  const pastThePound = ((withoutDonation % POUND) + POUND) % POUND
  return pence(pastThePound === 0 ? POUND : POUND - pastThePound)
}

/**
 * How much site credit may pay for this basket. Credit already applied has
 * been taken off the basket total, so it is added back to find what the
 * basket really costs.
 */
export const clampSiteCredit = (
  requested: Pence,
  balance: Pence,
  basketTotal: Pence,
  alreadyApplied: Pence,
): Pence => {
  const ceiling = Math.max(0, Math.min(balance, basketTotal + alreadyApplied))
  return pence(Math.min(ceiling, Math.max(0, requested)))
}

/** Customers type "summer-10 " or "Summer10"; both mean SUMMER10. */
export const normaliseVoucherCode = (code: string): string =>
  code.replace(/[^A-Za-z0-9]/g, "").toUpperCase()

export const MIN_SITE_CREDIT_PURCHASE: Pence = pence(100)

/**
 * The amount typed into "buy site credit", or undefined when the buy button
 * must stay disabled. parsePounds drops a minus sign, which is how the amount
 * is "made positive" (docs/product/validation.md).
 */
export const siteCreditPurchaseAmount = (text: string): Pence | undefined => {
  const amount = parsePounds(text)
  return amount !== undefined && amount >= MIN_SITE_CREDIT_PURCHASE ? amount : undefined
}

/** The line under the voucher box (docs/product/errors.md). */
export const promotionCodesText = (codes: readonly string[]): string =>
  codes.length === 0
    ? "No valid promotion codes have been registered."
    : `Code(s) ${codes.join(", ")} registered against your order. If you're eligible for any discounts, they'll be listed above.`

/**
 * Whether a basket's round-up is priced: the customer said yes and there is
 * a charity to receive it. Without one, "yes" is ignored rather than
 * charged (decision 0016).
 */
export const roundUpApplies = (customerSaidYes: boolean, charities: number): boolean =>
  customerSaidYes && charities > 0

/**
 * Who may use a basket, by its owner: one no one owns yet is anyone's who
 * holds its id (a random uuid); once it is a customer's, only that
 * customer's. Everyone else, visitors included, is told it does not exist,
 * as for an unknown id. `caller` is the signed-in customer's id, or null.
 *
 * A claim (a signed-in customer using a basket no one owned, which makes it
 * theirs) is allowed by the same rule, so their own basket is answered as it
 * is and another customer's is not found. The use cases decide by it
 * (core/src/orders/baskets.ts's mayUseBasket); the repositories check it
 * again under the basket's lock when they claim, so two customers racing for
 * one anonymous basket cannot both have it, and
 * test/contracts/baskets.contract.ts holds every store to it.
 */
export const mayUseBasketOwnedBy = (caller: string | null, owner: string | null): boolean =>
  owner === null || owner === caller
