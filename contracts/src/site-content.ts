import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { ResourceKey, ResourceResponse } from "./catalogue.js"
import { Forbidden, NotFound } from "./problems.js"
import { Authentication, StaffPermission } from "./security.js"

/** One piece of site content staff can edit, with what it is for. */
export const EditableResource = Schema.Struct({
  key: Schema.String,
  kind: Schema.Literal("Html", "Styles"),
  description: Schema.String,
  /** Null until the shop has one. */
  value: Schema.NullOr(Schema.String),
})
export type EditableResourceJson = typeof EditableResource.Encoded

export const EditableResourceList = Schema.Struct({ resources: Schema.Array(EditableResource) })
export type EditableResourceListJson = typeof EditableResourceList.Encoded

/** PUT /api/Resources/{key}: the new value (HTML is sanitised before it is stored). */
export const UpdateResourceRequest = Schema.Struct({
  value: Schema.String.pipe(Schema.maxLength(200_000)),
})

export const EditableResourceResponse = Schema.Struct({ resource: EditableResource })
export type EditableResourceResponseJson = typeof EditableResourceResponse.Encoded

/** A piece of site content by key, as the storefront reads it: public. */
export class ResourcesApi extends HttpApiGroup.make("resources").add(
  HttpApiEndpoint.get("byKey", "/api/Resources/:key")
    .setPath(Schema.Struct({ key: ResourceKey }))
    .addSuccess(ResourceResponse)
    .addError(NotFound),
) {}

/**
 * Staff editing the site's content: the Resources the storefront reads by
 * key (GET /api/Resources/{key} stays public), listed with what each is for.
 */
export class SiteContentApi extends HttpApiGroup.make("siteContent")
  .add(HttpApiEndpoint.get("list", "/api/SiteContent").addSuccess(EditableResourceList))
  .add(
    HttpApiEndpoint.put("update", "/api/Resources/:key")
      .setPath(Schema.Struct({ key: ResourceKey }))
      .setPayload(UpdateResourceRequest)
      .addSuccess(EditableResourceResponse)
      .addError(NotFound),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(StaffPermission, "ManageContent") {}
