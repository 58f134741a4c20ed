import { problemType } from "@howzat/contracts/problems"
import type { ImageVariantFilesShape } from "@howzat/core/images"
import type { FileStoreError, FileStoreShape, StoredFile } from "@howzat/core/ports"
import { isFileKey, parseVariantKey } from "@howzat/core/rules"
import { Effect } from "effect"
import type { Hono } from "hono"
import { problemResponse } from "./problem-response"

/** Where stored files are served: `/files/images/<sha256>.png`. */
export const FILES_PATH = "/files/"

export const fileUrl = (key: string) => `${FILES_PATH}${key}`

/**
 * A key names its bytes (their SHA-256), so what a URL shows never
 * changes: browsers and any CDN may keep it for a year without asking
 * again. nosniff makes a browser trust the stored content type, which was
 * itself judged from the bytes, never from what the uploader claimed.
 */
export const IMMUTABLE = "public, max-age=31536000, immutable"

const notFound = () =>
  problemResponse({
    type: "about:blank",
    title: "Not Found",
    detail: "There is no such file.",
    status: 404,
  })

const unavailable = (detail: string, retryAfter?: number) => {
  const response = problemResponse({
    type: problemType("service-unavailable"),
    title: "Service unavailable",
    detail,
    status: 503,
  })
  if (retryAfter !== undefined) response.headers.set("retry-after", String(retryAfter))
  return response
}

const storeDown = (e: FileStoreError) => {
  console.warn(`file store failed to ${e.operation} ${e.key}`, e.cause)
  return unavailable("The file could not be read. Please try again soon.")
}

/** A variant's ETag names the variant (`<sha>.w640.avif`), not just the bytes it was made from. */
const etagOf = (key: string) => {
  const variant = parseVariantKey(key)?.variant
  const sha = key.replace(/^.*\//, "").replace(/\..*$/, "")
  return variant === undefined ? `"${sha}"` : `"${sha}.w${variant.width}.${variant.format}"`
}

/** How often one unreadable original is mentioned in the log, however often it is asked for. */
const UNREADABLE_WARNING_EVERY_MS = 60 * 60 * 1000
/** Originals mentioned lately; forgotten all at once past this many, so it stays small. */
const MAX_REMEMBERED_UNREADABLE = 1000
const warnedUnreadable = new Map<string, number>()

/**
 * One line, at most hourly per original: anyone can ask for its variants as
 * often as they like at no cost, and a stack trace for each would fill the
 * log with noise (and could push out what matters).
 */
const warnUnreadable = (originalKey: string, cause: unknown) => {
  const now = Date.now()
  const last = warnedUnreadable.get(originalKey)
  if (last !== undefined && now - last < UNREADABLE_WARNING_EVERY_MS) return
  if (warnedUnreadable.size >= MAX_REMEMBERED_UNREADABLE) warnedUnreadable.clear()
  warnedUnreadable.set(originalKey, now)
  const reason = (cause instanceof Error ? cause.message : String(cause)).split("\n")[0]
  console.warn(`no variants of ${originalKey}: it could not be read as a picture (${reason})`)
}

/**
 * The variant, or where to find a picture when there is none: a variant
 * of bytes the resizer cannot read sends the browser to the original, so
 * a `<picture>` whose first source failed still shows what it showed
 * before variants existed (decision 0049).
 */
const variantOf = async (
  key: string,
  variants: ImageVariantFilesShape,
): Promise<StoredFile | Response | null> => {
  const found = await Effect.runPromise(Effect.either(variants.get(key)))
  if (found._tag === "Right") return found.right
  const e = found.left
  switch (e._tag) {
    case "FileStoreError":
      return storeDown(e)
    case "VariantsBusy":
      return unavailable("The picture is being prepared. Please try again in a moment.", 5)
    case "ImageVariantError": {
      const original = parseVariantKey(key)?.originalKey ?? ""
      warnUnreadable(original, e.cause)
      return new Response(null, {
        status: 302,
        headers: { location: fileUrl(original), "cache-control": "public, max-age=86400" },
      })
    }
  }
}

/** GET and HEAD /files/*: the file store's bytes, and variants of its photographs. */
export const mountFiles = (app: Hono, store: FileStoreShape, variants: ImageVariantFilesShape) => {
  app.on(["GET", "HEAD"], `${FILES_PATH}*`, async (c) => {
    const key = c.req.path.slice(FILES_PATH.length)
    if (!isFileKey(key)) return notFound()
    let file: StoredFile | null
    if (parseVariantKey(key) !== null) {
      const variant = await variantOf(key, variants)
      if (variant instanceof Response) return variant
      file = variant
    } else {
      const found = await Effect.runPromise(Effect.either(store.get(key)))
      if (found._tag === "Left") return storeDown(found.left)
      file = found.right
    }
    if (file === null) return notFound()
    const { bytes, contentType } = file
    return new Response(c.req.method === "HEAD" ? null : (bytes as Uint8Array<ArrayBuffer>), {
      status: 200,
      headers: {
        "content-type": contentType,
        "content-length": String(bytes.length),
        "cache-control": IMMUTABLE,
        "x-content-type-options": "nosniff",
        etag: etagOf(key),
      },
    })
  })
}
