import { Context, Data, type Effect } from "effect"
import type { Variant } from "../rules/image-variants.js"
import type { ImageKind } from "../rules/images.js"

/**
 * The original's bytes could not be made into a variant: not a picture the
 * resizer can decode (a file that only starts like a PNG), or larger than
 * it agrees to decode. Deterministic for the same bytes: a retry gives the same.
 */
export class ImageVariantError extends Data.TaggedError("ImageVariantError")<{
  readonly cause: unknown
}> {}

/**
 * An upload the decoder cannot read as a picture: bytes that only start
 * like one (a damaged or truncated file), or more pixels than it agrees to
 * decode (a long animation). Deterministic for the same bytes.
 */
export class ImageUnreadable extends Data.TaggedError("ImageUnreadable")<{
  readonly cause: unknown
}> {}

export interface MadeVariant {
  readonly bytes: Uint8Array
  /** Less than asked when the original is narrower. */
  readonly width: number
}

/** Pictures re-encoded from an upload (docs/decisions/0049 and 0066). */
export interface ImageVariantsShape {
  /**
   * The upload as the shop keeps it, in place of the upload itself: the
   * same kind of picture (`kind`, as sniffed) at the same size, turned
   * upright as its EXIF orientation says, re-encoded with no metadata: no
   * EXIF (camera, time, GPS position), XMP, IPTC or comments. Only its
   * colour profile is kept, so its colours do not change. An animated GIF
   * or WebP keeps its frames.
   */
  readonly clean: (
    upload: Uint8Array,
    kind: ImageKind,
  ) => Effect.Effect<Uint8Array, ImageUnreadable>
  /**
   * A smaller copy of a photograph: at the variant's width or the original's
   * own, whichever is smaller (never enlarged), turned upright as its EXIF
   * orientation says, with no metadata kept, in the variant's format.
   */
  readonly make: (
    original: Uint8Array,
    variant: Variant,
  ) => Effect.Effect<MadeVariant, ImageVariantError>
}
export class ImageVariants extends Context.Tag("@howzat/core/ImageVariants")<
  ImageVariants,
  ImageVariantsShape
>() {}
