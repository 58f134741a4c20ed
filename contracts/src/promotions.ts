import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { PageInfo, PagingParams } from "./paging.js"
import { Conflict, Forbidden, NotFound } from "./problems.js"
import { Authentication, StaffPermission } from "./security.js"
import { boundedString } from "./text.js"

/**
 * A voucher as staff edit it (an extension to docs/product/api.md for the back office):
 * money in integer pence, dates as ISO 8601 text. Core's
 * rules/promotion-form judges the values and names each bad field.
 */
export const PromotionRequest = Schema.Struct({
  code: boundedString(64),
  description: Schema.optionalWith(boundedString(500), { default: () => "" }),
  discountKind: Schema.Literal("Percentage", "Fixed"),
  percent: Schema.optionalWith(Schema.NullOr(Schema.Number), { default: () => null }),
  amount: Schema.optionalWith(Schema.NullOr(Schema.Number), { default: () => null }),
  competitionId: Schema.optionalWith(Schema.NullOr(Schema.UUID), { default: () => null }),
  validFrom: Schema.optionalWith(Schema.NullOr(Schema.Date), { default: () => null }),
  validTo: Schema.optionalWith(Schema.NullOr(Schema.Date), { default: () => null }),
  usageLimit: Schema.optionalWith(Schema.NullOr(Schema.Number), { default: () => null }),
  perCustomerLimit: Schema.optionalWith(Schema.NullOr(Schema.Number), { default: () => null }),
  minimumSpend: Schema.optionalWith(Schema.NullOr(Schema.Number), { default: () => null }),
  freeEntry: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  clubId: Schema.optionalWith(Schema.NullOr(Schema.UUID), { default: () => null }),
})
export type PromotionRequestJson = typeof PromotionRequest.Encoded

export const Promotion = Schema.Struct({
  id: Schema.String,
  code: Schema.String,
  description: Schema.String,
  discountKind: Schema.Literal("Percentage", "Fixed"),
  percent: Schema.NullOr(Schema.Int),
  amount: Schema.NullOr(Schema.Int),
  competitionId: Schema.NullOr(Schema.String),
  validFrom: Schema.NullOr(Schema.Date),
  validTo: Schema.NullOr(Schema.Date),
  usageLimit: Schema.NullOr(Schema.Int),
  usageCount: Schema.Int,
  perCustomerLimit: Schema.NullOr(Schema.Int),
  minimumSpend: Schema.NullOr(Schema.Int),
  freeEntry: Schema.Boolean,
  clubId: Schema.NullOr(Schema.String),
  createdAt: Schema.Date,
})
export type PromotionJson = typeof Promotion.Encoded

export const PromotionListParams = Schema.Struct({
  Code: Schema.optional(boundedString(64)),
  ...PagingParams,
})
export const PromotionList = Schema.Struct({ promotions: Schema.Array(Promotion), ...PageInfo })
export type PromotionListJson = typeof PromotionList.Encoded
export const PromotionResponse = Schema.Struct({ promotion: Promotion })
export type PromotionResponseJson = typeof PromotionResponse.Encoded

/** Vouchers for staff (ManagePromotions): an extension to docs/product/api.md for the back office. */
export class PromotionsApi extends HttpApiGroup.make("promotions")
  .add(
    HttpApiEndpoint.get("list", "/api/Promotions")
      .setUrlParams(PromotionListParams)
      .addSuccess(PromotionList),
  )
  .add(
    HttpApiEndpoint.post("create", "/api/Promotions")
      .setPayload(PromotionRequest)
      .addSuccess(PromotionResponse, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/Promotions/:promotionId")
      .setPath(Schema.Struct({ promotionId: Schema.UUID }))
      .addSuccess(PromotionResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.put("update", "/api/Promotions/:promotionId")
      .setPath(Schema.Struct({ promotionId: Schema.UUID }))
      .setPayload(PromotionRequest)
      .addSuccess(PromotionResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.del("remove", "/api/Promotions/:promotionId")
      .setPath(Schema.Struct({ promotionId: Schema.UUID }))
      .addSuccess(Schema.Void, { status: 204 })
      .addError(NotFound)
      .addError(Conflict),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(StaffPermission, "ManagePromotions") {}
