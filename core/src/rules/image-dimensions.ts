import type { ImageKind } from "./images.js"

/**
 * A picture's width and height as its header declares them, read without
 * decoding it: a 30000 × 30000 PNG is under a megabyte on the wire and
 * 3.6 GB once decoded, so an upload is judged by what it would decode to
 * before anything decodes it. Null when the header cannot be found.
 */
export interface Dimensions {
  readonly width: number
  readonly height: number
}

/** The most pixels a picture may declare: a 40-megapixel photograph, larger than any page needs. */
export const MAX_IMAGE_PIXELS = 40_000_000

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0)
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8)
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16)
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2)
const text4 = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4))

const png = (b: Uint8Array): Dimensions | null =>
  b.length >= 24 && text4(b, 12) === "IHDR" ? { width: u32be(b, 16), height: u32be(b, 20) } : null

const gif = (b: Uint8Array): Dimensions | null =>
  b.length >= 10 ? { width: u16le(b, 6), height: u16le(b, 8) } : null

/** The first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC) holds the size. */
const jpeg = (b: Uint8Array): Dimensions | null => {
  let at = 2
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null
    const marker = b[at + 1] ?? 0
    if (marker === 0xff) {
      at++
      continue
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { width: u16be(b, at + 7), height: u16be(b, at + 5) }
    at += 2 + u16be(b, at + 2)
  }
  return null
}

const webp = (b: Uint8Array): Dimensions | null => {
  const chunk = text4(b, 12)
  if (chunk === "VP8X" && b.length >= 30)
    return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 }
  if (chunk === "VP8 " && b.length >= 30)
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff }
  if (chunk === "VP8L" && b.length >= 25) {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24)
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  return null
}

/** AVIF's `ispe` property box: version and flags, then width and height. */
const avif = (b: Uint8Array): Dimensions | null => {
  let largest: Dimensions | null = null
  for (let at = 4; at + 16 <= b.length; at++) {
    if (b[at] !== 0x69 || text4(b, at) !== "ispe") continue
    const found = { width: u32be(b, at + 8), height: u32be(b, at + 12) }
    if (largest === null || found.width * found.height > largest.width * largest.height)
      largest = found
  }
  return largest
}

export const imageDimensions = (kind: ImageKind, bytes: Uint8Array): Dimensions | null => {
  switch (kind) {
    case "png":
      return png(bytes)
    case "gif":
      return gif(bytes)
    case "jpeg":
      return jpeg(bytes)
    case "webp":
      return webp(bytes)
    case "avif":
      return avif(bytes)
  }
}
