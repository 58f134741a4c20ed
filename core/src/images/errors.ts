import { Data } from "effect"
import type { ImageGroupUsers } from "../ports/images.js"

export class ImageNotFound extends Data.TaggedError("ImageNotFound")<{
  readonly imageId: string
}> {}

export class ImageGroupNotFound extends Data.TaggedError("ImageGroupNotFound")<{
  readonly imageGroupId: string
}> {}

/** An upload with a file that is not an image of the shop: one sentence per file, naming it. */
export class ImagesRefused extends Data.TaggedError("ImagesRefused")<{
  readonly messages: readonly string[]
}> {}

/** Field (as on the wire) to message; the edge answers with the validation problem. */
export class ImageInvalid extends Data.TaggedError("ImageInvalid")<{
  readonly errors: Readonly<Record<string, string>>
}> {}

/**
 * A competition or instant-win group shows the group: deleting it, or an
 * image of it, would take pictures off a page customers buy from.
 */
export class ImageGroupInUse extends Data.TaggedError("ImageGroupInUse")<{
  readonly imageGroupId: string
  readonly users: ImageGroupUsers
}> {}
