import { problemType } from "@howzat/contracts/problems"
import { rateLimitAddress } from "@howzat/core/rules"
import { problemResponse } from "./problem-response"

/**
 * How many public catalogue reads one client address may have answered
 * from the database rather than the public cache (decision 0096): a burst,
 * then a steady rate. A cache hit costs nothing and is never counted; a
 * miss (a new search, a filter nobody asked for in the last seconds, a
 * `no-cache` reload, a token the cache does not share) runs the handler and
 * the database. Without a limit one visitor typing random searches could
 * hold a server to its uncached rate and everyone else with it. An address
 * counts as the other per-address limits count it (core's rateLimitAddress:
 * an IPv6 client as its /64).
 */
export interface MissLimitOptions {
  /** Misses an address may have at once, e.g. a page of filters and a quick search. */
  readonly burst: number
  /** Misses a second an address earns back, up to the burst. */
  readonly perSecond: number
  /** Addresses remembered; the least recently seen goes first, keeping the memory bounded. */
  readonly maxAddresses: number
  /** Milliseconds since the epoch; tests pin it. */
  readonly now?: () => number
}

/**
 * Generous for a person (a search typed letter by letter is a handful of
 * misses a second) and for a household, office or mobile carrier behind one
 * address, most of whose reads are hits; a script gets ten a second.
 */
export const DEFAULT_MISS_LIMIT: MissLimitOptions = {
  burst: 60,
  perSecond: 10,
  maxAddresses: 50_000,
}

interface Bucket {
  tokens: number
  at: number
}

export interface MissLimit {
  /**
   * Takes one miss for the address: undefined when it may go ahead, or the
   * whole seconds until it may when it has used its allowance.
   */
  readonly take: (address: string) => number | undefined
}

export const makeMissLimit = (options: MissLimitOptions = DEFAULT_MISS_LIMIT): MissLimit => {
  const now = options.now ?? Date.now
  const buckets = new Map<string, Bucket>()
  return {
    take: (address) => {
      const key = rateLimitAddress(address)
      const at = now()
      const bucket = buckets.get(key)
      const tokens = bucket
        ? Math.min(options.burst, bucket.tokens + ((at - bucket.at) / 1000) * options.perSecond)
        : options.burst
      // Seen again: to the back of the queue the oldest is evicted from.
      buckets.delete(key)
      if (buckets.size >= options.maxAddresses) {
        const oldest = buckets.keys().next()
        if (!oldest.done) buckets.delete(oldest.value)
      }
      if (tokens < 1) {
        buckets.set(key, { tokens, at })
        return Math.max(1, Math.ceil((1 - tokens) / options.perSecond))
      }
      buckets.set(key, { tokens: tokens - 1, at })
      return undefined
    },
  }
}

/** The answer to a client over its allowance: a problem, with when to come back. */
export const tooManyMissesResponse = (retryAfterSeconds: number) => {
  // As the API's other 429s answer (contracts/src/problems.ts), the seconds in the body too.
  const problem = {
    type: problemType("too-many-requests"),
    title: "Too Many Requests",
    detail:
      "Too many new searches from your connection at once. Please wait a moment and try again.",
    status: 429,
    retryAfterSeconds,
  }
  return problemResponse(problem, {
    "retry-after": String(retryAfterSeconds),
    "cache-control": "no-store",
  })
}
