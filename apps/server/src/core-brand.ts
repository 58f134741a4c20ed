import type { BrandShape } from "@howzat/core"
import { brand as storefrontBrand } from "../../web/src/brand"

/**
 * Core's Brand (core/src/brand.ts, docs/decisions/0101) for this shop: whose
 * name the mail is signed with, what site credit is called and the issuer
 * authenticator apps list. It is the storefront's brand (apps/web/src/brand.ts,
 * decision 0003), so the emails, the site and the back office never disagree
 * on the name; a composition that names itself differently passes its own.
 */
export const coreBrandOf = (
  given: {
    readonly core?: BrandShape | undefined
    readonly identity?: { readonly shortName: string } | undefined
    readonly siteCredit?: { readonly name: string } | undefined
  } = {},
): BrandShape => {
  if (given.core !== undefined) return given.core
  const name = given.identity?.shortName ?? storefrontBrand.shortName
  return {
    name,
    siteCreditName: given.siteCredit?.name ?? storefrontBrand.siteCredit.name,
    totpIssuer: name,
  }
}
