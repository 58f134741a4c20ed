import { Context } from "effect"

/** A charity the round-up donates to (docs/product/entities.md: name and url). */
export interface Charity {
  readonly name: string
  readonly url: string
  /** The charity's number on the Charity Commission's register, when the brand gives it. */
  readonly registeredNumber?: string | undefined
}

/**
 * The charities the brand supports (docs/product/screens.md: brand configuration, an empty
 * list for this brand). A round-up is a donation, so without a charity to
 * receive it none is priced or charged, whoever calls core: the storefront
 * only offers the question when there is one, but another client, or a
 * basket that said yes before the offer was withdrawn, must not pay it
 * either. The composition root provides the brand's list; none by default.
 */
export class Charities extends Context.Reference<Charities>()("@howzat/core/Charities", {
  defaultValue: (): { readonly list: readonly Charity[] } => ({ list: [] }),
}) {}
