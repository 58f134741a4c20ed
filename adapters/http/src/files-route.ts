import { problemType } from "@howzat/contracts/problems"
import type { FileStoreShape } from "@howzat/core/ports/file-store"
import { isFileKey } from "@howzat/core/rules/images"
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

/** GET and HEAD /files/*: the file store's bytes, for the storefront and the back office. */
export const mountFiles = (app: Hono, store: FileStoreShape) => {
  app.on(["GET", "HEAD"], `${FILES_PATH}*`, async (c) => {
    const key = c.req.path.slice(FILES_PATH.length)
    if (!isFileKey(key)) return notFound()
    const found = await Effect.runPromise(Effect.either(store.get(key)))
    if (found._tag === "Left") {
      console.warn(`file store failed to get ${key}`, found.left.cause)
      return problemResponse({
        type: problemType("service-unavailable"),
        title: "Service unavailable",
        detail: "The file could not be read. Please try again soon.",
        status: 503,
      })
    }
    if (found.right === null) return notFound()
    const { bytes, contentType } = found.right
    return new Response(c.req.method === "HEAD" ? null : (bytes as Uint8Array<ArrayBuffer>), {
      status: 200,
      headers: {
        "content-type": contentType,
        "content-length": String(bytes.length),
        "cache-control": IMMUTABLE,
        "x-content-type-options": "nosniff",
        etag: `"${key.replace(/^.*\//, "").replace(/\..*$/, "")}"`,
      },
    })
  })
}
