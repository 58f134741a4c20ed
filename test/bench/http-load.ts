import autocannon from "autocannon"

export interface LoadResult {
  readonly requestsPerSecond: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly non2xx: number
  readonly errors: number
}

/** A fixed number of keep-alive connections hammering one URL for a fixed time. */
export const load = async (
  url: string,
  connections: number,
  seconds: number,
): Promise<LoadResult> => {
  const result = await autocannon({ url, connections, duration: seconds })
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    // 304s would count here; the load sends no If-None-Match, so every answer is a 200.
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}
