import { Clock, Effect } from "effect"

/**
 * The time now as a Date. Every use case reads time through Effect's Clock
 * port, so tests set it with TestClock and no rule ever calls `new Date()`.
 */
export const now: Effect.Effect<Date> = Effect.map(
  Clock.currentTimeMillis,
  (millis) => new Date(millis),
)
