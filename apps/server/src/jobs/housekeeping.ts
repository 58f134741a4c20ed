import {
  type DatabaseHandle,
  purgeExpiredChallenges,
  purgeExpiredTokens,
  purgeRateLimits,
} from "@howzat/postgres"

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * Hourly: forget rate-limit windows and tokens that can no longer matter,
 * so the tables stay small. Idempotent, so several processes may all run it.
 */
export const startHousekeeping = (
  db: DatabaseHandle["db"],
  options: { readonly longestRateLimitWindowMs: number; readonly intervalMs?: number },
) => {
  const run = async () => {
    const now = new Date()
    try {
      await purgeExpiredTokens(db, now)
      await purgeExpiredChallenges(db, now)
      // A window that started before the longest one could reach counts nothing now.
      const keep = Math.max(DAY, options.longestRateLimitWindowMs)
      await purgeRateLimits(db, new Date(now.getTime() - keep))
    } catch (error) {
      console.error("housekeeping failed; will try again", error)
    }
  }
  const timer = setInterval(run, options.intervalMs ?? HOUR)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
