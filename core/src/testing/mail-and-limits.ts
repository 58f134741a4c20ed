/**
 * In-memory doubles several areas' stores share: the Mailer (an outbox that
 * can be taken down), the RateLimiter (fixed-window counters) with the
 * Throttle over it, and a Transactions double that puts a store's arrays
 * back when the work fails, as a rollback would.
 */
import { Effect, Exit, Layer } from "effect"
import type { MailMessage } from "../accounts/model.js"
import { RateLimitPolicy, type RateLimitPolicyShape, Throttle } from "../accounts/throttle.js"
import { Brand, type BrandShape } from "../brand.js"
import { RepositoryError } from "../competitions/errors.js"
import { Mailer } from "../ports/mailer.js"
import { RateLimiter } from "../ports/rate-limiter.js"
import { Transactions } from "../ports/transactions.js"

/**
 * The brand core's tests sign their letters with. Core itself has none
 * (core/src/brand.ts); these are the demo shop's words, so the texts the
 * tests assert read as the shop's own mail does.
 */
export const testBrand: BrandShape = {
  name: "Howzat",
  siteCreditName: "Howzat Credit",
  totpIssuer: "Howzat",
}
export const testBrandLayer = Layer.succeed(Brand, testBrand)

/** The RateLimiter's counters: a key's count in its current window. */
export type RateCounters = Map<string, { windowStart: number; count: number }>

/** Where the in-memory Mailer posts, and a switch that makes it fail. */
export interface MemoryOutbox {
  outbox: MailMessage[]
  /** Makes the Mailer fail, as a database error writing the outbox would. */
  mailerDown?: boolean
}

/** The Mailer in memory: posts to `mail.outbox`, or fails while `mail.mailerDown`. */
export const memoryMailer = (mail: MemoryOutbox) =>
  Layer.succeed(Mailer, {
    send: (message) =>
      mail.mailerDown === true
        ? Effect.fail(new RepositoryError({ operation: "outbox.send", cause: "down" }))
        : Effect.sync(() => void mail.outbox.push(message)),
  })

/**
 * The RateLimiter in memory, counting as the `rate_limits` upsert does: a
 * hit in the key's window (or an earlier one, from a server whose clock is a
 * little behind) adds one; a hit in a later window starts again at one.
 */
export const memoryRateLimiter = (limits: { readonly counters: RateCounters }) =>
  Layer.succeed(RateLimiter, {
    hit: (key, window) =>
      Effect.sync(() => {
        // Read through the holder: a store's rollback may put a new Map there.
        const { counters } = limits
        const current = counters.get(key)
        const start = window.start.getTime()
        const next =
          current === undefined || start > current.windowStart
            ? { windowStart: start, count: 1 }
            : { windowStart: current.windowStart, count: current.count + 1 }
        counters.set(key, next)
        return next.count
      }),
  })

/** The Throttle over the in-memory RateLimiter, with the shop's policy unless one is given. */
export const memoryThrottle = (
  limits: { readonly counters: RateCounters },
  policy?: RateLimitPolicyShape,
) =>
  Throttle.Default.pipe(
    Layer.provide(
      Layer.merge(
        memoryRateLimiter(limits),
        policy ? Layer.succeed(RateLimitPolicy, policy) : RateLimitPolicy.Default,
      ),
    ),
  )

/**
 * Transactions that put the given arrays back, in place, when the work
 * fails. In place, because the doubles hold on to the arrays themselves.
 * Rate-limit counters are left out on purpose: the database counts them
 * outside the request's transaction too.
 */
export const transactionsRestoring = (arrays: () => readonly unknown[][]) =>
  Layer.succeed(Transactions, {
    within: (effect) =>
      Effect.suspend(() => {
        const before = arrays().map((array) => [...array])
        return Effect.onExit(effect, (exit) =>
          Effect.sync(() => {
            if (Exit.isFailure(exit)) {
              arrays().forEach((array, i) => {
                array.splice(0, array.length, ...(before[i] ?? []))
              })
            }
          }),
        )
      }),
  })
