import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, Multipart } from "@effect/platform"
import { Option, Schema } from "effect"
import { PageInfo, PagingParams } from "./paging.js"
import { Conflict, NotFound, ServiceUnavailable } from "./problems.js"
import { Authentication, StaffPermission } from "./security.js"
import { BoundedInt, boundedString } from "./text.js"

/** An image as staff see it: where it is served, and what the library knows of it. */
export const StaffImage = Schema.Struct({
  id: Schema.String,
  url: Schema.String,
  description: Schema.String,
  sortOrder: Schema.Int,
  imageGroupId: Schema.NullOr(Schema.String),
  directory: Schema.String,
  /** Null for an image known only by its address (the demo seed's). */
  contentType: Schema.NullOr(Schema.String),
  byteSize: Schema.NullOr(Schema.Int),
  createdAt: Schema.NullOr(Schema.Date),
})

export const StaffImageGroup = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  /** In display order. */
  images: Schema.Array(StaffImage),
})

export const ImageListParams = Schema.Struct({
  Description: Schema.optional(boundedString(200)),
  ...PagingParams,
})

export const ImageGroupListParams = Schema.Struct({
  Name: Schema.optional(boundedString(200)),
  ...PagingParams,
})

export const ImageList = Schema.Struct({ images: Schema.Array(StaffImage), ...PageInfo })
export const ImageResponse = Schema.Struct({ image: StaffImage })
export const UploadedImages = Schema.Struct({ images: Schema.Array(StaffImage) })
export const ImageGroupList = Schema.Struct({
  imageGroups: Schema.Array(StaffImageGroup),
  ...PageInfo,
})
export const ImageGroupResponse = Schema.Struct({ imageGroup: StaffImageGroup })

/**
 * docs/product/api.md's `?directory`: where in the library the upload is filed, e.g.
 * "competitions" or "winners/2026". Checked by core (lower-case names).
 */
export const UploadParams = Schema.Struct({ directory: Schema.optional(boundedString(200)) })

/**
 * The upload's form: one or more `files` parts (any part with a file name
 * counts as a file) and an optional `description` for all of them. Each
 * file is judged by its bytes (JPEG, PNG, WebP, GIF or AVIF), its size and
 * whether it can be decoded; one bad file refuses the whole upload, naming
 * the file, and nothing is stored. What is stored is each picture turned
 * upright and re-encoded without its metadata (EXIF and its GPS position,
 * XMP, IPTC, comments; docs/decisions/0066), never the bytes sent. The
 * parts are read as a stream, so a file over the limit is refused once the
 * limit is passed, not after the whole of it is read.
 */
export const ImageUploadForm = HttpApiSchema.MultipartStream(
  Schema.Struct({
    files: Multipart.FilesSchema,
    description: Schema.optional(Schema.String),
  }),
  // Ten files and a description, with room to spare; a flood of parts or a huge field is not a form.
  { maxParts: Option.some(20), maxFieldSize: 8 * 1024 },
)

export const ImageUpdateRequest = Schema.Struct({
  description: boundedString(1000),
  sortOrder: BoundedInt(0),
})

/** On PUT, `imageIds` left out keeps the group's images; on POST it means none. */
export const ImageGroupRequest = Schema.Struct({
  name: boundedString(1000),
  description: Schema.optionalWith(boundedString(5000), { default: () => "" }),
  imageIds: Schema.optional(
    Schema.Array(Schema.UUID).pipe(
      Schema.maxItems(100, { message: () => "must list at most 100 images" }),
    ),
  ),
})

const ImagePath = Schema.Struct({ imageId: Schema.UUID })
const ImageGroupPath = Schema.Struct({ imageGroupId: Schema.UUID })

/**
 * docs/product/api.md's Images, for staff (401 to nobody, 403 to a customer). Deleting
 * an image, or a group, is refused (409) while a competition or an
 * instant-win group shows it (docs/decisions/0028). Uploaded files are
 * served at /files/{key}: the key is the SHA-256 of the stored bytes, so
 * they are cached for a year.
 */
export class ImagesApi extends HttpApiGroup.make("images")
  .add(
    HttpApiEndpoint.get("list", "/api/Images").setUrlParams(ImageListParams).addSuccess(ImageList),
  )
  .add(
    HttpApiEndpoint.post("upload", "/api/Images")
      .setUrlParams(UploadParams)
      .setPayload(ImageUploadForm)
      .addSuccess(UploadedImages, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/Images/:imageId")
      .setPath(ImagePath)
      .addSuccess(ImageResponse),
  )
  .add(
    HttpApiEndpoint.put("update", "/api/Images/:imageId")
      .setPath(ImagePath)
      .setPayload(ImageUpdateRequest)
      .addSuccess(ImageResponse),
  )
  .add(HttpApiEndpoint.del("delete", "/api/Images/:imageId").setPath(ImagePath))
  // Any call may meet a missing image or group, one in use, or a store that is down.
  .addError(NotFound)
  .addError(Conflict)
  .addError(ServiceUnavailable)
  .middleware(Authentication)
  .annotate(StaffPermission, "ManageImages") {}

export class ImageGroupsApi extends HttpApiGroup.make("imageGroups")
  .add(
    HttpApiEndpoint.get("list", "/api/ImageGroups")
      .setUrlParams(ImageGroupListParams)
      .addSuccess(ImageGroupList),
  )
  .add(
    HttpApiEndpoint.post("create", "/api/ImageGroups")
      .setPayload(ImageGroupRequest)
      .addSuccess(ImageGroupResponse, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/ImageGroups/:imageGroupId")
      .setPath(ImageGroupPath)
      .addSuccess(ImageGroupResponse),
  )
  .add(
    HttpApiEndpoint.put("update", "/api/ImageGroups/:imageGroupId")
      .setPath(ImageGroupPath)
      .setPayload(ImageGroupRequest)
      .addSuccess(ImageGroupResponse),
  )
  .add(HttpApiEndpoint.del("delete", "/api/ImageGroups/:imageGroupId").setPath(ImageGroupPath))
  // Any call may meet a missing image or group, one in use, or a store that is down.
  .addError(NotFound)
  .addError(Conflict)
  .addError(ServiceUnavailable)
  .middleware(Authentication)
  .annotate(StaffPermission, "ManageImages") {}
