import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { CategoryResponse, CompetitionResponse, DrawType, VisibilityStatus } from "./catalogue.js"
import { PageInfo, PagingParams } from "./paging.js"
import { Conflict, NotFound, Unauthorized } from "./problems.js"
import { Authentication, StaffPermission } from "./security.js"
import { BoundedInt, boundedMultilineString, boundedString, DateFromQuery } from "./text.js"

/**
 * What staff send for a competition (decision 0027). The schema checks shape
 * and range; the business rules (a name, dates in order, a per-person
 * maximum within the total, what may change once it is live or drawn) are
 * core's, answered as a validation problem naming the field or a 409.
 * Money is integer pence; the description is rich text, sanitised on save.
 */
const competitionFields = {
  name: boundedString(1000),
  description: boundedMultilineString(200_000),
  ticketPrice: BoundedInt(0),
  totalTickets: BoundedInt(0),
  maxTicketsPerCustomer: BoundedInt(0),
  defaultTicketSaleQuantity: BoundedInt(0),
  cashAlternativeValue: Schema.optionalWith(Schema.NullOr(BoundedInt(0)), {
    default: () => null,
  }),
  startDateTimeUtc: DateFromQuery,
  closeDateTimeUtc: DateFromQuery,
  drawDateTimeUtc: Schema.optionalWith(Schema.NullOr(DateFromQuery), { default: () => null }),
  drawType: DrawType,
  /** Automatic draws only: drawn as soon as every ticket is sold and paid (docs/decisions/0081). */
  drawOnSellOut: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  categoryIds: Schema.optionalWith(
    Schema.Array(Schema.UUID).pipe(
      Schema.maxItems(100, { message: () => "must list at most 100 categories" }),
    ),
    { default: () => [] },
  ),
  attributes: Schema.optionalWith(
    Schema.Array(
      Schema.Struct({ attributeTypeId: Schema.UUID, value: boundedMultilineString(2000) }),
    ).pipe(Schema.maxItems(100, { message: () => "must list at most 100 attributes" })),
    { default: () => [] },
  ),
  /** An image group made in the back office's images (ImageGroups in docs/product/api.md); null for none. */
  imageGroupId: Schema.optionalWith(Schema.NullOr(Schema.UUID), { default: () => null }),
  /** Customers may pick their numbers (docs/decisions/0080); refused with instant wins. */
  pickYourNumbers: Schema.optionalWith(Schema.Boolean, { default: () => false }),
}

/** PUT replaces the whole competition: publish or hide by sending its visibilityStatus. */
export const CompetitionRequest = Schema.Struct({
  ...competitionFields,
  visibilityStatus: VisibilityStatus,
})
export type CompetitionRequestJson = typeof CompetitionRequest.Encoded

/** A new competition is hidden until staff publish it, unless they say otherwise. */
export const NewCompetitionRequest = Schema.Struct({
  ...competitionFields,
  visibilityStatus: Schema.optionalWith(VisibilityStatus, { default: () => "Hidden" as const }),
})
export type NewCompetitionRequestJson = typeof NewCompetitionRequest.Encoded

/** A hidden copy needs its own dates; the name defaults to the original's. */
export const DuplicateCompetitionRequest = Schema.Struct({
  name: Schema.optional(boundedString(1000)),
  startDateTimeUtc: DateFromQuery,
  closeDateTimeUtc: DateFromQuery,
  drawDateTimeUtc: Schema.optionalWith(Schema.NullOr(DateFromQuery), { default: () => null }),
})

/**
 * A sold-out competition's draw brought forward: at least a day from now and
 * earlier than the one published (docs/decisions/0081).
 */
export const BringDrawForwardRequest = Schema.Struct({ drawDateTimeUtc: DateFromQuery })
export type BringDrawForwardRequestJson = typeof BringDrawForwardRequest.Encoded

export const CategoryRequest = Schema.Struct({
  name: boundedString(1000),
  description: Schema.optionalWith(boundedMultilineString(5000), { default: () => "" }),
  visibilityStatus: Schema.optionalWith(VisibilityStatus, { default: () => "Visible" as const }),
})
export type CategoryRequestJson = typeof CategoryRequest.Encoded

export const CategoryCompetitionRequest = Schema.Struct({ competitionId: Schema.UUID })

export const AttributeType = Schema.Struct({ id: Schema.String, description: Schema.String })
export const AttributeTypeRequest = Schema.Struct({ description: boundedString(1000) })
export const AttributeTypeListParams = Schema.Struct({
  Description: Schema.optional(boundedString(255)),
  ...PagingParams,
})
export const AttributeTypeList = Schema.Struct({
  attributeTypes: Schema.Array(AttributeType),
  ...PageInfo,
})
export type AttributeTypeListJson = typeof AttributeTypeList.Encoded
export const AttributeTypeResponse = Schema.Struct({ attributeType: AttributeType })
export type AttributeTypeResponseJson = typeof AttributeTypeResponse.Encoded

const Id = Schema.UUID
const CompetitionPath = Schema.Struct({ competitionId: Id })
const CategoryPath = Schema.Struct({ categoryId: Id })
const AttributeTypePath = Schema.Struct({ attributeTypeId: Id })

/**
 * docs/product/api.md's competition writes, for staff (401 to nobody, 403 to a
 * customer), plus duplicate, and bringing a sold-out competition's draw
 * forward (docs/decisions/0081). 409 when the competition's history forbids
 * the change: sold tickets, live, drawn (docs/decisions/0027), not sold out.
 */
export class CompetitionAdminApi extends HttpApiGroup.make("competitionAdmin")
  .add(
    HttpApiEndpoint.post("create", "/api/Competitions")
      .setPayload(NewCompetitionRequest)
      .addSuccess(CompetitionResponse, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.put("update", "/api/Competitions/:competitionId")
      .setPath(CompetitionPath)
      .setPayload(CompetitionRequest)
      .addSuccess(CompetitionResponse),
  )
  .add(HttpApiEndpoint.del("delete", "/api/Competitions/:competitionId").setPath(CompetitionPath))
  .add(
    HttpApiEndpoint.post("duplicate", "/api/Competitions/:competitionId/duplicate")
      .setPath(CompetitionPath)
      .setPayload(DuplicateCompetitionRequest)
      .addSuccess(CompetitionResponse, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.post("bringDrawForward", "/api/Competitions/:competitionId/bring-draw-forward")
      .setPath(CompetitionPath)
      .setPayload(BringDrawForwardRequest)
      .addSuccess(CompetitionResponse),
  )
  .addError(Unauthorized)
  .addError(NotFound)
  .addError(Conflict)
  .middleware(Authentication)
  .annotate(StaffPermission, "ManageCompetitions") {}

/**
 * The category writes, for staff. Deleting a category unlinks its
 * competitions. A name another category already reads as (whatever the
 * case and the spaces around it) is a 409 that names the other one
 * (docs/decisions/0074).
 */
export class CategoryAdminApi extends HttpApiGroup.make("categoryAdmin")
  .add(
    HttpApiEndpoint.post("create", "/api/Categories")
      .setPayload(CategoryRequest)
      .addSuccess(CategoryResponse, { status: 201 })
      .addError(Conflict),
  )
  .add(
    HttpApiEndpoint.put("update", "/api/Categories/:categoryId")
      .setPath(CategoryPath)
      .setPayload(CategoryRequest)
      .addSuccess(CategoryResponse)
      .addError(Conflict),
  )
  .add(HttpApiEndpoint.del("delete", "/api/Categories/:categoryId").setPath(CategoryPath))
  .add(
    HttpApiEndpoint.post("linkCompetition", "/api/Categories/:categoryId/competitions")
      .setPath(CategoryPath)
      .setPayload(CategoryCompetitionRequest)
      .addSuccess(CategoryResponse),
  )
  .add(
    HttpApiEndpoint.del(
      "unlinkCompetition",
      "/api/Categories/:categoryId/competitions/:competitionId",
    ).setPath(Schema.Struct({ categoryId: Id, competitionId: Id })),
  )
  .addError(Unauthorized)
  .addError(NotFound)
  .middleware(Authentication)
  .annotate(StaffPermission, "ManageCatalogue") {}

/** docs/product/api.md's attribute types, for staff. Deleting one a competition uses is a 409. */
export class AttributeTypesApi extends HttpApiGroup.make("attributeTypes")
  .add(
    HttpApiEndpoint.get("list", "/api/AttributeTypes")
      .setUrlParams(AttributeTypeListParams)
      .addSuccess(AttributeTypeList),
  )
  .add(
    HttpApiEndpoint.post("create", "/api/AttributeTypes")
      .setPayload(AttributeTypeRequest)
      .addSuccess(AttributeTypeResponse, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/AttributeTypes/:attributeTypeId")
      .setPath(AttributeTypePath)
      .addSuccess(AttributeTypeResponse),
  )
  .add(
    HttpApiEndpoint.put("update", "/api/AttributeTypes/:attributeTypeId")
      .setPath(AttributeTypePath)
      .setPayload(AttributeTypeRequest)
      .addSuccess(AttributeTypeResponse),
  )
  .add(
    HttpApiEndpoint.del("delete", "/api/AttributeTypes/:attributeTypeId").setPath(
      AttributeTypePath,
    ),
  )
  .addError(Unauthorized)
  .addError(NotFound)
  .addError(Conflict)
  .middleware(Authentication)
  .annotate(StaffPermission, "ManageCatalogue") {}
