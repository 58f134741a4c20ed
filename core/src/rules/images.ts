import { imageDimensions, MAX_IMAGE_PIXELS } from "./image-dimensions.js"
/**
 * What an uploaded image is, judged by its bytes (decision 0028). A browser's
 * declared type and a file's name are whatever the sender says; the first
 * bytes are what a browser will actually decode, so they alone decide.
 * Pure and Effect-free, so the back office can check a file before sending.
 */

export type ImageKind = "jpeg" | "png" | "webp" | "gif" | "avif"

export const CONTENT_TYPES: Readonly<Record<ImageKind, string>> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
}

export const EXTENSIONS: Readonly<Record<ImageKind, string>> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "avif",
}

/** 5 MiB: a large photograph for the web; configurable (IMAGE_MAX_BYTES). */
export const DEFAULT_MAX_IMAGE_BYTES = 5 * 1024 * 1024
/** Files in one upload: enough for a competition's gallery, and a bound on one request. */
export const MAX_FILES_PER_UPLOAD = 10
export const MAX_IMAGE_DESCRIPTION = 500
export const MAX_IMAGE_GROUP_NAME = 200
export const MAX_IMAGE_GROUP_DESCRIPTION = 2000
export const MAX_IMAGES_PER_GROUP = 100

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b)

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const JPEG = [0xff, 0xd8, 0xff]
const GIF87 = ascii("GIF87a")
const GIF89 = ascii("GIF89a")
const RIFF = ascii("RIFF")
const WEBP = ascii("WEBP")
const FTYP = ascii("ftyp")
const AVIF_BRANDS = new Set(["avif", "avis"])

const text4 = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4))

/**
 * AVIF is an ISO-BMFF file whose first box is `ftyp`: its major brand, or
 * one of its compatible brands, is `avif` (a still) or `avis` (a sequence).
 * A HEIC or MP4 has the same box with other brands, and is not an image a
 * browser shows everywhere.
 */
const isAvif = (bytes: Uint8Array) => {
  if (!startsWith(bytes, FTYP, 4)) return false
  const boxSize =
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)
  const end = Math.min(boxSize >>> 0, bytes.length)
  if (end < 16) return false
  if (AVIF_BRANDS.has(text4(bytes, 8))) return true
  for (let at = 16; at + 4 <= end; at += 4) if (AVIF_BRANDS.has(text4(bytes, at))) return true
  return false
}

/** The kind of image the bytes are, or null when they are not one of the five the shop takes. */
export const sniffImage = (bytes: Uint8Array): ImageKind | null => {
  if (startsWith(bytes, PNG)) return "png"
  if (startsWith(bytes, JPEG)) return "jpeg"
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return "gif"
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "webp"
  if (isAvif(bytes)) return "avif"
  return null
}

export type ImageRefusal =
  | { readonly reason: "Empty" }
  | { readonly reason: "TooLarge"; readonly maxBytes: number }
  | { readonly reason: "NotAnImage" }
  | { readonly reason: "TooManyPixels"; readonly width: number; readonly height: number }
  /** It passed the checks above, but the decoder cannot read it (a damaged file): only known once decoded. */
  | { readonly reason: "Unreadable" }

/**
 * Why a file cannot be an image of the shop, or null when it can. A
 * picture is judged by the size it declares as well as its bytes: a few
 * hundred kilobytes can declare billions of pixels, which whoever decodes
 * it (the shop's resizer, every visitor's browser) must then hold.
 */
export const refusalOf = (bytes: Uint8Array, maxBytes: number): ImageRefusal | null => {
  if (bytes.length === 0) return { reason: "Empty" }
  if (bytes.length > maxBytes) return { reason: "TooLarge", maxBytes }
  const kind = sniffImage(bytes)
  if (kind === null) return { reason: "NotAnImage" }
  const size = imageDimensions(kind, bytes)
  if (size !== null && size.width * size.height > MAX_IMAGE_PIXELS)
    return { reason: "TooManyPixels", width: size.width, height: size.height }
  return null
}

const sizeInWords = (bytes: number) =>
  bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MB`
    : bytes % 1024 === 0
      ? `${bytes / 1024} KB`
      : `${bytes} bytes`

/** The sentence staff read: it names the file, so one bad file among ten is easy to find. */
export const refusalMessage = (fileName: string, refusal: ImageRefusal): string => {
  switch (refusal.reason) {
    case "Empty":
      return `"${fileName}" is empty.`
    case "TooLarge":
      return `"${fileName}" is larger than ${sizeInWords(refusal.maxBytes)}.`
    case "NotAnImage":
      return `"${fileName}" is not a JPEG, PNG, WebP, GIF or AVIF image.`
    case "TooManyPixels":
      return `"${fileName}" is ${refusal.width.toLocaleString("en-GB")} × ${refusal.height.toLocaleString("en-GB")} pixels: please use a picture of at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`
    case "Unreadable":
      return `We couldn't read "${fileName}" as a picture. Please upload a JPEG, PNG or WebP image.`
  }
}

/**
 * Where an upload's bytes are kept: named by their SHA-256, so a key's
 * bytes never change (the URL may be cached for a year) and the same
 * picture uploaded twice is stored once.
 */
export const imageFileKey = (sha256Hex: string, kind: ImageKind) =>
  `images/${sha256Hex}.${EXTENSIONS[kind]}`

/** Keys the file store and the server's /files route accept: nothing that climbs out of the folder. */
export const isFileKey = (key: string) =>
  /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9._-]*)+$/.test(key) && !key.includes("..")

/** The directory an upload is filed under (docs/product/api.md's `?directory`): a short lower-case path. */
export const directoryError = (directory: string): string | undefined =>
  directory === "" || /^[a-z0-9][a-z0-9-]{0,39}(\/[a-z0-9][a-z0-9-]{0,39}){0,3}$/.test(directory)
    ? undefined
    : "A directory is up to four lower-case names of letters, digits and dashes, separated by /."

export interface ImageFieldErrors {
  description?: string
  sortOrder?: string
}

export const validateImageFields = (fields: {
  readonly description: string
  readonly sortOrder: number
}): ImageFieldErrors => {
  const errors: ImageFieldErrors = {}
  if (fields.description.trim().length > MAX_IMAGE_DESCRIPTION)
    errors.description = `A description is at most ${MAX_IMAGE_DESCRIPTION} characters.`
  if (!Number.isInteger(fields.sortOrder) || fields.sortOrder < 0 || fields.sortOrder > 1_000_000)
    errors.sortOrder = "The sort order is a whole number from 0 to 1000000."
  return errors
}

export interface ImageGroupFieldErrors {
  name?: string
  description?: string
  imageIds?: string
}

export const validateImageGroupFields = (fields: {
  readonly name: string
  readonly description: string
  readonly imageIds: readonly string[]
}): ImageGroupFieldErrors => {
  const errors: ImageGroupFieldErrors = {}
  const name = fields.name.trim()
  if (name === "") errors.name = "A name is required."
  else if (name.length > MAX_IMAGE_GROUP_NAME)
    errors.name = `A name is at most ${MAX_IMAGE_GROUP_NAME} characters.`
  if (fields.description.trim().length > MAX_IMAGE_GROUP_DESCRIPTION)
    errors.description = `A description is at most ${MAX_IMAGE_GROUP_DESCRIPTION} characters.`
  const lowered = fields.imageIds.map((id) => id.toLowerCase())
  if (lowered.length > MAX_IMAGES_PER_GROUP)
    errors.imageIds = `A group holds at most ${MAX_IMAGES_PER_GROUP} images.`
  else if (new Set(lowered).size !== lowered.length)
    errors.imageIds = "An image can appear in a group only once."
  return errors
}
