import { Schema } from "effect"
import { Competition } from "./catalogue.js"
import { BoundedInt, boundedString } from "./text.js"

/**
 * SPEC §3's basket on the wire. Money is integer pence (docs/decisions/0001).
 * The id is a random uuid and is the only key an anonymous visitor holds.
 */
const Pence = Schema.Int

export const Discount = Schema.Struct({ description: Schema.String, value: Pence })

export const AllocationException = Schema.Struct({
  competitionName: Schema.String,
  exceptionReason: Schema.String,
})
export type AllocationExceptionJson = typeof AllocationException.Encoded

export const BasketItem = Schema.Struct({
  id: Schema.String,
  competitionTicketDetails: Schema.Struct({
    competition: Competition,
    quantity: Schema.Int,
    /** The ticket price. */
    price: Pence,
    /** Tickets the customer already holds in this competition (paid and unpaid orders). */
    customerBoughtToDateTicketQuantity: Schema.Int,
  }),
  preDiscountTotal: Pence,
  lineTotal: Pence,
  discounts: Schema.Array(Discount),
})
export type BasketItemJson = typeof BasketItem.Encoded

export const Basket = Schema.Struct({
  id: Schema.String,
  customerId: Schema.NullOr(Schema.String),
  items: Schema.Array(BasketItem),
  /** Sum of the lines before any discount. */
  itemTotal: Pence,
  discounts: Schema.Array(Discount),
  discountTotal: Pence,
  /** What is left to pay by card: goods less discounts, plus the donation, less site credit. */
  basketTotal: Pence,
  /** Codes that are registered and still give a discount. */
  appliedPromotionCodes: Schema.Array(Schema.Struct({ code: Schema.String })),
  charitableDonation: Schema.Struct({ autoRoundup: Schema.Boolean, value: Pence }),
  /** Site credit that will pay for part of the basket (already clamped). */
  siteCreditDebitAmount: Pence,
  /** The customer's balance, 0 for a visitor: the checkout's site-credit panel shows when above 0. */
  siteCreditAvailable: Pence,
  /**
   * Site credit the basket buys (SPEC §3's siteCreditDetails), only when the
   * brand defers the purchase to the basket; kept apart from `items`, which
   * are tickets, and counted in itemTotal and basketTotal (decision 0038).
   */
  siteCreditItems: Schema.Array(
    Schema.Struct({ description: Schema.String, creditAmount: Pence, lineTotal: Pence }),
  ),
  /** What the last checkout could not allocate (SPEC §8), empty otherwise. */
  ticketAllocationExceptions: Schema.Array(AllocationException),
})
export type BasketJson = typeof Basket.Encoded

export const BasketResponse = Schema.Struct({ basket: Basket })
export type BasketResponseJson = typeof BasketResponse.Encoded

export const CreateBasketParams = Schema.Struct({
  /**
   * Present (any value) to always start a new basket. Left out by a
   * signed-in customer: the basket they shop with, wherever it was filled
   * (docs/decisions/0084-a-basket-that-follows-the-customer.md).
   */
  ForceCreateNew: Schema.optional(boundedString(100)),
  /**
   * This browser's basket, when a signed-in customer asks for theirs: what
   * it holds joins the customer's basket. Ignored for a visitor, and when
   * the basket is gone, checked out or someone else's.
   */
  BasketId: Schema.optional(boundedString(100)),
})

/** SPEC §7's add-item body, spelled as the storefront sends it. */
export const AddBasketItemRequest = Schema.Struct({
  competitionID: Schema.UUID,
  ticketQuantity: Schema.Int.pipe(Schema.between(1, 100_000)),
})
export type AddBasketItemRequestJson = typeof AddBasketItemRequest.Encoded

/** A quantity of 0 or less deletes the item (SPEC §4). */
export const SetBasketItemRequest = Schema.Struct({
  ticketQuantity: Schema.Int.pipe(Schema.between(-100_000, 100_000)),
})
export type SetBasketItemRequestJson = typeof SetBasketItemRequest.Encoded

/** PUT /api/Baskets/{basketId}: the round-up choice and the site credit to spend. */
export const UpdateBasketRequest = Schema.Struct({
  charitableDonation: Schema.Struct({ autoRoundup: Schema.Boolean }),
  siteCreditDebitAmount: BoundedInt(0),
})
export type UpdateBasketRequestJson = typeof UpdateBasketRequest.Encoded

/**
 * One code per order (docs/decisions/0076): the code takes the basket's
 * code's place. `replaces` names the code the customer agreed to give up
 * for one that takes less off; without it such a swap is refused (409).
 */
export const RegisterPromotionRequest = Schema.Struct({
  promotionCode: boundedString(100),
  replaces: Schema.optional(boundedString(100)),
})
export type RegisterPromotionRequestJson = typeof RegisterPromotionRequest.Encoded

/** What setting the code did to the basket's one code, with the sentence to show. */
export const VoucherChange = Schema.Struct({
  kind: Schema.Literal("Added", "Unchanged", "Replaced", "Removed"),
  /** The basket's code now; null when it has none. */
  code: Schema.NullOr(Schema.String),
  /** The code taken off (replaced or removed); null when none was. */
  replaced: Schema.NullOr(Schema.String),
  /** The status line, e.g. "BOUNDARY replaced HOWZAT10 (only one code per order)"; null: nothing to say. */
  message: Schema.NullOr(Schema.String),
})
export type VoucherChangeJson = typeof VoucherChange.Encoded

export const RegisterPromotionResponse = Schema.Struct({
  basket: Basket,
  voucherChange: VoucherChange,
})
export type RegisterPromotionResponseJson = typeof RegisterPromotionResponse.Encoded
