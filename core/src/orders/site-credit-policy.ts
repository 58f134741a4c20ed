import { Context } from "effect"

/**
 * The brand's site credit (docs/product/screens.md: siteCredit with its name; deferred
 * purchase not allowed in this configuration). The composition root
 * provides the brand's; the default is this brand's.
 */
export class SiteCreditPolicy extends Context.Reference<SiteCreditPolicy>()(
  "@howzat/core/SiteCreditPolicy",
  {
    defaultValue: (): { readonly name: string; readonly deferredPurchase: boolean } => ({
      name: "Howzat Credit",
      deferredPurchase: false,
    }),
  },
) {}

/** The line of an order that buys credit, in the brand's words. */
export const siteCreditItemDescription = (brandCreditName: string) => brandCreditName

/** The ledger entry a paid purchase writes: what the statement shows. */
export const siteCreditPurchaseEntry = (brandCreditName: string, orderRef: string) =>
  `Bought ${brandCreditName} (order ${orderRef})`
