import { Clock, Effect } from "effect"
import type { OneTimeTokenRepoShape } from "../ports/accounts.js"
import type { SecureRandomShape } from "../ports/secure-random.js"
import { SecureRandom } from "../ports/secure-random.js"
import { OneTimeTokenInvalid } from "./errors.js"
import type { OneTimeTokenPurpose } from "./model.js"
import { hashSecretToken, newSecretToken } from "./secrets.js"

export const currentTime = Effect.map(Clock.currentTimeMillis, (millis) => new Date(millis))

/**
 * Single-use tokens for links in emails (verify, reset, log in). Only the
 * hash is stored; the token itself goes into the link and nowhere else.
 */
export const makeOneTimeTokens = (repo: OneTimeTokenRepoShape, random: SecureRandomShape) => ({
  issue: (userId: string, purpose: OneTimeTokenPurpose, email: string, lifetimeMs: number) =>
    Effect.gen(function* () {
      const now = yield* currentTime
      const token = yield* Effect.provideService(newSecretToken, SecureRandom, random)
      yield* repo.create({
        tokenHash: yield* hashSecretToken(token),
        userId,
        purpose,
        email,
        createdAt: now,
        expiresAt: new Date(now.getTime() + lifetimeMs),
      })
      return token
    }),

  /** Spends a token once; unknown, expired, used or meant for another purpose all fail alike. */
  consume: (token: string, purpose: OneTimeTokenPurpose) =>
    Effect.gen(function* () {
      const trimmed = token.trim()
      if (trimmed === "") return yield* new OneTimeTokenInvalid({ purpose })
      const found = yield* repo.consume(
        yield* hashSecretToken(trimmed),
        purpose,
        yield* currentTime,
      )
      return found ?? (yield* new OneTimeTokenInvalid({ purpose }))
    }),

  /** Whether a link of `purpose` mailed to `email` could still be used now. */
  outstanding: (userId: string, purpose: OneTimeTokenPurpose, email: string) =>
    Effect.flatMap(currentTime, (now) => repo.hasOutstanding(userId, purpose, email, now)),

  discardAll: (userId: string, purpose: OneTimeTokenPurpose) =>
    Effect.flatMap(currentTime, (now) => repo.discardAll(userId, purpose, now)),
})
