import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  hasVariants,
  parseVariantKey,
  pictureSources,
  VARIANT_FORMATS,
  VARIANT_WIDTHS,
  variantKey,
  variantKeys,
} from "./image-variants.js"
import { isFileKey } from "./images.js"

const sha = fc.stringMatching(/^[0-9a-f]{64}$/)
const raster = fc.constantFrom("jpg", "png", "webp", "avif")
const originalKey = fc.tuple(sha, raster).map(([s, ext]) => `images/${s}.${ext}`)
const variant = fc.record({
  width: fc.constantFrom(...VARIANT_WIDTHS),
  format: fc.constantFrom(...VARIANT_FORMATS),
})

describe("variants of an uploaded photograph", () => {
  it("names each variant so that its key gives back the original and the variant", () => {
    fc.assert(
      fc.property(originalKey, variant, (original, v) => {
        const key = variantKey(original, v)
        expect(key).not.toBeNull()
        expect(isFileKey(key ?? "")).toBe(true)
        expect(parseVariantKey(key ?? "")).toEqual({ originalKey: original, variant: v })
      }),
    )
  })

  it("gives GIFs, SVGs and keys outside images/ no variants", () => {
    fc.assert(
      fc.property(sha, variant, (s, v) => {
        for (const original of [`images/${s}.gif`, `images/${s}.svg`, `other/${s}.png`]) {
          expect(hasVariants(original)).toBe(false)
          expect(variantKey(original, v)).toBeNull()
          expect(variantKeys(original)).toEqual([])
        }
      }),
    )
  })

  it("reads only ladder widths and the two formats; anything else is not a variant", () => {
    fc.assert(
      fc.property(originalKey, fc.integer({ min: 0, max: 99_999 }), (original, width) => {
        const parsed = parseVariantKey(`${original}.w${width}.avif`)
        if ((VARIANT_WIDTHS as readonly number[]).includes(width))
          expect(parsed?.variant.width).toBe(width)
        else expect(parsed).toBeNull()
      }),
    )
    const original = `images/${"a".repeat(64)}.png`
    for (const key of [
      `${original}.w0640.avif`,
      `${original}.w640.jpg`,
      `${original}.w640.AVIF`,
      `${original}.w640.avif.png`,
      `${original}.w640`,
      `images/${"a".repeat(64)}.gif.w640.avif`,
      `images/../${"a".repeat(64)}.png.w640.avif`,
      `x/images/${"a".repeat(64)}.png.w640.avif`,
    ])
      expect(parseVariantKey(key)).toBeNull()
  })

  it("lists every ladder width in both formats for an original", () => {
    fc.assert(
      fc.property(originalKey, (original) => {
        const keys = variantKeys(original)
        expect(keys).toHaveLength(VARIANT_WIDTHS.length * VARIANT_FORMATS.length)
        expect(new Set(keys).size).toBe(keys.length)
        for (const key of keys) expect(parseVariantKey(key)?.originalKey).toBe(original)
      }),
    )
  })
})

describe("a picture's sources from an image's URL", () => {
  it("gives an uploaded photograph AVIF then WebP at every width, never wider than named", () => {
    fc.assert(
      fc.property(originalKey, (original) => {
        const sources = pictureSources(`/files/${original}`)
        expect(sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"])
        for (const source of sources) {
          const candidates = source.srcSet.split(", ").map((c) => c.split(" "))
          expect(candidates.map(([, w]) => w)).toEqual(VARIANT_WIDTHS.map((w) => `${w}w`))
          for (const [url, descriptor] of candidates) {
            const key = (url ?? "").slice("/files/".length)
            const parsed = parseVariantKey(key)
            expect(parsed?.originalKey).toBe(original)
            expect(`${parsed?.variant.width}w`).toBe(descriptor)
            expect(source.type).toBe(`image/${parsed?.variant.format}`)
          }
        }
      }),
    )
  })

  it("gives nothing for the demo SVGs, GIFs, other sites and anything that could leave images/", () => {
    fc.assert(
      fc.property(fc.string(), (url) => {
        // Whatever a URL says, a source only ever names a variant of an images/ original.
        for (const source of pictureSources(url))
          for (const candidate of source.srcSet.split(", "))
            expect(candidate).toMatch(
              /^\/files\/images\/[0-9a-f]{64}\.(jpg|png|webp|avif)\.w\d+\.(avif|webp) \d+w$/,
            )
      }),
    )
    const s = "b".repeat(64)
    for (const url of [
      undefined,
      "/brand/banner-competitions-mobile.svg",
      `/files/images/${s}.svg`,
      `/files/images/${s}.gif`,
      `https://example.com/files/images/${s}.png`,
      `/files/images/../${s}.png`,
      `/files/images/${s}.png?x=1`,
      `/files/images/${s}.png.w640.avif`,
    ])
      expect(pictureSources(url)).toEqual([])
  })
})
