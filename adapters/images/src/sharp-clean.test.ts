import { describe, expect, it } from "@effect/vitest"
import type { ImageKind } from "@howzat/core/rules"
import { Effect } from "effect"
import sharp, { type WebpOptions } from "sharp"
import { isLosslessWebp, sharpImageVariants } from "./sharp-variants"

/**
 * What the shop keeps of an upload (docs/decisions/0066): the picture,
 * upright, with none of what a phone writes beside it. Each test picture
 * is made by libvips and given its metadata the ways cameras and editors
 * write it, so what is checked gone was really there.
 */
const variants = sharpImageVariants()
const clean = (bytes: Uint8Array, kind: ImageKind) => variants.clean(bytes, kind)
const about = (bytes: Uint8Array) => Effect.promise(() => sharp(bytes).metadata())
const pixels = (bytes: Uint8Array, animated = false) =>
  Effect.promise(() => sharp(bytes, { animated }).ensureAlpha().raw().toBuffer())
const contains = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(text)

/** 400 wide and 200 tall as stored; Orientation 6 shows it 200 wide and 400 tall. */
const scene = () =>
  sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 200, g: 40, b: 40 } } })

const CAMERA = {
  IFD0: { Make: "PhoneCo", Model: "PhoneCo 15", Copyright: "The winner" },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "51/1 30/1 2644/100",
    GPSLongitudeRef: "W",
    GPSLongitude: "0/1 7/1 3965/100",
  },
}
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
  "<dc:creator>XMP-CREATOR</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>"

/**
 * How many GPS tags an EXIF block holds: IFD0's GPS pointer (0x8825), then
 * that IFD's count. JPEG's block starts "Exif\0\0"; PNG's is the TIFF alone.
 */
const gpsTags = (exif: Buffer | undefined): number => {
  if (exif === undefined) return 0
  const tiff = exif.subarray(exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? 6 : 0)
  const little = tiff.toString("latin1", 0, 2) === "II"
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  const ifd0 = u32(4)
  for (let n = 0; n < u16(ifd0); n++) {
    const entry = ifd0 + 2 + n * 12
    if (u16(entry) === 0x8825) return u16(u32(entry + 8))
  }
  return 0
}

/** A JPEG segment (marker, big-endian length, payload) put just after SOI. */
const withSegment = (jpeg: Buffer, marker: number, payload: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0])
  head.writeUInt16BE(payload.length + 2, 2)
  return Buffer.concat([jpeg.subarray(0, 2), head, payload, jpeg.subarray(2)])
}

/** IPTC as Photoshop writes it: APP13, resource 0x0404, a caption (2:120) and a city (2:90). */
const iptcSegment = () => {
  const dataset = (tag: number, text: string) =>
    Buffer.concat([Buffer.from([0x1c, 2, tag, 0, text.length]), Buffer.from(text, "latin1")])
  const iptc = Buffer.concat([dataset(120, "IPTC-CAPTION"), dataset(90, "IPTC-CITY")])
  const size = Buffer.alloc(4)
  size.writeUInt32BE(iptc.length)
  const padding = iptc.length % 2 === 1 ? Buffer.from([0]) : Buffer.alloc(0)
  return Buffer.concat([
    Buffer.from("Photoshop 3.0\0", "latin1"),
    Buffer.from("8BIM", "latin1"),
    Buffer.from([0x04, 0x04, 0, 0]),
    size,
    iptc,
    padding,
  ])
}

/** A PNG text chunk (tEXt), put just after IHDR (signature 8 bytes, IHDR 25). */
const withPngText = (png: Buffer, keyword: string, text: string) => {
  const body = Buffer.concat([Buffer.from(`tEXt${keyword}\0${text}`, "latin1")])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(body.length - 4)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([png.subarray(0, 33), length, body, crc, png.subarray(33)])
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** A GIF comment extension (0x21 0xFE), put after the header and its global colour table. */
const withGifComment = (gif: Buffer, text: string) => {
  const flags = gif[10] ?? 0
  const table = flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0
  const at = 13 + table
  const comment = Buffer.concat([
    Buffer.from([0x21, 0xfe, text.length]),
    Buffer.from(text, "latin1"),
    Buffer.from([0]),
  ])
  return Buffer.concat([gif.subarray(0, at), comment, gif.subarray(at)])
}

/** Three 40 × 30 frames, red, green and blue, shown 100, 200 and 300 ms, looping 3 times. */
const animation = (format: "gif" | "webp", webp: WebpOptions = {}) => {
  const [w, h] = [40, 30]
  const raw = Buffer.alloc(w * h * 3 * 3)
  for (let f = 0; f < 3; f++) for (let i = 0; i < w * h; i++) raw[(f * w * h + i) * 3 + f] = 255
  const frames = sharp(raw, { raw: { width: w, height: h * 3, channels: 3, pageHeight: h } })
  const timing = { delay: [100, 200, 300], loop: 3 }
  return (format === "gif" ? frames.gif(timing) : frames.webp({ ...timing, ...webp })).toBuffer()
}

describe("the picture the shop keeps of an upload", () => {
  it.effect(
    "a phone's JPEG: upright, and no EXIF, GPS, XMP, IPTC or comment, with its colour profile",
    () =>
      Effect.gen(function* () {
        const encoded = yield* Effect.promise(() =>
          scene()
            .withIccProfile("p3")
            .jpeg()
            .withMetadata({ orientation: 6 })
            .withExif(CAMERA)
            .withXmp(XMP)
            .toBuffer(),
        )
        const sent = withSegment(
          withSegment(encoded, 0xed, iptcSegment()),
          0xfe,
          Buffer.from("JPEG-COMMENT", "latin1"),
        )
        const before = yield* about(sent)
        expect(before.orientation).toBe(6)
        expect(gpsTags(before.exif)).toBe(4)
        expect(before.xmpAsString).toContain("XMP-CREATOR")
        expect(before.iptc).toBeDefined()
        for (const text of ["PhoneCo", "XMP-CREATOR", "IPTC-CAPTION", "JPEG-COMMENT"])
          expect(contains(sent, text)).toBe(true)

        const kept = yield* clean(sent, "jpeg")
        const after = yield* about(kept)
        expect(after.format).toBe("jpeg")
        expect([after.width, after.height]).toEqual([200, 400])
        expect(after.orientation).toBeUndefined()
        expect(after.exif).toBeUndefined()
        expect(after.xmp).toBeUndefined()
        expect(after.iptc).toBeUndefined()
        for (const text of ["PhoneCo", "XMP-CREATOR", "IPTC-CAPTION", "IPTC-CITY", "JPEG-COMMENT"])
          expect(contains(kept, text)).toBe(false)
        // Display P3 colours stay Display P3: the profile comes too, byte for byte.
        expect(after.icc).toEqual(before.icc)
      }),
  )

  it.effect("turns each EXIF orientation upright, mirrored ones included", () =>
    Effect.gen(function* () {
      // A red left half and a blue right half, so a mirror is seen, not only a turn.
      const halves = yield* Effect.promise(() =>
        sharp({ create: { width: 4, height: 2, channels: 3, background: "#f00" } })
          .composite([
            {
              input: { create: { width: 2, height: 2, channels: 3, background: "#00f" } },
              left: 2,
              top: 0,
            },
          ])
          .png()
          .toBuffer(),
      )
      for (let orientation = 1; orientation <= 8; orientation++) {
        const sent = yield* Effect.promise(() =>
          sharp(halves).jpeg({ quality: 100 }).withMetadata({ orientation }).toBuffer(),
        )
        // What a browser shows of the upload, honouring the tag.
        const shown = yield* Effect.promise(() =>
          sharp(sent).autoOrient().raw().toBuffer({ resolveWithObject: true }),
        )
        const kept = yield* clean(sent, "jpeg")
        const after = yield* about(kept)
        expect([orientation, after.orientation, after.width, after.height]).toEqual([
          orientation,
          undefined,
          shown.info.width,
          shown.info.height,
        ])
        // The same pixels where they were shown, within JPEG's rounding.
        const keptPixels = yield* Effect.promise(() => sharp(kept).raw().toBuffer())
        const furthest = Math.max(...keptPixels.map((v, i) => Math.abs(v - (shown.data[i] ?? 0))))
        expect([orientation, furthest < 40]).toEqual([orientation, true])
      }
    }),
  )

  it.effect("a PNG: no EXIF, XMP or text chunks, and not a pixel changed", () =>
    Effect.gen(function* () {
      const encoded = yield* Effect.promise(() =>
        scene()
          .composite([
            {
              input: { create: { width: 100, height: 50, channels: 4, background: "#0f08" } },
              left: 10,
              top: 10,
            },
          ])
          .png()
          .withExif(CAMERA)
          .withXmp(XMP)
          .toBuffer(),
      )
      const sent = withPngText(encoded, "Comment", "PNG-COMMENT taken at 12 Acacia Avenue")
      const before = yield* about(sent)
      expect(gpsTags(before.exif)).toBe(4)
      expect(before.comments).toEqual([
        { keyword: "Comment", text: "PNG-COMMENT taken at 12 Acacia Avenue" },
      ])
      const kept = yield* clean(sent, "png")
      const after = yield* about(kept)
      expect(after.format).toBe("png")
      expect([after.exif, after.xmp, after.comments]).toEqual([undefined, undefined, undefined])
      for (const text of ["PhoneCo", "XMP-CREATOR", "PNG-COMMENT"])
        expect(contains(kept, text)).toBe(false)
      expect(yield* pixels(kept)).toEqual(yield* pixels(sent))
    }),
  )

  it.effect(
    "a palette PNG stays a palette PNG of the same colours; a 16-bit PNG stays 16-bit",
    () =>
      Effect.gen(function* () {
        const noisy = sharp({
          create: {
            width: 120,
            height: 80,
            channels: 3,
            background: "#888",
            noise: { type: "gaussian", mean: 128, sigma: 60 },
          },
        })
        const palette = yield* Effect.promise(() =>
          noisy.clone().png({ palette: true, colours: 16 }).toBuffer(),
        )
        const keptPalette = yield* clean(palette, "png")
        expect((yield* about(keptPalette)).isPalette).toBe(true)
        expect(yield* pixels(keptPalette)).toEqual(yield* pixels(palette))

        const deep = yield* Effect.promise(() =>
          noisy.clone().toColourspace("rgb16").png().toBuffer(),
        )
        const keptDeep = yield* clean(deep, "png")
        expect((yield* about(keptDeep)).depth).toBe("ushort")
        const sixteen = (bytes: Uint8Array) =>
          Effect.promise(() => sharp(bytes).raw({ depth: "ushort" }).toBuffer())
        expect(yield* sixteen(keptDeep)).toEqual(yield* sixteen(deep))
      }),
  )

  it.effect("a WebP: upright with no EXIF or XMP; a lossless one stays lossless", () =>
    Effect.gen(function* () {
      const lossy = yield* Effect.promise(() =>
        scene().webp().withMetadata({ orientation: 6 }).withExif(CAMERA).withXmp(XMP).toBuffer(),
      )
      expect(gpsTags((yield* about(lossy)).exif)).toBe(4)
      const kept = yield* clean(lossy, "webp")
      const after = yield* about(kept)
      expect(after.format).toBe("webp")
      expect([after.width, after.height, after.orientation]).toEqual([200, 400, undefined])
      expect([after.exif, after.xmp]).toEqual([undefined, undefined])
      expect(contains(kept, "PhoneCo") || contains(kept, "XMP-CREATOR")).toBe(false)
      expect(isLosslessWebp(kept)).toBe(false)

      const lossless = yield* Effect.promise(() =>
        scene().webp({ lossless: true }).withExif(CAMERA).toBuffer(),
      )
      expect(isLosslessWebp(lossless)).toBe(true)
      const keptLossless = yield* clean(lossless, "webp")
      expect(isLosslessWebp(keptLossless)).toBe(true)
      expect((yield* about(keptLossless)).exif).toBeUndefined()
      expect(yield* pixels(keptLossless)).toEqual(yield* pixels(lossless))
    }),
  )

  it.effect("an AVIF: no EXIF or XMP", () =>
    Effect.gen(function* () {
      const sent = yield* Effect.promise(() =>
        scene().avif({ effort: 2 }).withExif(CAMERA).withXmp(XMP).toBuffer(),
      )
      expect(gpsTags((yield* about(sent)).exif)).toBe(4)
      const kept = yield* clean(sent, "avif")
      const after = yield* about(kept)
      expect([after.format, after.compression, after.width, after.height]).toEqual([
        "heif",
        "av1",
        400,
        200,
      ])
      expect([after.exif, after.xmp]).toEqual([undefined, undefined])
    }),
  )

  it.effect("an animated GIF keeps its frames, timing and colours, not its comment", () =>
    Effect.gen(function* () {
      const sent = withGifComment(yield* Effect.promise(() => animation("gif")), "GIF-COMMENT")
      expect(contains(sent, "GIF-COMMENT")).toBe(true)
      const kept = yield* clean(sent, "gif")
      expect(contains(kept, "GIF-COMMENT")).toBe(false)
      const after = yield* Effect.promise(() => sharp(kept, { animated: true }).metadata())
      expect([after.format, after.pages, after.delay, after.loop]).toEqual([
        "gif",
        3,
        [100, 200, 300],
        3,
      ])
      expect(yield* pixels(kept, true)).toEqual(yield* pixels(sent, true))
    }),
  )

  it.effect("an animated WebP keeps its frames and timing, not its EXIF", () =>
    Effect.gen(function* () {
      const sent = yield* Effect.promise(async () =>
        sharp(await animation("webp", { lossless: true }), { animated: true })
          .webp({ lossless: true })
          .withExif(CAMERA)
          .toBuffer(),
      )
      expect(gpsTags((yield* about(sent)).exif)).toBe(4)
      expect(isLosslessWebp(sent)).toBe(true)
      const kept = yield* clean(sent, "webp")
      const after = yield* Effect.promise(() => sharp(kept, { animated: true }).metadata())
      expect([after.pages, after.delay, after.loop, after.exif]).toEqual([
        3,
        [100, 200, 300],
        3,
        undefined,
      ])
      expect(yield* pixels(kept, true)).toEqual(yield* pixels(sent, true))
    }),
  )

  it.effect("refuses bytes that only start like a picture, and pictures too large to decode", () =>
    Effect.gen(function* () {
      const fake = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
      expect(yield* Effect.flip(clean(fake, "png"))).toMatchObject({ _tag: "ImageUnreadable" })
      const jpeg = yield* Effect.promise(() => scene().jpeg().toBuffer())
      const truncated = jpeg.subarray(0, jpeg.length / 2)
      expect(yield* Effect.flip(clean(truncated, "jpeg"))).toMatchObject({
        _tag: "ImageUnreadable",
      })
      const strict = sharpImageVariants(10_000)
      const big = yield* Effect.promise(() => scene().png().toBuffer())
      expect(yield* Effect.flip(strict.clean(big, "png"))).toMatchObject({
        _tag: "ImageUnreadable",
      })
      // An animation counts every frame: three of 40 × 30 are 3,600 pixels.
      const frames = yield* Effect.promise(() => animation("gif"))
      expect(yield* Effect.flip(sharpImageVariants(3_000).clean(frames, "gif"))).toMatchObject({
        _tag: "ImageUnreadable",
      })
      expect(yield* Effect.exit(sharpImageVariants(3_600).clean(frames, "gif"))).toMatchObject({
        _tag: "Success",
      })
    }),
  )
})
