import {
  type DatabaseHandle,
  purgeExpiredChallenges,
  purgeExpiredTokens,
  purgeRateLimits,
} from "@howzat/postgres"
import { Duration, Effect, type Layer } from "effect"
import { periodicJob } from "./periodic"

const DAY_MS = 24 * 3_600_000

/** How often the housekeeping pass runs. */
export const HOUSEKEEPING_INTERVAL = Duration.hours(1)

/**
 * One housekeeping pass: forget rate-limit windows and tokens that can no
 * longer matter, so the tables stay small. Idempotent, so several processes
 * may all run it.
 */
export const purgeStaleRows = (
  db: DatabaseHandle["db"],
  options: { readonly longestRateLimitWindowMs: number },
): Effect.Effect<void, unknown> =>
  Effect.flatMap(
    Effect.clockWith((clock) => clock.currentTimeMillis),
    (millis) =>
      Effect.tryPromise({
        try: async () => {
          const now = new Date(millis)
          await purgeExpiredTokens(db, now)
          await purgeExpiredChallenges(db, now)
          // A window that started before the longest one could reach counts nothing now.
          const keep = Math.max(DAY_MS, options.longestRateLimitWindowMs)
          await purgeRateLimits(db, new Date(now.getTime() - keep))
        },
        catch: (error) => error,
      }),
  )

/** Hourly housekeeping; the first pass an hour after start-up (nothing is urgent). */
export const housekeeping = (
  db: DatabaseHandle["db"],
  options: { readonly longestRateLimitWindowMs: number },
  interval: Duration.DurationInput = HOUSEKEEPING_INTERVAL,
): Layer.Layer<never> =>
  periodicJob({
    name: "housekeeping",
    every: interval,
    firstPass: "after an interval",
    pass: purgeStaleRows(db, options),
  })
