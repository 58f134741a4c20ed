import { Schema } from "effect"
import { Competition } from "./catalogue.js"
import { BoundedInt, boundedString } from "./text.js"

/**
 * The basket on the wire. Money is integer pence (docs/decisions/0001).
 * The id is a random uuid and is the only key an anonymous visitor holds.
 */
const Pence = Schema.Int

export const Discount = Schema.Struct({ description: Schema.String, value: Pence })

export const AllocationException = Schema.Struct({
  competitionName: Schema.String,
  exceptionReason: Schema.String,
})
export type AllocationExceptionJson = typeof AllocationException.Encoded

/** A line of a competition's tickets. */
export const BasketTicketItem = Schema.Struct({
  itemType: Schema.Literal("CompetitionTickets"),
  id: Schema.String,
  competitionTicketDetails: Schema.Struct({
    competition: Competition,
    quantity: Schema.Int,
    /** The ticket price. */
    price: Pence,
    /** Tickets the customer already holds in this competition (paid and unpaid orders). */
    customerBoughtToDateTicketQuantity: Schema.Int,
  }),
  siteCreditDetails: Schema.Null,
  preDiscountTotal: Pence,
  lineTotal: Pence,
  discounts: Schema.Array(Discount),
})
export type BasketTicketItemJson = typeof BasketTicketItem.Encoded

/**
 * A line of site credit the basket buys, only when the brand sells credit
 * through the basket (docs/decisions/0038). The basket holds one amount, so
 * the line's id is always "sitecredit", the path that sets it (0 removes
 * it). No voucher, round-up or site credit touches it.
 */
export const BasketSiteCreditItem = Schema.Struct({
  itemType: Schema.Literal("SiteCredit"),
  id: Schema.Literal("sitecredit"),
  competitionTicketDetails: Schema.Null,
  siteCreditDetails: Schema.Struct({ description: Schema.String, creditAmount: Pence }),
  preDiscountTotal: Pence,
  lineTotal: Pence,
  discounts: Schema.Array(Discount),
})
export type BasketSiteCreditItemJson = typeof BasketSiteCreditItem.Encoded

/**
 * A basket line: a competition's tickets or site credit, told apart by
 * `itemType`; the other kind's details are null (docs/decisions/0083).
 */
export const BasketItem = Schema.Union(BasketTicketItem, BasketSiteCreditItem)
export type BasketItemJson = typeof BasketItem.Encoded

/**
 * A line the basket could take beyond tickets, which the catalogue offers
 * competition by competition: the brand's site credit, between the two
 * amounts, added by POST /api/Baskets/{basketId}/items/sitecredit. Only
 * while the brand sells credit through the basket; for this brand none.
 */
export const BasketItemTemplate = Schema.Struct({
  itemType: Schema.Literal("SiteCredit"),
  description: Schema.String,
  minimumCreditAmount: Pence,
  maximumCreditAmount: Pence,
})
export type BasketItemTemplateJson = typeof BasketItemTemplate.Encoded

/** The charity a round-up goes to. */
export const BasketCharity = Schema.Struct({
  name: Schema.String,
  url: Schema.String,
  /** Its number on the Charity Commission's register; null when the brand does not give it. */
  registeredNumber: Schema.NullOr(Schema.String),
})

export const Basket = Schema.Struct({
  id: Schema.String,
  customerId: Schema.NullOr(Schema.String),
  /** Ticket lines, then the site-credit line if the basket buys credit. */
  items: Schema.Array(BasketItem),
  /** Lines the basket could still take beyond tickets; empty unless the brand sells credit through it. */
  itemTemplates: Schema.Array(BasketItemTemplate),
  /** Sum of the lines (tickets and credit) before any discount. */
  itemTotal: Pence,
  discounts: Schema.Array(Discount),
  discountTotal: Pence,
  /** What is left to pay by card: goods less discounts, plus the donation, less site credit. */
  basketTotal: Pence,
  /** Codes that are registered and still give a discount. */
  appliedPromotionCodes: Schema.Array(Schema.Struct({ code: Schema.String })),
  charitableDonation: Schema.Struct({
    autoRoundup: Schema.Boolean,
    /** Who receives the round-up: the brand's charity; null when it has none (and no round-up is priced). */
    charity: Schema.NullOr(BasketCharity),
    value: Pence,
  }),
  /** Site credit that will pay for part of the basket (already clamped). */
  siteCreditDebitAmount: Pence,
  /** The customer's balance, 0 for a visitor: the checkout's site-credit panel shows when above 0. */
  siteCreditAvailable: Pence,
  /**
   * Deprecated: the site-credit line of `items` (itemType "SiteCredit"),
   * kept in its first shape for clients written before it was there
   * (docs/decisions/0083). Counted once in itemTotal and basketTotal.
   */
  siteCreditItems: Schema.Array(
    Schema.Struct({ description: Schema.String, creditAmount: Pence, lineTotal: Pence }),
  ).annotations({ jsonSchema: { deprecated: true } }),
  /** What the last checkout could not allocate, empty otherwise. */
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

/** docs/product/api.md's add-item body, spelled as the storefront sends it. */
export const AddBasketItemRequest = Schema.Struct({
  competitionID: Schema.UUID,
  ticketQuantity: Schema.Int.pipe(Schema.between(1, 100_000)),
})
export type AddBasketItemRequestJson = typeof AddBasketItemRequest.Encoded

/** A quantity of 0 or less deletes the item (docs/product/states.md). */
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
