import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { PageInfo, PagingParams } from "./paging.js"
import { BadRequest, Conflict, NotFound, Unauthorized } from "./problems.js"
import { OptionalAuthentication } from "./security.js"
import { BoundedInt, BoundedIntFromString, MAX_DATABASE_INT } from "./text.js"

/**
 * Pick your numbers (docs/decisions/0080). Money is not involved: a pick
 * only holds numbers for a basket, and its item's quantity counts them.
 */

/** Most numbers one request may name, as core's rules/picked-numbers says. */
const MAX_NUMBERS = 100

export const FreeNumbersParams = Schema.Struct({
  /** The first number to list (a customer jumping to a number); 1 when absent. */
  From: Schema.optionalWith(BoundedIntFromString(1, MAX_DATABASE_INT), { default: () => 1 }),
  ...PagingParams,
})
export type FreeNumbersParamsJson = typeof FreeNumbersParams.Encoded

export const FreeNumbers = Schema.Struct({
  /** Numbers neither sold nor held by a basket, ascending, from `From` on. */
  numbers: Schema.Array(Schema.Int),
  /** How long a pick holds its number. */
  holdMinutes: Schema.Int,
  ...PageInfo,
})
export type FreeNumbersJson = typeof FreeNumbers.Encoded

export const BasketPicks = Schema.Struct({
  competitionId: Schema.String,
  /** Every number the basket picked in the competition, ascending. */
  numbers: Schema.Array(Schema.Int),
  /** When the first of its live holds ends; null when none is live. */
  heldUntil: Schema.NullOr(Schema.Date),
  /** Picked numbers whose hold ran out: someone else may take them. */
  expired: Schema.Array(Schema.Int),
})
export type BasketPicksJson = typeof BasketPicks.Encoded

export const BasketPicksList = Schema.Struct({ picks: Schema.Array(BasketPicks) })
export type BasketPicksListJson = typeof BasketPicksList.Encoded

export const BasketPicksResponse = Schema.Struct({ picks: BasketPicks })
export type BasketPicksResponseJson = typeof BasketPicksResponse.Encoded

const Numbers = Schema.Array(BoundedInt(-MAX_DATABASE_INT, MAX_DATABASE_INT)).pipe(
  Schema.maxItems(MAX_NUMBERS),
)

export const HoldNumbersRequest = Schema.Struct({
  competitionId: Schema.UUID,
  numbers: Numbers,
})
export type HoldNumbersRequestJson = typeof HoldNumbersRequest.Encoded

export const ReleaseNumbersRequest = Schema.Struct({
  competitionId: Schema.UUID,
  /** Absent: every number the basket picked in the competition. */
  numbers: Schema.optional(Numbers),
})
export type ReleaseNumbersRequestJson = typeof ReleaseNumbersRequest.Encoded

const BasketPath = Schema.Struct({ basketId: Schema.UUID })

/**
 * Public and customers': the free numbers of a pick-your-numbers
 * competition, and a basket's holds. Holding and letting go need a
 * signed-in customer (401 otherwise); who may use a basket is core's rule.
 */
export class PickedNumbersApi extends HttpApiGroup.make("pickedNumbers")
  .add(
    HttpApiEndpoint.get("freeNumbers", "/api/Competitions/:competitionId/FreeNumbers")
      .setPath(Schema.Struct({ competitionId: Schema.UUID }))
      .setUrlParams(FreeNumbersParams)
      .addSuccess(FreeNumbers),
  )
  .add(
    HttpApiEndpoint.get("basketPicks", "/api/Baskets/:basketId/PickedNumbers")
      .setPath(BasketPath)
      .addSuccess(BasketPicksList),
  )
  .add(
    HttpApiEndpoint.post("hold", "/api/Baskets/:basketId/PickedNumbers")
      .setPath(BasketPath)
      .setPayload(HoldNumbersRequest)
      .addSuccess(BasketPicksResponse),
  )
  .add(
    HttpApiEndpoint.post("release", "/api/Baskets/:basketId/PickedNumbers/Release")
      .setPath(BasketPath)
      .setPayload(ReleaseNumbersRequest)
      .addSuccess(BasketPicksResponse),
  )
  .addError(BadRequest)
  .addError(Unauthorized)
  .addError(NotFound)
  .addError(Conflict)
  .middleware(OptionalAuthentication) {}
