import { Data } from "effect"

/** Effect's way of saying an error carries nothing but its tag (constructed with no argument). */
// biome-ignore lint/complexity/noBannedTypes: Data.TaggedError needs exactly {} to allow `new E()`
type NoFields = {}

/** Wrong email or wrong password: deliberately one error, so a caller can't tell which. */
export class InvalidCredentials extends Data.TaggedError("InvalidCredentials")<NoFields> {}

/** Field name to docs/product/validation.md message (absent fields are fine); the edge answers with the validation problem. */
export class AccountValidationFailed extends Data.TaggedError("AccountValidationFailed")<{
  readonly errors: Readonly<Record<string, string | undefined>>
}> {}

/** The storefront shows docs/product/errors.md's "is it possible you've already registered?" for this. */
export class EmailAlreadyRegistered extends Data.TaggedError("EmailAlreadyRegistered")<NoFields> {}

/** A verification, reset or login link that is unknown, expired or already used. */
export class OneTimeTokenInvalid extends Data.TaggedError("OneTimeTokenInvalid")<{
  readonly purpose: "VerifyEmail" | "ResetPassword" | "Login"
}> {}

/**
 * No usable refresh token: missing, unknown, expired, or `reused` — a token
 * already exchanged was presented again, so its whole family was revoked.
 */
export class RefreshTokenInvalid extends Data.TaggedError("RefreshTokenInvalid")<{
  readonly reason: "missing" | "unknown" | "expired" | "reused" | "user-gone"
}> {}

export class AccessTokenInvalid extends Data.TaggedError("AccessTokenInvalid")<{
  readonly reason: string
}> {}

/** Staff-only work asked for by someone who isn't staff. */
export class NotStaff extends Data.TaggedError("NotStaff")<NoFields> {}

/**
 * Not there, or not the caller's: answered the same, so a customer learns
 * nothing about other customers' ids.
 */
export class CustomerNotFound extends Data.TaggedError("CustomerNotFound")<{
  readonly customerId: string
}> {}

/**
 * `limit` says which count was used up: the account's, the client address's,
 * or a trusted device's own (decision 0013).
 */
export class RateLimited extends Data.TaggedError("RateLimited")<{
  readonly action: string
  readonly limit: "account" | "address" | "device"
  readonly retryAfterSeconds: number
}> {}

/**
 * The password was right, but this role must also show a second factor
 * (decision 0032): no session yet, only a challenge to answer with a code.
 * `enrolled` is false when the user has no authenticator set up yet.
 */
export class SecondFactorRequired extends Data.TaggedError("SecondFactorRequired")<{
  readonly challenge: string
  readonly enrolled: boolean
}> {}

/** A TOTP code that is wrong, out of its window or already used, or an unknown recovery code. */
export class InvalidSecondFactor extends Data.TaggedError("InvalidSecondFactor")<NoFields> {}

/**
 * Ten wrong codes in a row locked the authenticator (decision 0064): its
 * codes are refused, even the right one, until a recovery code is accepted
 * or another Admin resets the second factor.
 */
export class SecondFactorLocked extends Data.TaggedError("SecondFactorLocked")<NoFields> {}

/** The sign-in's challenge is unknown, expired, spent, or has had all its attempts. */
export class SecondFactorChallengeExpired extends Data.TaggedError(
  "SecondFactorChallengeExpired",
)<NoFields> {}

/** Enrolling again while an authenticator is set up: another Admin resets it first. */
export class SecondFactorAlreadyEnrolled extends Data.TaggedError(
  "SecondFactorAlreadyEnrolled",
)<NoFields> {}
