import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"

/**
 * Fixed-window counters shared by every server process. `hit` counts one
 * attempt against `key` in the window containing `now` and returns the count
 * so far, atomically, so concurrent attempts never both read the old count.
 */
export interface RateLimiterShape {
  readonly hit: (
    key: string,
    window: { readonly start: Date; readonly end: Date },
  ) => Effect.Effect<number, RepositoryError>
}
export class RateLimiter extends Context.Tag("@howzat/core/RateLimiter")<
  RateLimiter,
  RateLimiterShape
>() {}
