import { Context } from "effect"

/**
 * Whether site credit is bought through the basket (docs/product/screens.md:
 * deferred purchase, not allowed in this configuration). Its name is the
 * brand's (Brand.siteCreditName, core/src/brand.ts). The composition root
 * provides the shop's; the default is off.
 */
export class SiteCreditPolicy extends Context.Reference<SiteCreditPolicy>()(
  "@howzat/core/SiteCreditPolicy",
  {
    defaultValue: (): { readonly deferredPurchase: boolean } => ({ deferredPurchase: false }),
  },
) {}

/** The line of an order that buys credit, in the brand's words. */
export const siteCreditItemDescription = (brandCreditName: string) => brandCreditName

/** The ledger entry a paid purchase writes: what the statement shows. */
export const siteCreditPurchaseEntry = (brandCreditName: string, orderRef: string) =>
  `Bought ${brandCreditName} (order ${orderRef})`
