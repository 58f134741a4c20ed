/**
 * Smaller copies of an uploaded photograph in modern formats (decision 0049,
 * decision 0049). Each is named from its original's key by a fixed rule,
 * so the storefront can write a `srcset` from an image's URL alone and the
 * server can tell from a variant's key which original to make it from.
 * Pure and Effect-free: the storefront bundles it.
 */

/** The widths made, in CSS pixels of a 1x screen up to a 1920-px wide 1x desktop banner. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1600, 1920] as const
export type VariantWidth = (typeof VARIANT_WIDTHS)[number]

/** Best first: a `<picture>` lists its sources in this order. */
export const VARIANT_FORMATS = ["avif", "webp"] as const
export type VariantFormat = (typeof VARIANT_FORMATS)[number]

export const VARIANT_CONTENT_TYPES: Readonly<Record<VariantFormat, string>> = {
  avif: "image/avif",
  webp: "image/webp",
}

export interface Variant {
  readonly width: VariantWidth
  readonly format: VariantFormat
}

/**
 * Originals worth variants: photographs a browser decodes as one still
 * picture. Not GIF (often animated, and a still copy would lose that),
 * not SVG (vector: already small and sharp at any width).
 */
const ORIGINAL = /^images\/[0-9a-f]{64}\.(?:jpg|png|webp|avif)$/
const VARIANT = /^(images\/[0-9a-f]{64}\.(?:jpg|png|webp|avif))\.w(\d{1,4})\.(avif|webp)$/

export const hasVariants = (originalKey: string) => ORIGINAL.test(originalKey)

const isWidth = (width: number): width is VariantWidth =>
  (VARIANT_WIDTHS as readonly number[]).includes(width)

/**
 * `images/<sha>.png` at 640 px in AVIF is `images/<sha>.png.w640.avif`:
 * the original's extension stays in the name, so the original is found
 * without trying every kind. Null for an original that gets no variants.
 */
export const variantKey = (originalKey: string, variant: Variant): string | null =>
  hasVariants(originalKey) && isWidth(variant.width)
    ? `${originalKey}.w${variant.width}.${variant.format}`
    : null

/** The original and variant a key names, or null when it is not exactly a variant's key. */
export const parseVariantKey = (
  key: string,
): { readonly originalKey: string; readonly variant: Variant } | null => {
  const match = VARIANT.exec(key)
  if (match === null) return null
  const [, originalKey, widthText, format] = match
  const width = Number(widthText)
  if (originalKey === undefined || !isWidth(width) || `${width}` !== widthText) return null
  return { originalKey, variant: { width, format: format as VariantFormat } }
}

/** Every variant key of an original: what its upload makes and its deletion removes. */
export const variantKeys = (originalKey: string): string[] =>
  VARIANT_FORMATS.flatMap((format) =>
    VARIANT_WIDTHS.flatMap((width) => variantKey(originalKey, { width, format }) ?? []),
  )

/** Where the server serves stored files: the storefront's images start with it. */
const FILES_PREFIX = "/files/"

export interface PictureSource {
  readonly type: string
  readonly srcSet: string
}

/**
 * The `<source>`s of a picture for an image's URL: AVIF then WebP, each at
 * every width of the ladder. A variant is never wider than its original
 * (the server does not enlarge), so a `w1920` of a 1200-px photograph is
 * 1200 px wide: the browser may pick it for a wide slot and shows it at the
 * slot's size, as it would the original. Empty for anything that is not an
 * uploaded photograph on this site (the demo SVGs, another site's URL): those
 * are shown exactly as before.
 */
export const pictureSources = (url: string | undefined): PictureSource[] => {
  if (url === undefined || !url.startsWith(FILES_PREFIX)) return []
  const originalKey = url.slice(FILES_PREFIX.length)
  if (!hasVariants(originalKey)) return []
  return VARIANT_FORMATS.map((format) => ({
    type: VARIANT_CONTENT_TYPES[format],
    srcSet: VARIANT_WIDTHS.map(
      (width) => `${FILES_PREFIX}${originalKey}.w${width}.${format} ${width}w`,
    ).join(", "),
  }))
}
