import { createHash } from "node:crypto"
import type { Context, MiddlewareHandler } from "hono"
import {
  COMPRESSION_THRESHOLD_BYTES,
  type ContentCoding,
  chooseEncoding,
  compress,
} from "./compression"
import { type MissLimit, tooManyMissesResponse } from "./miss-limit"

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
   * headers, which `answerAtOnce` answers cannot get from their middleware as
   * they are made before the app runs.
   */
  readonly alwaysHeaders?: Readonly<Record<string, string>>
  /**
   * At most so many misses per client address (miss-limit.ts): the reads
   * this cache cannot answer are the ones that cost. None when not given, or
   * for a request whose address is not known.
   */
  readonly missLimit?:
    | {
        readonly limit: MissLimit
        readonly addressOf: (c: Context) => string | undefined
      }
    | undefined
}

export const DEFAULT_PUBLIC_CACHE: PublicCacheOptions = {
  maxAgeSeconds: 5,
  staleWhileRevalidateSeconds: 30,
  maxEntries: 1000,
}

/**
 * One coding of a stored answer, with every header it is sent with, built
 * once: a hit copies nothing, formats nothing and parses nothing.
 */
interface Variant {
  /** Bytes, not an ArrayBuffer: @hono/node-server writes a Uint8Array body straight to the socket. */
  readonly body: Uint8Array<ArrayBuffer>
  /** A plain object, which @hono/node-server hands to node's writeHead without making a Headers. */
  readonly headers: Readonly<Record<string, string>>
  readonly notModified: Readonly<Record<string, string>>
}

interface Entry {
  readonly etag: string
  readonly storedAt: number
  readonly identity: Variant
  /** Compressed copies, made on the first request that asks for each coding. */
  readonly encoded: Map<ContentCoding, Promise<Variant>>
  /** The copies whose compression has finished, which a hit can send without waiting. */
  readonly ready: Map<ContentCoding, Variant>
}

export interface PublicCache {
  /**
   * Fills, revalidates and serves what `answerAtOnce` leaves to the app: a
   * HEAD, a coding not compressed yet, a percent-encoded path (decision 0051).
   */
  readonly middleware: MiddlewareHandler
  /** Forgets every answer: the next read of each goes to the database. */
  readonly invalidate: () => void
  readonly stats: () => { readonly hits: number; readonly misses: number }
  /**
   * The answer to a request that a fresh stored answer, already in the
   * coding the client takes, can answer at once; undefined for anything else.
   * Synchronous and outside Hono (`makeHttpApp` puts it in front of the
   * app's fetch): with a plain body and plain headers, @hono/node-server
   * writes it without building a Request's headers, a Response or a promise.
   * `env` is @hono/node-server's, whose node request has its headers parsed.
   */
  readonly answerAtOnce: (request: Request, env?: unknown) => Response | undefined
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
const saysNoCache = (value: string | undefined) =>
  value !== undefined && /\bno-cache\b/i.test(value)

const asksToRevalidate = (c: Context) =>
  saysNoCache(c.req.header("cache-control")) || saysNoCache(c.req.header("pragma"))

/** A request's header from node's parsed headers when there are some, else the fetch Request's. */
type HeaderOf = (name: string) => string | undefined

const headersOf = (request: Request, env: unknown): HeaderOf => {
  const parsed = (env as { incoming?: { headers?: Record<string, string | string[] | undefined> } })
    ?.incoming?.headers
  if (parsed === undefined) return (name) => request.headers.get(name) ?? undefined
  return (name) => {
    const value = parsed[name]
    return Array.isArray(value) ? value.join(", ") : value
  }
}

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

/**
 * The path and query of an absolute URL as Hono routes it, or undefined for
 * one Hono would decode first (a percent sign): such a rare request takes
 * the app's own way.
 */
const pathAndSearchOf = (url: string) => {
  const start = url.indexOf("/", url.indexOf("://") + 3)
  if (start < 0 || url.includes("%", start)) return undefined
  const query = url.indexOf("?", start)
  return { path: url.slice(start, query < 0 ? undefined : query), url }
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
  // Browsers send a handful of distinct Accept-Encoding values: each is parsed once.
  const codings = new Map<string, ContentCoding | null>()
  const codingFor = (acceptEncoding: string | undefined) => {
    if (acceptEncoding === undefined) return null
    let coding = codings.get(acceptEncoding)
    if (coding === undefined) {
      coding = chooseEncoding(acceptEncoding)
      if (codings.size < 64) codings.set(acceptEncoding, coding)
    }
    return coding
  }

  // The same few URLs arrive thousands of times: each one's key (its filters sorted) is worked out once.
  const keys = new Map<string, string>()
  const memoKeyOf = (path: string, url: string) => {
    let key = keys.get(url)
    if (key === undefined) {
      key = keyOf(path, url)
      if (keys.size >= options.maxEntries) keys.clear()
      keys.set(url, key)
    }
    return key
  }

  const variant = (
    body: Uint8Array<ArrayBuffer>,
    etag: string,
    contentType: string,
    coding: ContentCoding | null,
  ): Variant => {
    const notModified: Record<string, string> = {
      ...options.alwaysHeaders,
      "cache-control": cacheControl,
      // A compressed copy is the same representation in other bytes: weak, as compression marks it.
      etag: coding ? `W/${etag}` : etag,
      // A shared cache must not hand staff's view to a visitor or the other way round, nor
      // brotli to a client that cannot read it.
      vary: "Authorization, Accept-Encoding",
    }
    const headers: Record<string, string> = {
      ...notModified,
      "content-type": contentType,
      ...(coding ? { "content-encoding": coding } : {}),
      "content-length": String(body.byteLength),
    }
    return { body, headers, notModified }
  }

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
  const encoded = (entry: Entry, coding: ContentCoding | null) => {
    if (!coding || entry.identity.body.length < COMPRESSION_THRESHOLD_BYTES) return null
    let copy = entry.encoded.get(coding)
    if (copy === undefined) {
      copy = compress(coding, Buffer.from(entry.identity.body)).then((b) => {
        const made = variant(
          new Uint8Array(b),
          entry.etag,
          entry.identity.headers["content-type"] ?? "",
          coding,
        )
        entry.ready.set(coding, made)
        return made
      })
      entry.encoded.set(coding, copy)
    }
    return copy
  }

  const respond = (chosen: Variant, etag: string, ifNoneMatch: string | undefined) =>
    matches(ifNoneMatch, etag)
      ? new Response(null, { status: 304, headers: chosen.notModified })
      : new Response(chosen.body, { status: 200, headers: chosen.headers })

  const answer = async (
    entry: Entry,
    ifNoneMatch: string | undefined,
    acceptEncoding: string | undefined,
  ) => {
    const copy = encoded(entry, codingFor(acceptEncoding))
    return respond(copy ? await copy : entry.identity, entry.etag, ifNoneMatch)
  }

  /** A refusal when this miss is over the client's allowance, else undefined. */
  const overLimit = (c: Context) => {
    const address = options.missLimit?.addressOf(c)
    if (address === undefined || address === "") return undefined
    const retryAfter = options.missLimit?.limit.take(address)
    return retryAfter === undefined ? undefined : tooManyMissesResponse(retryAfter)
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
    if (!isPublicRead(method, path)) return next()
    // Staff, or a token nobody can read: every such read is a miss, and counts as one.
    if (!seesWhatVisitorsSee(c.req.header("authorization"))) {
      const refused = overLimit(c)
      if (refused) return refused
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
    const refused = overLimit(c)
    if (refused) return refused
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
      const etag = etagOf(body)
      const contentType = response.headers.get("content-type") ?? "application/json"
      const entry: Entry = {
        etag,
        storedAt: now(),
        identity: variant(body, etag, contentType, null),
        encoded: new Map(),
        ready: new Map(),
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

  const answerAtOnce = (request: Request, env?: unknown): Response | undefined => {
    if (request.method !== "GET") return undefined
    const target = pathAndSearchOf(request.url)
    if (target === undefined) return undefined
    // Only public reads are ever stored, so a stored key is the route check.
    const cached = entries.get(memoKeyOf(target.path, target.url))
    if (cached === undefined || now() - cached.storedAt >= ttlMs) return undefined
    const header = headersOf(request, env)
    if (saysNoCache(header("cache-control")) || saysNoCache(header("pragma"))) return undefined
    if (!seesWhatVisitorsSee(header("authorization"))) return undefined
    const coding = codingFor(header("accept-encoding"))
    let chosen = cached.identity
    if (coding && cached.identity.body.length >= COMPRESSION_THRESHOLD_BYTES) {
      const copy = cached.ready.get(coding)
      // Not compressed yet: the app's own way waits for the copy (and starts it).
      if (copy === undefined) return undefined
      chosen = copy
    }
    hits++
    return respond(chosen, cached.etag, header("if-none-match"))
  }

  return { middleware, invalidate, answerAtOnce, stats: () => ({ hits, misses }) }
}
