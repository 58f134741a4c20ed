import { validationProblem } from "@howzat/contracts/problems"
import type { MiddlewareHandler } from "hono"
import { bodyLimit } from "hono/body-limit"
import { problemResponse } from "./problem-response"

/**
 * Every JSON body the API takes is a form's worth of fields; 64 KiB is
 * hundreds of times that and still small enough that nobody can make the
 * server buffer much. Routes that take uploads will name their own, larger
 * limit when they exist (docs/decisions/0015).
 */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024

const sizeInWords = (bytes: number) =>
  bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`

/**
 * 413 problem+json, refused before the body is read past the limit. The
 * rest of the body is still on its way, so the connection cannot carry
 * another request: node drops it once the answer is sent, and the answer
 * says so (`Connection: close`), or a client keeping it alive would send its
 * next request into a closing socket.
 */
export const requestBodyLimit = (maxBytes: number, what = "A request body"): MiddlewareHandler =>
  bodyLimit({
    maxSize: maxBytes,
    onError: () =>
      problemResponse(
        {
          type: "about:blank",
          title: "Content Too Large",
          detail: `${what} may be at most ${sizeInWords(maxBytes)}.`,
          status: 413,
        },
        { connection: "close" },
      ),
  })

const METHODS_WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"])

/** `application/json` and the structured `+json` types (e.g. `application/merge-patch+json`). */
export const isJsonMediaType = (contentType: string): boolean => {
  const mediaType = (contentType.split(";")[0] ?? "").trim().toLowerCase()
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType)
}

/**
 * The API reads JSON only. HttpApi would otherwise try to parse a form
 * (multipart or urlencoded) itself and, for multipart, fail with a defect:
 * a 500 for what is the caller's mistake. A body-less call (refresh,
 * cancel) sends no Content-Type and passes.
 */
export const nonJsonBodyProblem = (method: string, contentType: string | undefined) =>
  METHODS_WITHOUT_BODY.has(method) || contentType === undefined || isJsonMediaType(contentType)
    ? undefined
    : problemResponse(
        validationProblem({
          request: ["The request body must be JSON, sent with Content-Type: application/json."],
        }),
      )

/**
 * No request is more than a few levels deep (an address inside a checkout
 * is the deepest); 32 leaves room for any client's habits. Past it the
 * schema decoder's recursion, not the caller, would decide the answer: a
 * 64 KiB body of nested brackets overflowed the stack as a 500.
 */
export const MAX_JSON_DEPTH = 32

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN = new Set([0x5b, 0x7b])
const CLOSE = new Set([0x5d, 0x7d])

/** Whether JSON text nests arrays and objects deeper than `max`, found in one pass without parsing. */
export const nestsDeeperThan = (json: string, max: number): boolean => {
  let depth = 0
  let inString = false
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i)
    if (inString) {
      if (code === BACKSLASH) i++
      else if (code === QUOTE) inString = false
    } else if (code === QUOTE) inString = true
    else if (OPEN.has(code)) {
      if (++depth > max) return true
    } else if (CLOSE.has(code)) depth--
  }
  return false
}

export const tooDeepProblem = () =>
  problemResponse(
    validationProblem({
      request: [`The request body may nest objects and arrays at most ${MAX_JSON_DEPTH} deep.`],
    }),
  )
