import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import sharp from "sharp"
import { sharpImageVariants } from "./sharp-variants"

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })

const variants = sharpImageVariants()

describe("variants made with sharp", () => {
  it.effect("makes a real AVIF and WebP of the asked width from a PNG and a JPEG", () =>
    Effect.gen(function* () {
      const png = yield* Effect.promise(() => picture(1000, 500).png().toBuffer())
      const jpeg = yield* Effect.promise(() => picture(1000, 500).jpeg().toBuffer())
      for (const original of [png, jpeg]) {
        const avif = yield* variants.make(original, { width: 640, format: "avif" })
        const webp = yield* variants.make(original, { width: 320, format: "webp" })
        const avifMeta = yield* Effect.promise(() => sharp(avif.bytes).metadata())
        const webpMeta = yield* Effect.promise(() => sharp(webp.bytes).metadata())
        expect([avifMeta.format, avifMeta.compression, avifMeta.width, avifMeta.height]).toEqual([
          "heif",
          "av1",
          640,
          320,
        ])
        expect([webpMeta.format, webpMeta.width, webpMeta.height]).toEqual(["webp", 320, 160])
      }
    }),
  )

  it.effect("never enlarges: a width past the original's gives the original's", () =>
    Effect.gen(function* () {
      const small = yield* Effect.promise(() => picture(300, 200).png().toBuffer())
      const made = yield* variants.make(small, { width: 1920, format: "webp" })
      const meta = yield* Effect.promise(() => sharp(made.bytes).metadata())
      expect([meta.width, meta.height]).toEqual([300, 200])
      expect(made.width).toBe(300)
    }),
  )

  it.effect("turns a photograph upright as its EXIF says, and keeps no metadata", () =>
    Effect.gen(function* () {
      // Stored 400 wide and 200 tall, to be shown turned a quarter: 200 wide, 400 tall.
      const turned = yield* Effect.promise(() =>
        picture(400, 200)
          .jpeg()
          .withMetadata({ orientation: 6 })
          .withExif({ IFD0: { Copyright: "a camera's owner" } })
          .toBuffer(),
      )
      expect((yield* Effect.promise(() => sharp(turned).metadata())).orientation).toBe(6)
      const made = yield* variants.make(turned, { width: 320, format: "avif" })
      const meta = yield* Effect.promise(() => sharp(made.bytes).metadata())
      expect([meta.width, meta.height]).toEqual([200, 400])
      expect(meta.orientation).toBeUndefined()
      expect(meta.exif).toBeUndefined()
    }),
  )

  it.effect("refuses bytes that only start like a picture, and pictures too large to decode", () =>
    Effect.gen(function* () {
      const fake = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
      expect(yield* Effect.flip(variants.make(fake, { width: 320, format: "webp" }))).toMatchObject(
        { _tag: "ImageVariantError" },
      )
      const big = yield* Effect.promise(() => picture(200, 100).png().toBuffer())
      const strict = sharpImageVariants(10_000)
      expect(yield* Effect.flip(strict.make(big, { width: 320, format: "webp" }))).toMatchObject({
        _tag: "ImageVariantError",
      })
    }),
  )
})
