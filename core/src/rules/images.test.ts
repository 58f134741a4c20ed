import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  directoryError,
  imageFileKey,
  isFileKey,
  refusalMessage,
  refusalOf,
  sniffImage,
  validateImageGroupFields,
} from "./images.js"

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)),
  )
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]

const HEADERS = {
  png: bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], "IHDR"),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], "JFIF"),
  gif: bytes("GIF89a", [1, 0, 1, 0]),
  webp: bytes("RIFF", [36, 0, 0, 0], "WEBPVP8 "),
  avif: bytes(u32(28), "ftyp", "avif", [0, 0, 0, 0], "mif1", "miaf", "MA1B"),
} as const

describe("what an upload is, by its bytes", () => {
  it("knows the five kinds by their signatures, whatever follows", () => {
    for (const [kind, header] of Object.entries(HEADERS)) {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 64 }), (rest) => {
          expect(sniffImage(new Uint8Array([...header, ...rest]))).toBe(kind)
        }),
      )
    }
  })

  it("takes an AVIF by a compatible brand too, and refuses HEIC and MP4 in the same box", () => {
    expect(sniffImage(bytes(u32(24), "ftyp", "mif1", [0, 0, 0, 0], "miaf", "avif"))).toBe("avif")
    expect(sniffImage(bytes(u32(24), "ftyp", "heic", [0, 0, 0, 0], "mif1", "heic"))).toBeNull()
    expect(sniffImage(bytes(u32(20), "ftyp", "isom", [0, 0, 0, 0], "mp41"))).toBeNull()
    // A brand past the box's own length is not the box's.
    expect(sniffImage(bytes(u32(16), "ftyp", "isom", [0, 0, 0, 0], "avif"))).toBeNull()
  })

  it("refuses text, markup and truncated signatures", () => {
    expect(sniffImage(bytes("hello, this is a text file"))).toBeNull()
    expect(sniffImage(bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull()
    expect(sniffImage(HEADERS.png.subarray(0, 7))).toBeNull()
    expect(sniffImage(bytes("RIFF", [0, 0, 0, 0], "WAVE"))).toBeNull()
    fc.assert(
      fc.property(fc.string(), (text) => {
        // Printable text can never begin like any of the five.
        const printable = text.replace(/[^\x20-\x7e]/g, "")
        if (/^(GIF8[79]a|RIFF)/.test(printable)) return
        expect(sniffImage(bytes(printable))).toBeNull()
      }),
    )
  })

  it("refuses an empty file, one over the limit, and one that is not an image, in that order", () => {
    expect(refusalOf(new Uint8Array(), 10)).toEqual({ reason: "Empty" })
    expect(refusalOf(new Uint8Array(11), 10)).toEqual({ reason: "TooLarge", maxBytes: 10 })
    expect(refusalOf(new Uint8Array(10), 10)).toEqual({ reason: "NotAnImage" })
    expect(refusalOf(HEADERS.png, HEADERS.png.length)).toBeNull()
    expect(refusalOf(HEADERS.png, HEADERS.png.length - 1)).toEqual({
      reason: "TooLarge",
      maxBytes: HEADERS.png.length - 1,
    })
  })

  it("names the file in every refusal", () => {
    expect(refusalMessage("cv.png", { reason: "NotAnImage" })).toBe(
      '"cv.png" is not a JPEG, PNG, WebP, GIF or AVIF image.',
    )
    expect(refusalMessage("big.jpg", { reason: "TooLarge", maxBytes: 5 * 1024 * 1024 })).toBe(
      '"big.jpg" is larger than 5 MB.',
    )
    expect(refusalMessage("x.gif", { reason: "Empty" })).toBe('"x.gif" is empty.')
    expect(refusalMessage("winner.jpg", { reason: "Unreadable" })).toBe(
      'We couldn\'t read "winner.jpg" as a picture. Please upload a JPEG, PNG or WebP image.',
    )
  })
})

describe("file keys", () => {
  it("are content-addressed paths the store and the server accept", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.constantFrom("png", "jpeg", "gif", "webp", "avif") as fc.Arbitrary<
          "png" | "jpeg" | "gif" | "webp" | "avif"
        >,
        (digest, kind) => {
          const hex = Buffer.from(digest).toString("hex")
          const key = imageFileKey(hex, kind)
          expect(key.startsWith(`images/${hex}.`)).toBe(true)
          expect(isFileKey(key)).toBe(true)
        },
      ),
    )
  })

  it("never climb out of the store's folder", () => {
    for (const key of [
      "../etc/passwd",
      "images/../../x",
      "/images/a.png",
      "images",
      "images/",
      "Images/A.PNG",
      "images//a.png",
      "images/a.png/..",
    ]) {
      expect(isFileKey(key), key).toBe(false)
    }
  })
})

describe("an upload's directory and a group's fields", () => {
  it("takes short lower-case paths and nothing else", () => {
    for (const ok of ["", "competitions", "winners/2026", "a-b/c-d/e/f"])
      expect(directoryError(ok)).toBeUndefined()
    for (const bad of ["../x", "/x", "x/", "Comps", "a b", "a/b/c/d/e", "x".repeat(41)])
      expect(directoryError(bad), bad).toBeDefined()
  })

  it("needs a name and each image once", () => {
    expect(validateImageGroupFields({ name: " ", description: "", imageIds: [] })).toEqual({
      name: "A name is required.",
    })
    expect(
      validateImageGroupFields({ name: "Bat", description: "", imageIds: ["A1", "a1"] }),
    ).toEqual({ imageIds: "An image can appear in a group only once." })
  })
})
