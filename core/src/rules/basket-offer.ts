import type { Pence } from "./money.js"
import {
  MAXIMUM_SITE_CREDIT_PURCHASE,
  MINIMUM_SITE_CREDIT_PURCHASE,
} from "./site-credit-purchase.js"

/**
 * What a basket offers beside its own lines: the charity its round-up goes
 * to, and the kinds of line that may still be added to it without choosing
 * a competition (docs/decisions/0083).
 */

/**
 * The charity a round-up goes to: the brand's first. None (this brand's
 * configuration, an empty list) is null, and no round-up is priced
 * (roundUpApplies in rules/basket.ts).
 */
export const roundUpCharity = <C>(charities: readonly C[]): C | null => charities[0] ?? null

/** A line the basket could take that is not a competition's tickets: the brand's site credit. */
export interface SiteCreditItemTemplate {
  readonly itemType: "SiteCredit"
  /** The line's words, the brand's name for its credit. */
  readonly description: string
  readonly minimumCreditAmount: Pence
  readonly maximumCreditAmount: Pence
}
export type BasketItemTemplate = SiteCreditItemTemplate

/**
 * The lines a basket could still take beyond tickets. Tickets are offered
 * by the catalogue, competition by competition, so they are no template;
 * site credit is, only while the brand sells it through the basket (the
 * deferred purchase, docs/decisions/0038), within the amounts a purchase
 * may have. With it off (this brand) there is nothing: an empty list.
 */
export const basketItemTemplates = (siteCredit: {
  readonly name: string
  readonly deferredPurchase: boolean
}): readonly BasketItemTemplate[] =>
  siteCredit.deferredPurchase
    ? [
        {
          itemType: "SiteCredit",
          description: siteCredit.name,
          minimumCreditAmount: MINIMUM_SITE_CREDIT_PURCHASE,
          maximumCreditAmount: MAXIMUM_SITE_CREDIT_PURCHASE,
        },
      ]
    : []
