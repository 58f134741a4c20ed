import { Secret, TOTP } from "otpauth"

/**
 * A second factor's rules (decision 0032): RFC 6238 TOTP with
 * the authenticator apps' common settings, and recovery codes for a lost
 * phone. The codes themselves are computed by `otpauth`; what counts as a
 * match, a replay or a well-formed recovery code is decided here.
 */

export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6
/** One step either side of now: a phone clock a little off, or a code typed as it rolled over. */
export const TOTP_DRIFT_STEPS = 1
/** 160 bits, the HMAC-SHA1 block RFC 4226 recommends. */
export const TOTP_SECRET_BYTES = 20

/** How long a sign-in may wait for its second factor, and how many wrong codes it may take. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000
export const CHALLENGE_MAX_ATTEMPTS = 5

/**
 * Codes checked per user, whatever the challenge or call: with the login
 * throttle's ten sign-ins of five attempts, or a stolen access token asking
 * for new recovery codes, guesses stay this few per quarter-hour.
 */
export const CODE_CHECKS_PER_USER = { max: 20, windowMs: 15 * 60_000 } as const

export const RECOVERY_CODE_COUNT = 10

/**
 * Wrong codes in a row (TOTP or recovery, at sign-in or for new recovery
 * codes) after which an Admin's second factor is locked
 * (docs/decisions/0064-second-factor-lock.md). The code budget above only
 * slows guessing down, and starts again every quarter-hour; this ends it.
 * Ten is more than anyone mistypes in a row, and leaves a guesser of six
 * digits (three steps accepted) about one chance in 33,000, once.
 */
export const SECOND_FACTOR_LOCK_AFTER = 10

/** What a code the store checked does to the count of wrong codes in a row: a success clears it. */
export const failuresAfter = (consecutiveFailures: number, accepted: boolean): number =>
  accepted ? 0 : consecutiveFailures + 1

/** Locked: the authenticator's codes are refused, even the right one, until unlocked. */
export const secondFactorLocked = (consecutiveFailures: number): boolean =>
  consecutiveFailures >= SECOND_FACTOR_LOCK_AFTER

/**
 * Whether a code of this kind is checked at all. While locked only a
 * recovery code is: it proves the owner (it was shown only to them, once)
 * and, accepted, unlocks. Another Admin's reset is the other way out.
 */
export const codeMayBeChecked = (consecutiveFailures: number, kind: "totp" | "recovery"): boolean =>
  kind === "recovery" || !secondFactorLocked(consecutiveFailures)

/**
 * The failure that locks it, reached by exactly one request however many
 * race (the store counts atomically): the owner is told once per lock, not
 * once per guess after it.
 */
export const lockedByThisFailure = (consecutiveFailuresNow: number): boolean =>
  consecutiveFailuresNow === SECOND_FACTOR_LOCK_AFTER

/** The TOTP time step of an instant: the counter both sides feed the HMAC. */
export const totpStep = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS)

const totpOf = (secretBase32: string) => ({
  secret: Secret.fromBase32(secretBase32),
  algorithm: "SHA1",
  digits: TOTP_DIGITS,
  period: TOTP_PERIOD_SECONDS,
})

/** The code an authenticator app shows for `step`. */
export const totpCode = (secretBase32: string, step: number): string =>
  TOTP.generate({ ...totpOf(secretBase32), timestamp: step * TOTP_PERIOD_SECONDS * 1000 })

/** Spaces people type between the two halves ("123 456") mean nothing. */
const compact = (code: string) => code.replace(/[\s-]/g, "")

/** Six digits: a TOTP code rather than a recovery code. */
export const looksLikeTotpCode = (code: string): boolean =>
  new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(compact(code))

/**
 * The step `code` was made for, if it is the code of now or of one step
 * either side; undefined otherwise. Whether that step was already used is
 * the store's to say (no replay).
 */
export const matchingStep = (secretBase32: string, code: string, nowMs: number) => {
  const token = compact(code)
  if (!looksLikeTotpCode(token)) return undefined
  const delta = TOTP.validate({
    ...totpOf(secretBase32),
    token,
    timestamp: nowMs,
    window: TOTP_DRIFT_STEPS,
  })
  return delta === null ? undefined : totpStep(nowMs) + delta
}

/** RFC 4648 base32 of the secret's bytes, as authenticator apps take it. */
export const totpSecretFrom = (bytes: Uint8Array): string =>
  new Secret({ buffer: bytes.slice().buffer }).base32

/**
 * What an authenticator app scans (Key Uri Format), with the settings spelled
 * out. The issuer is the brand's (core/src/brand.ts), encoded like the email.
 */
export const otpauthUri = (issuer: string, email: string, secretBase32: string): string => {
  const label = encodeURIComponent(issuer)
  return (
    `otpauth://totp/${label}:${encodeURIComponent(email)}?secret=${secretBase32}` +
    `&issuer=${label}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_PERIOD_SECONDS}`
  )
}

/**
 * Crockford's base32 alphabet in lower case: 32 symbols, so a byte's low five
 * bits pick one without bias, and no i, l, o or u to misread.
 */
export const RECOVERY_CODE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
const RECOVERY_CODE_LENGTH = 12
/** 12 symbols of 5 bits: 60 bits, beyond guessing in five tries per sign-in. */
export const RECOVERY_CODE_BYTES = RECOVERY_CODE_LENGTH

const grouped = (symbols: string) =>
  [symbols.slice(0, 4), symbols.slice(4, 8), symbols.slice(8, 12)].join("-")

/** A recovery code such as "abcd-efgh-2345" from 12 random bytes. */
export const recoveryCodeFrom = (bytes: Uint8Array): string =>
  grouped(
    Array.from(bytes.slice(0, RECOVERY_CODE_LENGTH), (b) => RECOVERY_CODE_ALPHABET[b & 31]).join(
      "",
    ),
  )

/**
 * The one form a recovery code is stored and compared in, whatever was
 * typed: any case, with or without hyphens or spaces, and (as Crockford
 * decodes) o for 0 and i or l for 1. Undefined when it cannot be one.
 */
export const normaliseRecoveryCode = (typed: string): string | undefined => {
  const symbols = compact(typed).toLowerCase().replace(/o/g, "0").replace(/[il]/g, "1")
  if (symbols.length !== RECOVERY_CODE_LENGTH) return undefined
  for (const symbol of symbols) if (!RECOVERY_CODE_ALPHABET.includes(symbol)) return undefined
  return grouped(symbols)
}
