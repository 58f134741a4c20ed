const MINUTE_MS = 60_000

/**
 * How long to wait after the n-th failed attempt at something the provider
 * must do (a refund, a void, an expiry it will not settle yet): a minute,
 * doubling each time, never longer than `longestMs`. An outage of minutes
 * is caught up within minutes; something that cannot succeed (staff must
 * look) is not hammered, and cannot keep others waiting behind it.
 */
export const retryDelayMs = (failedAttempts: number, longestMs: number): number =>
  Math.min(longestMs, MINUTE_MS * 2 ** Math.max(0, Math.min(failedAttempts - 1, 20)))
