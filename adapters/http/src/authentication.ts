import { unauthorized } from "@howzat/contracts/problems"
import { Authentication, OptionalAuthentication } from "@howzat/contracts/security"
import { Sessions } from "@howzat/core/accounts"
import { accountMessages } from "@howzat/core/rules"
import { Effect, Layer, Option, Redacted } from "effect"

/**
 * Bearer tokens are checked by core's Sessions: a customer's by signature and
 * expiry alone, so browsing stays cheap and any server process can check
 * any token; a staff token also by one indexed read of its session and role
 * (decision 0063), so an Admin's removal, demotion or reset ends it at once.
 * A customer's token outlives a logout by up to its 15 minutes.
 */
export const requiredPrincipal = (sessions: Sessions, token: Redacted.Redacted<string>) => {
  const value = Redacted.value(token).trim()
  if (value === "") return Effect.fail(unauthorized(accountMessages.notLoggedIn))
  return sessions
    .verifyAccessToken(value)
    .pipe(Effect.mapError(() => unauthorized(accountMessages.sessionEnded)))
}

/** Browsing must not break on an expired token: a bad one is read as nobody. */
export const optionalPrincipal = (sessions: Sessions, token: Redacted.Redacted<string>) => {
  const value = Redacted.value(token).trim()
  if (value === "") return Effect.succeed(Option.none())
  return sessions.verifyAccessToken(value).pipe(
    Effect.map(Option.some),
    Effect.orElseSucceed(() => Option.none()),
  )
}

export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.map(Sessions, (sessions) => ({
    bearer: (token: Redacted.Redacted<string>) => requiredPrincipal(sessions, token),
  })),
)

export const OptionalAuthenticationLive = Layer.effect(
  OptionalAuthentication,
  Effect.map(Sessions, (sessions) => ({
    bearer: (token: Redacted.Redacted<string>) => optionalPrincipal(sessions, token),
  })),
)
