import { ImageUnreadable, ImageVariantError, type ImageVariantsShape } from "@howzat/core/ports"
import type { ImageKind } from "@howzat/core/rules"
import { Effect } from "effect"
import sharp from "sharp"

/**
 * The largest picture decoded, in pixels: a 48-megapixel phone photograph
 * (8064 × 6048) fits; a small file that claims to be 30,000 px square (a
 * decompression bomb) is refused before its pixels take the server's memory.
 * For an animation it counts every frame.
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
 * The kept original is re-encoded once, from the upload, and every variant
 * is made from it: a high quality, so the one extra generation of loss is
 * not seen. mozjpeg off: on a 12-megapixel photograph, turned upright, it
 * took 1.2 s instead of 0.2 s for 7% fewer bytes. PNG, lossless WebP and
 * GIF lose nothing (a palette PNG is written with its own colours, undithered).
 */
const KEEP = {
  jpeg: { quality: 90, mozjpeg: false },
  webp: { quality: 90, effort: 4 },
  avif: { quality: 75, effort: 2 },
} as const

const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4))
const u32le = (b: Uint8Array, at: number) =>
  ((b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16) | ((b[at + 3] ?? 0) << 24)) >>>
  0

/**
 * Whether a WebP's pixels are all lossless (VP8L), a still or every frame
 * of an animation: re-encoded lossy, a screenshot or a logo would blur.
 * libvips does not say, so the RIFF chunks are read: `VP8 ` is lossy,
 * `VP8L` lossless, and an `ANMF` frame holds its own after a 16-byte header.
 */
export const isLosslessWebp = (bytes: Uint8Array): boolean => {
  let lossless = false
  const chunks = (from: number, to: number): boolean => {
    for (let at = from; at + 8 <= to; ) {
      const id = fourcc(bytes, at)
      const size = u32le(bytes, at + 4)
      if (id === "VP8 ") return false
      if (id === "VP8L") lossless = true
      if (id === "ANMF" && !chunks(at + 8 + 16, Math.min(at + 8 + size, to))) return false
      // Chunks are padded to an even length.
      at += 8 + size + (size % 2)
    }
    return true
  }
  return chunks(12, bytes.length) && lossless
}

/** Only GIF and WebP are written back with their frames; an animated AVIF keeps its first. */
const ANIMATED: Readonly<Record<ImageKind, boolean>> = {
  gif: true,
  webp: true,
  jpeg: false,
  png: false,
  avif: false,
}

const cleaned = async (upload: Uint8Array, kind: ImageKind, maxInputPixels: number) => {
  const input = sharp(upload, {
    limitInputPixels: maxInputPixels,
    ...(ANIMATED[kind] ? { animated: true } : { pages: 1 }),
  })
  const about = await input.metadata()
  // libvips turns a many-frame picture by 180° only; an animation is rarely a
  // camera's, so its frames stay as they were stored.
  const upright = (about.pages ?? 1) > 1 ? input : input.autoOrient()
  // Metadata goes unless asked for: only the colour profile is, so the pixels are
  // not converted to sRGB and a Display P3 photograph keeps its colours.
  const kept = upright.keepIccProfile()
  switch (kind) {
    case "jpeg":
      return kept
        .jpeg({
          ...KEEP.jpeg,
          chromaSubsampling: about.chromaSubsampling === "4:4:4" ? "4:4:4" : "4:2:0",
        })
        .toBuffer()
    case "png": {
      if (about.isPalette)
        return kept
          .png({ palette: true, quality: 100, dither: 0, colours: 2 ** (about.bitsPerSample ?? 8) })
          .toBuffer()
      // 16 bits a channel stay 16; sharp would otherwise write 8.
      const deep = about.depth === "ushort" ? kept.toColourspace(about.space) : kept
      return deep.png().toBuffer()
    }
    case "webp":
      return kept.webp(isLosslessWebp(upload) ? { lossless: true } : KEEP.webp).toBuffer()
    case "gif":
      // Its own palette is reused: the colours are the ones uploaded.
      return kept.gif().toBuffer()
    case "avif":
      return kept.avif(KEEP.avif).toBuffer()
  }
}

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
    clean: (upload, kind) =>
      Effect.tryPromise({
        try: () => cleaned(upload, kind, maxInputPixels),
        catch: (cause) => new ImageUnreadable({ cause }),
      }).pipe(Effect.map((data) => new Uint8Array(data))),
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
