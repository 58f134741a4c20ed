import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import {
  AddBasketItemRequest,
  BasketResponse,
  CreateBasketParams,
  RegisterPromotionRequest,
  RegisterPromotionResponse,
  SetBasketItemRequest,
  UpdateBasketRequest,
} from "./baskets.js"
import { CheckoutRequest, CheckoutResponse } from "./orders.js"
import { Conflict, NotFound } from "./problems.js"
import { Authentication, OptionalAuthentication } from "./security.js"
import { boundedString } from "./text.js"

const BasketPath = Schema.Struct({ basketId: Schema.UUID })

/**
 * docs/product/api.md's baskets. Anyone holding the basket's id may use it (the id is a
 * random uuid); a signed-in customer's basket is priced with their purchases
 * and site credit. Every change answers with the whole basket, repriced.
 * Changing a quantity is PUT .../items/{itemId} (docs/product/api.md leaves the path
 * open; docs/decisions/0007).
 */
export class BasketsApi extends HttpApiGroup.make("baskets")
  .add(
    HttpApiEndpoint.post("create", "/api/Baskets")
      .setUrlParams(CreateBasketParams)
      .addSuccess(BasketResponse, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/Baskets/:basketId")
      .setPath(BasketPath)
      .addSuccess(BasketResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.put("update", "/api/Baskets/:basketId")
      .setPath(BasketPath)
      .setPayload(UpdateBasketRequest)
      .addSuccess(BasketResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post("addItem", "/api/Baskets/:basketId/items")
      .setPath(BasketPath)
      .setPayload(AddBasketItemRequest)
      .addSuccess(BasketResponse)
      .addError(NotFound)
      .addError(Conflict),
  )
  .add(
    HttpApiEndpoint.del("clearItems", "/api/Baskets/:basketId/items")
      .setPath(BasketPath)
      .addSuccess(BasketResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.put("setItem", "/api/Baskets/:basketId/items/:itemId")
      .setPath(Schema.Struct({ basketId: Schema.UUID, itemId: Schema.UUID }))
      .setPayload(SetBasketItemRequest)
      .addSuccess(BasketResponse)
      .addError(NotFound)
      .addError(Conflict),
  )
  .add(
    HttpApiEndpoint.del("removeItem", "/api/Baskets/:basketId/items/:itemId")
      .setPath(Schema.Struct({ basketId: Schema.UUID, itemId: Schema.UUID }))
      .addSuccess(BasketResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post("registerPromotion", "/api/Baskets/:basketId/promotions")
      .setPath(BasketPath)
      .setPayload(RegisterPromotionRequest)
      .addSuccess(RegisterPromotionResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.del("clearPromotions", "/api/Baskets/:basketId/promotions")
      .setPath(BasketPath)
      .addSuccess(BasketResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.del("removePromotion", "/api/Baskets/:basketId/promotions/:promotionCode")
      .setPath(Schema.Struct({ basketId: Schema.UUID, promotionCode: boundedString(100) }))
      .addSuccess(BasketResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post("checkout", "/api/Baskets/:basketId/checkout")
      .setPath(BasketPath)
      .setPayload(CheckoutRequest)
      .addSuccess(CheckoutResponse)
      .addError(NotFound)
      .addError(Conflict)
      .middleware(Authentication),
  )
  // Any change may meet a closed competition, a limit or a basket that is gone.
  .addError(NotFound)
  .addError(Conflict)
  .middleware(OptionalAuthentication) {}
