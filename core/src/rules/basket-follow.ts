import type { Basket } from "../orders/model.js"
import { type Pence, pence } from "./money.js"

/**
 * A signed-in customer's basket follows them from one browser or device to
 * the next (docs/decisions/0084-a-basket-that-follows-the-customer.md).
 * These are the rules; Baskets.follow applies them, and the BasketRepo
 * carries a merge out under both baskets' locks.
 */

/** What one basket brings to another when the two are merged. */
export interface BasketContents {
  readonly items: readonly { readonly competitionId: string; readonly quantity: number }[]
  readonly promotionCodes: readonly string[]
  readonly siteCreditPurchase: Pence
}

/** How many of a customer's open baskets are looked at: a customer has a few devices, not dozens. */
export const BASKETS_FOLLOWED = 5

/** Something the customer chose and would miss: tickets, or credit to buy. */
export const holdsSomething = (basket: Pick<Basket, "items" | "siteCreditPurchase">): boolean =>
  basket.items.length > 0 || basket.siteCreditPurchase > 0

/**
 * The basket a signed-in customer shops with: the one they changed last
 * that holds something (so the phone shows what the laptop chose), else
 * this browser's own, else their newest. Null: they have none yet.
 *
 * @param browsers this browser's basket, already the customer's, or null
 * @param theirs the customer's open baskets, the most recently changed
 *   first (this browser's among them when it is one of the newest)
 */
export const followedBasket = (browsers: Basket | null, theirs: readonly Basket[]): Basket | null =>
  theirs.find(holdsSomething) ??
  (browsers !== null && holdsSomething(browsers) ? browsers : null) ??
  browsers ??
  theirs[0] ??
  null

/**
 * `from` merged into `into`. Per competition the larger of the two
 * quantities, never their sum: the same tickets chosen on two devices are
 * one choice, and a merge must never raise what the customer pays without
 * them asking (checkout still holds every line to the competition's
 * maximum). Lines keep `into`'s order, `from`'s new ones after. One
 * voucher per order (docs/decisions/0076): `into`'s, or `from`'s when
 * `into` has none. Credit bought: the larger amount, for the same reason.
 */
export const mergedContents = (
  into: Pick<Basket, "items" | "promotionCodes" | "siteCreditPurchase">,
  from: Pick<Basket, "items" | "promotionCodes" | "siteCreditPurchase">,
): BasketContents => {
  const fromQuantity = new Map(from.items.map((item) => [item.competitionId, item.quantity]))
  const intoIds = new Set(into.items.map((item) => item.competitionId))
  return {
    items: [
      ...into.items.map((item) => ({
        competitionId: item.competitionId,
        quantity: Math.max(item.quantity, fromQuantity.get(item.competitionId) ?? 0),
      })),
      ...from.items
        .filter((item) => !intoIds.has(item.competitionId))
        .map((item) => ({ competitionId: item.competitionId, quantity: item.quantity })),
    ],
    promotionCodes: into.promotionCodes.length > 0 ? into.promotionCodes : from.promotionCodes,
    siteCreditPurchase: pence(Math.max(into.siteCreditPurchase, from.siteCreditPurchase)),
  }
}
