import { Context, type Effect } from "effect"
import type { AccessTokenInvalid } from "../accounts/errors.js"
import type { Principal } from "../accounts/model.js"

/**
 * Slow, salted password hashing (argon2id in production). `verify` answers
 * false for a malformed hash rather than failing: to a caller it is simply
 * not the password.
 */
export interface PasswordHasherShape {
  readonly hash: (password: string) => Effect.Effect<string>
  readonly verify: (passwordHash: string, password: string) => Effect.Effect<boolean>
}
export class PasswordHasher extends Context.Tag("@howzat/core/PasswordHasher")<
  PasswordHasher,
  PasswordHasherShape
>() {}

/**
 * Signed, expiring access tokens (a JWT in production). Times are passed in,
 * not read from a wall clock, so Effect's Clock (and TestClock) governs expiry.
 */
export interface AccessTokensShape {
  readonly issue: (
    principal: Principal,
    claims: {
      readonly issuedAt: Date
      readonly expiresAt: Date
      /** The session (refresh-token family) the token belongs to. */
      readonly sessionId: string
    },
  ) => Effect.Effect<string>
  readonly verify: (
    token: string,
    now: Date,
  ) => Effect.Effect<VerifiedAccessToken, AccessTokenInvalid>
}

/** Who a valid token speaks for, and its session; null for a token issued without one. */
export interface VerifiedAccessToken {
  readonly principal: Principal
  readonly sessionId: string | null
}
export class AccessTokens extends Context.Tag("@howzat/core/AccessTokens")<
  AccessTokens,
  AccessTokensShape
>() {}
