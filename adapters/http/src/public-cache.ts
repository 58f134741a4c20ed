import { createHash } from "node:crypto"
import type { Context, MiddlewareHandler } from "hono"
import {
  COMPRESSION_THRESHOLD_BYTES,
  type ContentCoding,
  chooseEncoding,
  compress,
} from "./compression"

/**
 * The catalogue's public reads: the same answer for every visitor, so one
 * answer serves them all for a few seconds (decision 0047). Per-customer
 * routes (baskets, orders, accounts) never match.
 */
const PUBLIC_READS: readonly RegExp[] = [
  /^\/api\/Competitions$/,
  /^\/api\/Competitions\/[^/]+$/,
  /^\/api\/Categories$/,
  /^\/api\/Categories\/[^/]+$/,
  /^\/api\/Categories\/[^/]+\/competitions$/,
  /^\/api\/Resources\/[^/]+$/,
  /^\/api\/Draws\/NextLiveDraw$/,
  /^\/api\/Draws\/NextAutoDraw$/,
]

/**
 * Writes that leave the public catalogue as it was, apart from tickets sold
 * (which may be a few seconds stale on these answers, never on the basket or
 * checkout, which are not cached). Any other successful write under /api
 * clears the cache: a write nobody listed here costs a refill, never a stale
 * answer.
 */
const CUSTOMER_WRITE_PREFIXES: readonly string[] = [
  "/api/Baskets",
  "/api/Orders",
  "/api/PaymentProviders",
  "/api/Logging",
  "/api/auth",
  "/api/Customers",
  "/api/Contact",
  "/api/Complaints",
]

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"])

/** Hono's setter would carry the handler's headers (no-store) onto the new answer: drop them first. */
const replaceResponse = (c: Context, response: Response) => {
  c.res = undefined
  c.res = response
}

export interface PublicCacheOptions {
  /** How long an answer is served without asking the database again. */
  readonly maxAgeSeconds: number
  /** How much longer a browser or CDN may show it while it fetches a fresh one. */
  readonly staleWhileRevalidateSeconds: number
  /** Distinct queries kept; the oldest goes first (a visitor can make up any Name filter). */
  readonly maxEntries: number
  /** Milliseconds since the epoch; tests pin it. */
  readonly now?: () => number
  /**
   * Headers every answer carries besides the cache's own: the security
   * headers, which `freshHits` answers cannot get from their middleware as
   * they are made before it runs.
   */
  readonly alwaysHeaders?: Readonly<Record<string, string>>
}

export const DEFAULT_PUBLIC_CACHE: PublicCacheOptions = {
  maxAgeSeconds: 5,
  staleWhileRevalidateSeconds: 30,
  maxEntries: 1000,
}

interface Entry {
  /** Bytes, not an ArrayBuffer: @hono/node-server writes a Uint8Array body straight to the socket. */
  readonly body: Uint8Array<ArrayBuffer>
  readonly etag: string
  readonly contentType: string
  readonly storedAt: number
  /** Compressed copies, made on the first request that asks for each coding. */
  readonly encoded: Map<ContentCoding, Promise<Uint8Array<ArrayBuffer>>>
}

export interface PublicCache {
  readonly middleware: MiddlewareHandler
  /**
   * Answers a fresh, stored answer and nothing else, for the very front of
   * the app: a hit then costs no other middleware (decision 0047). Anything
   * else goes on to the chain, where `middleware` fills and revalidates.
   */
  readonly freshHits: MiddlewareHandler
  /** Forgets every answer: the next read of each goes to the database. */
  readonly invalidate: () => void
  readonly stats: () => { readonly hits: number; readonly misses: number }
}

/**
 * Whether a caller gets what a visitor gets. A customer does on every public
 * read (only staff see hidden records), so a token whose claims say Customer
 * shares the visitors' answer, read without checking its signature: a forged
 * one could only earn what any visitor gets anyway, and a miss still runs the
 * handler with the token, which checks it. Any other token (staff, or one we
 * cannot read) goes to the handler every time.
 */
export const seesWhatVisitorsSee = (authorization: string | undefined): boolean => {
  if (authorization === undefined) return true
  const token = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1]
  const claims = token?.split(".")[1]
  if (claims === undefined) return false
  try {
    const role: unknown = JSON.parse(Buffer.from(claims, "base64url").toString("utf8"))?.role
    return role === "Customer"
  } catch {
    return false
  }
}

/**
 * RFC 9111 §5.2.1.4: a request saying `no-cache` (a browser's hard reload,
 * or a caller that has just changed what is on sale and wants to see it)
 * gets an answer read now, which then refreshes the stored one for everyone.
 * It costs what a token that skips the cache already costs, no more.
 */
const asksToRevalidate = (c: Context) =>
  /\bno-cache\b/i.test(c.req.header("cache-control") ?? "") ||
  /\bno-cache\b/i.test(c.req.header("pragma") ?? "")

export const isPublicRead = (method: string, path: string) =>
  method === "GET" && PUBLIC_READS.some((route) => route.test(path))

/**
 * Same filters in any order are the same question. The host is not part of
 * it (the answers name none), and a query of one filter or none is taken as
 * it is, sparing the usual request a URL parse.
 */
const keyOf = (path: string, url: string) => {
  const start = url.indexOf("?")
  const search = start < 0 ? "" : url.slice(start + 1)
  if (!search.includes("&")) return `${path}?${search}`
  const params = new URLSearchParams(search)
  params.sort()
  return `${path}?${params.toString()}`
}

const etagOf = (body: Uint8Array) =>
  `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`

/** RFC 9110 §13.1.2: If-None-Match compares weakly, and may list several tags or be "*". */
const matches = (ifNoneMatch: string | undefined, etag: string) => {
  if (ifNoneMatch === undefined) return false
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag)
}

/**
 * Caches the public reads' answers in process (bytes and ETag, keyed by the
 * normalised query) for visitors and customers, answers a matching
 * If-None-Match with 304, and marks the answers publicly cacheable. Staff,
 * who see hidden records, go to the handler every time and their answers
 * stay no-store.
 */
export const makePublicCache = (
  options: PublicCacheOptions = DEFAULT_PUBLIC_CACHE,
): PublicCache => {
  const now = options.now ?? Date.now
  const ttlMs = options.maxAgeSeconds * 1000
  const cacheControl = `public, max-age=${options.maxAgeSeconds}, stale-while-revalidate=${options.staleWhileRevalidateSeconds}`
  const entries = new Map<string, Entry>()
  // A refill started before an invalidation must not be stored after it.
  let generation = 0
  const filling = new Map<string, { generation: number; entry: Promise<Entry | null> }>()
  let hits = 0
  let misses = 0

  const invalidate = () => {
    generation++
    entries.clear()
    filling.clear()
  }

  const store = (key: string, entry: Entry) => {
    entries.delete(key)
    if (entries.size >= options.maxEntries) {
      const oldest = entries.keys().next()
      if (!oldest.done) entries.delete(oldest.value)
    }
    entries.set(key, entry)
  }

  /**
   * The entry's bytes in the coding this client takes best, compressed once
   * per entry and coding rather than once per request: on launch day nearly
   * every browser asks for brotli, and compressing 15 KB of JSON costs more
   * than serving it from memory (decision 0047).
   */
  const encoded = (entry: Entry, acceptEncoding: string | undefined) => {
    const coding =
      entry.body.length >= COMPRESSION_THRESHOLD_BYTES && chooseEncoding(acceptEncoding)
    if (!coding) return null
    let bytes = entry.encoded.get(coding)
    if (bytes === undefined) {
      bytes = compress(coding, Buffer.from(entry.body)).then((b) => new Uint8Array(b))
      entry.encoded.set(coding, bytes)
    }
    return { coding, bytes }
  }

  const answer = async (
    entry: Entry,
    ifNoneMatch: string | undefined,
    acceptEncoding: string | undefined,
  ) => {
    const variant = encoded(entry, acceptEncoding)
    const headers: Record<string, string> = {
      ...options.alwaysHeaders,
      "cache-control": cacheControl,
      // A compressed copy is the same representation in other bytes: weak, as compression marks it.
      etag: variant ? `W/${entry.etag}` : entry.etag,
      // A shared cache must not hand staff's view to a visitor or the other way round, nor
      // brotli to a client that cannot read it.
      vary: "Authorization, Accept-Encoding",
    }
    if (matches(ifNoneMatch, entry.etag)) return new Response(null, { status: 304, headers })
    if (variant === null) {
      return new Response(entry.body, {
        status: 200,
        headers: { ...headers, "content-type": entry.contentType },
      })
    }
    const body = await variant.bytes
    return new Response(body, {
      status: 200,
      headers: {
        ...headers,
        "content-type": entry.contentType,
        "content-encoding": variant.coding,
        "content-length": String(body.length),
      },
    })
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method
    const path = c.req.path
    if (!SAFE_METHODS.has(method)) {
      await next()
      if (
        c.res.status < 400 &&
        path.startsWith("/api/") &&
        !CUSTOMER_WRITE_PREFIXES.some((prefix) => path.startsWith(prefix))
      )
        invalidate()
      return
    }
    if (!isPublicRead(method, path) || !seesWhatVisitorsSee(c.req.header("authorization"))) {
      return next()
    }
    const key = keyOf(path, c.req.url)
    const ifNoneMatch = c.req.header("if-none-match")
    const acceptEncoding = c.req.header("accept-encoding")
    const revalidate = asksToRevalidate(c)
    const cached = entries.get(key)
    if (!revalidate && cached && now() - cached.storedAt < ttlMs) {
      hits++
      replaceResponse(c, await answer(cached, ifNoneMatch, acceptEncoding))
      return
    }
    // Many visitors asking at once at the end of a TTL make one database read, not hundreds.
    // A fill already under way may have read before what this client wants to see: not joined.
    const pending = revalidate ? undefined : filling.get(key)
    if (pending && pending.generation === generation) {
      const entry = await pending.entry
      if (entry) {
        hits++
        replaceResponse(c, await answer(entry, ifNoneMatch, acceptEncoding))
        return
      }
      return next()
    }
    misses++
    const startedIn = generation
    let settle: (entry: Entry | null) => void = () => {}
    filling.set(key, { generation: startedIn, entry: new Promise((resolve) => (settle = resolve)) })
    try {
      await next()
      const response = c.res
      // Only a whole, successful answer is shared; problems stay uncached.
      if (response.status !== 200) {
        settle(null)
        return
      }
      const body = new Uint8Array(await response.arrayBuffer())
      const entry: Entry = {
        body,
        etag: etagOf(body),
        contentType: response.headers.get("content-type") ?? "application/json",
        storedAt: now(),
        encoded: new Map(),
      }
      if (startedIn === generation) store(key, entry)
      settle(entry)
      replaceResponse(c, await answer(entry, ifNoneMatch, acceptEncoding))
    } catch (cause) {
      settle(null)
      throw cause
    } finally {
      if (filling.get(key)?.generation === startedIn) filling.delete(key)
    }
  }

  const freshHits: MiddlewareHandler = async (c, next) => {
    if (!isPublicRead(c.req.method, c.req.path) || asksToRevalidate(c)) return next()
    if (!seesWhatVisitorsSee(c.req.header("authorization"))) return next()
    const cached = entries.get(keyOf(c.req.path, c.req.url))
    if (!cached || now() - cached.storedAt >= ttlMs) return next()
    hits++
    replaceResponse(
      c,
      await answer(cached, c.req.header("if-none-match"), c.req.header("accept-encoding")),
    )
  }

  return { middleware, freshHits, invalidate, stats: () => ({ hits, misses }) }
}
