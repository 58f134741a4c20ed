import { ImageVariantError, type ImageVariantsShape } from "@howzat/core/ports/image-variants"
import { Effect } from "effect"
import sharp from "sharp"

/**
 * The largest picture decoded, in pixels: a 48-megapixel phone photograph
 * (8064 × 6048) fits; a small file that claims to be 30,000 px square (a
 * decompression bomb) is refused before its pixels take the server's memory.
 */
export const MAX_INPUT_PIXELS = 50_000_000

/**
 * AVIF's encoder is the slow part. Measured on a noisy 3000 × 2000 JPEG,
 * the six AVIF widths took 17 s at effort 4 (sharp's default), 5.9 s at 3
 * and 3.5 s at 2 for files only 10% larger than at 3: effort 2 is what a
 * staff upload and a first request wait for. Qualities are sharp's
 * defaults for photographs (AVIF 50, WebP a little under 80).
 */
const ENCODE = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 78, effort: 4 },
} as const

/**
 * Variants made with sharp (libvips): one libvips thread per picture, so
 * resizing never takes both of a small server's cores; how many pictures
 * are resized at once is the caller's to bound (core's ImageVariantFiles).
 */
export const sharpImageVariants = (maxInputPixels = MAX_INPUT_PIXELS): ImageVariantsShape => {
  sharp.concurrency(1)
  // Memory is the bound that matters on a shared server, not libvips' cache of past operations.
  sharp.cache(false)
  return {
    make: (original, variant) =>
      Effect.tryPromise({
        try: () => {
          const pipeline = sharp(original, {
            limitInputPixels: maxInputPixels,
            // An animated WebP or AVIF: its first frame, as a still.
            pages: 1,
          })
            // Upright as the camera held it; the EXIF that said so is not kept (nor any other metadata).
            .autoOrient()
            .resize({ width: variant.width, withoutEnlargement: true })
          const encoded =
            variant.format === "avif" ? pipeline.avif(ENCODE.avif) : pipeline.webp(ENCODE.webp)
          return encoded.toBuffer({ resolveWithObject: true })
        },
        catch: (cause) => new ImageVariantError({ cause }),
      }).pipe(Effect.map(({ data, info }) => ({ bytes: new Uint8Array(data), width: info.width }))),
  }
}
