import autocannon from "autocannon"

export interface LoadResult {
  readonly requestsPerSecond: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly non2xx: number
  readonly errors: number
}

/**
 * The query parameter `distinct` loads add, a new value on every request:
 * the API ignores a parameter it does not know, so the answer is the same
 * bytes, but the shop's cache (keyed by the whole query) never has it.
 */
export const DISTINCT_PARAMETER = "miss"

/**
 * The next DISTINCT_PARAMETER value, counted across every load of the
 * process: a load that started again from 0 would ask for the very queries
 * the load just before it asked, which the shop still holds for its
 * cache's few seconds, and count cache hits as misses.
 */
let distinctSent = 0

/**
 * A fixed number of keep-alive connections hammering one URL for a fixed
 * time; with `distinct`, every request adds its own DISTINCT_PARAMETER
 * value, as a visitor typing searches makes every query new.
 */
export const load = async (
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
  distinct = false,
): Promise<LoadResult> => {
  const target = new URL(url)
  const path = `${target.pathname}${target.search}`
  const separator = target.search ? "&" : "?"
  const requests = distinct
    ? [
        {
          setupRequest: (request: autocannon.Request) => {
            request.path = `${path}${separator}${DISTINCT_PARAMETER}=${distinctSent++}`
            return request
          },
        },
      ]
    : undefined
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    ...(requests ? { requests } : {}),
  })
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    // 304s would count here; the load sends no If-None-Match, so every answer is a 200.
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

/** Two halves' results as one: requests add up, latencies are the worse half's (no better estimate of a percentile). */
export const combine = (a: LoadResult, b: LoadResult): LoadResult => ({
  requestsPerSecond: (a.requestsPerSecond + b.requestsPerSecond) / 2,
  p50Ms: Math.max(a.p50Ms, b.p50Ms),
  p99Ms: Math.max(a.p99Ms, b.p99Ms),
  non2xx: a.non2xx + b.non2xx,
  errors: a.errors + b.errors,
})
