import { Context, Data, type Effect } from "effect"
import type { Variant } from "../rules/image-variants.js"

/**
 * The original's bytes could not be made into a variant: not a picture the
 * resizer can decode (a file that only starts like a PNG), or larger than
 * it agrees to decode. Deterministic for the same bytes: a retry gives the same.
 */
export class ImageVariantError extends Data.TaggedError("ImageVariantError")<{
  readonly cause: unknown
}> {}

export interface MadeVariant {
  readonly bytes: Uint8Array
  /** Less than asked when the original is narrower. */
  readonly width: number
}

/**
 * Makes a smaller copy of a photograph (issue 13 §3, decision 0049): at the
 * variant's width or the original's own, whichever is smaller (never
 * enlarged), turned upright as its EXIF orientation says, with no metadata
 * kept (no camera, no GPS position), in the variant's format.
 */
export interface ImageVariantsShape {
  readonly make: (
    original: Uint8Array,
    variant: Variant,
  ) => Effect.Effect<MadeVariant, ImageVariantError>
}
export class ImageVariants extends Context.Tag("@howzat/core/ImageVariants")<
  ImageVariants,
  ImageVariantsShape
>() {}
