import { Brand, type BrandShape } from "@howzat/core"
import type { Charity } from "@howzat/core/orders"
import type { ShopIdentity } from "@howzat/core/rules"
import type { TrackingOrigins } from "@howzat/http"
import type { Db } from "@howzat/postgres"
import { Layer } from "effect"
import { brand as storefrontBrand } from "../../../web/src/brand"
import { coreBrandOf } from "../core-brand"

/**
 * The brand's own settings that core's rules need. The storefront is built
 * with the brand (apps/web/src/brand.ts); this brand supports no charity, so
 * no round-up is priced. A brand with charities lists them here too.
 */
export interface ShopBrand {
  readonly charities?: readonly Charity[] | undefined
  /** brand.siteCredit's name, and whether credit is bought through the basket (off: docs/product/screens.md). */
  readonly siteCredit?: { readonly name: string; readonly deferredPurchase: boolean } | undefined
  /** The storefront's live-draw stream origin (brand.ts liveStreamOrigin): /Live may frame it. */
  readonly liveStreamOrigin?: string | null | undefined
  /** Who the club documents say they come from, and the contact form's care address; brand.ts's by default. */
  readonly identity?: Omit<ShopIdentity, "website"> | undefined
  /** The storefront's configured tracking origins (brand.ts trackingOrigins): the CSP admits them. */
  readonly tracking?: TrackingOrigins | undefined
  /**
   * Whose name the mail, the site credit and the authenticator apps carry
   * (core's Brand, docs/decisions/0101); built from brand.ts when unset.
   */
  readonly core?: BrandShape | undefined
  /** The least time a competition is open for sale (decision 0045); core's default, a day, when unset. */
  readonly minimumOpenMs?: number | undefined
}

/** Who the club documents say they come from and where contact messages go: one identity. */
export const shopIdentityOf = (brand: ShopBrand): Omit<ShopIdentity, "website"> =>
  brand.identity ?? {
    shortName: storefrontBrand.shortName,
    fullName: storefrontBrand.fullName,
    customerCareEmail: storefrontBrand.customerCareEmail,
    freePostalEntryAddress: storefrontBrand.freePostalEntryAddress,
  }

/**
 * Whose name core's mail is signed with, what site credit is called, and the
 * authenticator apps' issuer: the storefront's brand unless given (decision 0101).
 */
export const coreBrandLayerOf = (
  brand: ShopBrand,
  identity: ReturnType<typeof shopIdentityOf>,
): CoreBrandLayer => Layer.succeed(Brand, coreBrandOf({ ...brand, identity }))

/** Core's Brand as the layer the services that write to customers are provided with. */
export type CoreBrandLayer = Layer.Layer<Brand>

/** The opened database as the layer every repository is provided with. */
export type DbLayer = Layer.Layer<Db>
