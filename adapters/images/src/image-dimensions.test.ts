import { imageDimensions, refusalMessage, refusalOf, sniffImage } from "@howzat/core/rules"
import sharp from "sharp"
import { describe, expect, it } from "vitest"

/**
 * Core reads a picture's declared size from its header alone; here each
 * kind is made by a real encoder (libvips), so the reader is held to the
 * formats as they are written, not as a test imagines them.
 */
const encoded = (width: number, height: number, format: "png" | "jpeg" | "gif" | "webp" | "avif") =>
  sharp({ create: { width, height, channels: 3, background: "#3a7" } })
    .toFormat(format, format === "webp" ? { lossless: false } : {})
    .toBuffer()

describe("imageDimensions", () => {
  for (const format of ["png", "jpeg", "gif", "webp", "avif"] as const)
    it(`reads a ${format}'s width and height from its header`, async () => {
      for (const [width, height] of [
        [1, 1],
        [37, 19],
        [640, 480],
      ] as const) {
        const bytes = new Uint8Array(await encoded(width, height, format))
        expect(sniffImage(bytes)).toBe(format)
        expect(imageDimensions(format, bytes)).toEqual({ width, height })
      }
    })

  it("reads a lossless WebP's size too", async () => {
    const bytes = new Uint8Array(
      await sharp({ create: { width: 300, height: 200, channels: 3, background: "#000" } })
        .webp({ lossless: true })
        .toBuffer(),
    )
    expect(imageDimensions("webp", bytes)).toEqual({ width: 300, height: 200 })
  })
})

describe("a decompression bomb", () => {
  it("is refused by the size it declares, with a message staff can act on", () => {
    // A PNG's header declaring 30000 × 30000: what a 875 KB bomb declares.
    const header = new Uint8Array(
      Buffer.from("89504e470d0a1a0a0000000d494844520000753000007530080200000000000000", "hex"),
    )
    const refusal = refusalOf(header, 5 * 1024 * 1024)
    expect(refusal).toEqual({ reason: "TooManyPixels", width: 30_000, height: 30_000 })
    expect(refusalMessage("bomb.png", refusal as NonNullable<typeof refusal>)).toBe(
      '"bomb.png" is 30,000 × 30,000 pixels: please use a picture of at most 40 megapixels.',
    )
  })

  it("leaves a 40-megapixel photograph alone", async () => {
    const bytes = new Uint8Array(await encoded(8000, 5000, "jpeg"))
    expect(refusalOf(bytes, 50 * 1024 * 1024)).toBeNull()
  })
})
