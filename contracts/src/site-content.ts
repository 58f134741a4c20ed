import { Schema } from "effect"

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
