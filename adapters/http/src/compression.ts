import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"
import type { MiddlewareHandler } from "hono"

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export type ContentCoding = "br" | "gzip"

/** Ours first when a client takes both equally: brotli is smaller for JSON and HTML. */
const PREFERENCE: readonly ContentCoding[] = ["br", "gzip"]

/**
 * The coding to answer with, from an Accept-Encoding header (RFC 9110
 * §12.5.3): the client's highest q-value among brotli and gzip, ours
 * breaking ties; `*` stands for any coding not named; q=0 refuses. Null
 * means identity.
 */
export const chooseEncoding = (acceptEncoding: string | undefined | null): ContentCoding | null => {
  if (!acceptEncoding) return null
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";")
    if (!name) continue
    let q = 1
    for (const param of params) {
      const [key, value] = param.trim().split("=")
      if (key === "q") {
        const parsed = Number(value)
        q = Number.isFinite(parsed) && parsed >= 0 && parsed <= 1 ? parsed : 0
      }
    }
    weights.set(name === "x-gzip" ? "gzip" : name, q)
  }
  let best: ContentCoding | null = null
  let bestQ = 0
  for (const coding of PREFERENCE) {
    const q = weights.get(coding) ?? weights.get("*") ?? 0
    if (q > bestQ) {
      best = coding
      bestQ = q
    }
  }
  return best
}

/**
 * Text worth compressing. Not text/event-stream: a live stream must reach
 * the browser event by event, and a compressor would hold events back.
 */
const COMPRESSIBLE =
  /^\s*(?:text\/(?:html|css|plain|javascript|csv|xml)|application\/(?:json|javascript|xml|[\w.-]+\+json|[\w.-]+\+xml)|image\/svg\+xml)\s*(?:;|$)/i

/** Below this, compressing saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024

const appendVary = (headers: Headers) => {
  const vary = headers.get("vary")
  if (!vary) headers.set("vary", "Accept-Encoding")
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary))
    headers.set("vary", `${vary}, Accept-Encoding`)
}

export const compress = (coding: ContentCoding, body: Buffer) =>
  coding === "br"
    ? // Quality 5: most of brotli's gain at a fraction of its top level's CPU, per request.
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gzipAsync(body, { level: 6 })

/**
 * Compresses the API's JSON (and any other text the app answers with, such
 * as the storefront's page) by Accept-Encoding, above a small size. It must
 * be the outermost body-changing middleware (decision 0048): caching and
 * ETag middleware inside it see the identity body, and a strong ETag on a
 * compressed variant becomes weak here (the bytes differ by coding, the
 * meaning does not), so If-None-Match must be compared weakly, as RFC 9110
 * asks for it. Bodies already encoded (the pre-compressed build files) and
 * responses marked no-transform pass untouched.
 */
export const compression =
  (thresholdBytes = COMPRESSION_THRESHOLD_BYTES): MiddlewareHandler =>
  async (c, next) => {
    await next()
    const res = c.res
    if (!COMPRESSIBLE.test(res.headers.get("content-type") ?? "")) return
    // Whichever coding this one got, a cache must not hand it to a client asking otherwise.
    appendVary(res.headers)
    // res.body last: on @hono/node-server's lightweight Response, reading it builds the
    // full fetch Response and a stream, which costs a cached answer a third of its speed.
    if (
      c.req.method === "HEAD" ||
      res.status < 200 ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has("content-encoding") ||
      /\bno-transform\b/i.test(res.headers.get("cache-control") ?? "")
    )
      return
    const coding = chooseEncoding(c.req.header("accept-encoding"))
    if (coding === null) return
    const declared = res.headers.get("content-length")
    if (declared !== null && Number(declared) < thresholdBytes) return
    // Before the body is touched: on @hono/node-server's lightweight Response that rebuilds it
    // from the headers it was made with, dropping any added since (the XSRF cookie).
    const headers = new Headers(res.headers)
    if (res.body === null) return
    const { status, statusText } = res
    const body = Buffer.from(await res.arrayBuffer())
    // Unset first, or Hono's setter copies the rebuilt-from-scratch headers back over these.
    c.res = undefined
    if (body.length < thresholdBytes) {
      c.res = new Response(new Uint8Array(body), { status, statusText, headers })
      return
    }
    const compressed = await compress(coding, body)
    c.res = new Response(new Uint8Array(compressed), { status, statusText, headers })
    c.res.headers.set("content-encoding", coding)
    c.res.headers.set("content-length", String(compressed.length))
    const etag = c.res.headers.get("etag")
    if (etag && !etag.startsWith("W/")) c.res.headers.set("etag", `W/${etag}`)
  }
