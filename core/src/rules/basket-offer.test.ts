import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { roundUpApplies } from "./basket.js"
import { basketItemTemplates, roundUpCharity } from "./basket-offer.js"
import {
  MAXIMUM_SITE_CREDIT_PURCHASE,
  MINIMUM_SITE_CREDIT_PURCHASE,
  siteCreditPurchaseRefusal,
} from "./site-credit-purchase.js"

describe("roundUpCharity", () => {
  it("is the brand's first charity, and null exactly when no round-up can be priced", () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.boolean(), (charities, saidYes) => {
        const charity = roundUpCharity(charities)
        expect(charity).toBe(charities.length > 0 ? charities[0] : null)
        if (charity === null) expect(roundUpApplies(saidYes, charities.length)).toBe(false)
      }),
    )
  })
})

describe("basketItemTemplates", () => {
  it("offers nothing while the brand does not sell credit through the basket", () => {
    expect(basketItemTemplates({ name: "Howzat Credit", deferredPurchase: false })).toEqual([])
  })

  it("offers the brand's credit within the amounts a purchase may have", () => {
    const [template, ...rest] = basketItemTemplates({ name: "Fan Credit", deferredPurchase: true })
    expect(rest).toEqual([])
    expect(template).toEqual({
      itemType: "SiteCredit",
      description: "Fan Credit",
      minimumCreditAmount: MINIMUM_SITE_CREDIT_PURCHASE,
      maximumCreditAmount: MAXIMUM_SITE_CREDIT_PURCHASE,
    })
    // Both ends are amounts the purchase itself accepts.
    expect(siteCreditPurchaseRefusal(template?.minimumCreditAmount ?? 0)).toBeNull()
    expect(siteCreditPurchaseRefusal(template?.maximumCreditAmount ?? 0)).toBeNull()
  })
})
