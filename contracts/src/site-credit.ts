import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { BasketResponse } from "./baskets.js"
import { OrderResponse } from "./orders.js"
import { BadRequest, Conflict, NotFound } from "./problems.js"
import { Authentication } from "./security.js"

const Id = Schema.UUID

/**
 * Buying site credit (docs/product/validation.md, docs/decisions/0038). Money in integer
 * pence; the amount rules (£1.00 to £1,000) are core's, so an out-of-range
 * amount is a validation problem from core, not a decoding error.
 */
export const SiteCreditOrderRequest = Schema.Struct({
  amount: Schema.Int.pipe(Schema.between(-1_000_000_000, 1_000_000_000)),
})
export type SiteCreditOrderRequestJson = typeof SiteCreditOrderRequest.Encoded

/** docs/product/api.md's add-site-credit body (deferred purchase only). */
export const AddSiteCreditItemRequest = Schema.Struct({
  creditAmount: Schema.Int.pipe(Schema.between(-1_000_000_000, 1_000_000_000)),
})
export type AddSiteCreditItemRequestJson = typeof AddSiteCreditItemRequest.Encoded

export class SiteCreditApi extends HttpApiGroup.make("siteCredit")
  .add(
    /** docs/product/api.md names the storefront operation "create site credit order"; the path is ours (0038). */
    HttpApiEndpoint.post("createOrder", "/api/Customers/:customerId/site-credit-orders")
      .setPath(Schema.Struct({ customerId: Id }))
      .setPayload(SiteCreditOrderRequest)
      .addSuccess(OrderResponse, { status: 201 })
      .addError(BadRequest)
      .addError(NotFound)
      .addError(Conflict),
  )
  .add(
    /** Refused with 409 while the brand buys credit straight away (deferred purchase off). */
    HttpApiEndpoint.post("addToBasket", "/api/Baskets/:basketId/items/sitecredit")
      .setPath(Schema.Struct({ basketId: Id }))
      .setPayload(AddSiteCreditItemRequest)
      .addSuccess(BasketResponse)
      .addError(BadRequest)
      .addError(NotFound)
      .addError(Conflict),
  )
  .middleware(Authentication) {}
