import { Context, Effect, Layer } from "effect"
import { RateLimiter } from "../ports/rate-limiter.js"
import {
  fixedWindow,
  LOGIN_LINK_LIFETIME_MS,
  normaliseEmail,
  PASSWORD_RESET_LIFETIME_MS,
  type RateLimit,
  rateLimitAddress,
  retryAfterSeconds,
} from "../rules/auth.js"
import { RateLimited } from "./errors.js"
import { currentTime } from "./one-time-tokens.js"
import { hashSecretToken } from "./secrets.js"

/**
 * The calls a stranger can repeat to guess passwords, spam mailboxes, fill
 * the database or find out who has an account.
 */
export type ThrottledAction =
  | "login"
  | "register"
  | "passwordReset"
  | "loginLink"
  | "changeEmail"
  /** Another verification email for the signed-in account: each one fills its owner's inbox. */
  | "verificationEmail"
  /** The contact form: each message is stored and mails two people (decision 0037). */
  | "contact"
  /** The complaints form: stored with a reference, mails the customer and care (decision 0044). */
  | "complaints"

export interface ActionLimits {
  /**
   * Per account (the email typed, or a signed-in caller's user id): slows
   * guessing one account's password from many addresses.
   */
  readonly perAccount: RateLimit
  /**
   * Per client address (an IPv6 client per /64): slows one machine working
   * through many accounts.
   */
  readonly perAddress: RateLimit
}

export interface RateLimitPolicyShape {
  readonly enabled: boolean
  readonly limits: Readonly<Record<ThrottledAction, ActionLimits>>
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** The defaults of .env.example; each is configurable. */
export const defaultRateLimitPolicy: RateLimitPolicyShape = {
  enabled: true,
  limits: {
    login: {
      perAccount: { max: 10, windowMs: 15 * MINUTE },
      perAddress: { max: 50, windowMs: 15 * MINUTE },
    },
    // Generous per address: a mobile network or an office puts many customers
    // behind one; each mailbox still gets five tries (decision 0014).
    register: {
      perAccount: { max: 5, windowMs: HOUR },
      perAddress: { max: 100, windowMs: HOUR },
    },
    passwordReset: {
      perAccount: { max: 5, windowMs: HOUR },
      perAddress: { max: 20, windowMs: HOUR },
    },
    // A quarter of an hour, as long as a link lives: see accountWindowCeilingMs.
    loginLink: {
      perAccount: { max: 3, windowMs: 15 * MINUTE },
      perAddress: { max: 20, windowMs: HOUR },
    },
    // Each attempt checks the current password and may mail the owner of the address asked for.
    changeEmail: {
      perAccount: { max: 5, windowMs: HOUR },
      perAddress: { max: 20, windowMs: HOUR },
    },
    // Keyed by the signed-in user: three more links an hour is plenty for a mail that went astray.
    verificationEmail: {
      perAccount: { max: 3, windowMs: HOUR },
      perAddress: { max: 20, windowMs: HOUR },
    },
    // Per account is per email address typed: it also caps acknowledgements mailed to one inbox.
    contact: {
      perAccount: { max: 5, windowMs: HOUR },
      perAddress: { max: 5, windowMs: HOUR },
    },
    // As the contact form: each complaint is stored and mails two people.
    complaints: {
      perAccount: { max: 5, windowMs: HOUR },
      perAddress: { max: 5, windowMs: HOUR },
    },
  },
}

/**
 * The longest per-account window of the requests that mail a link: the
 * link's lifetime. Windows are fixed, so every link mailed in a window then
 * outlives it, and a request refused for the account finds the owner's
 * mailbox holding a live link unless the owner used them all (decision
 * 0013). With a longer window the links could all expire while the limit
 * still refuses: AccountRecovery would then mail another each time, and the
 * limit would no longer be what it says.
 */
export const accountWindowCeilingMs: Readonly<Partial<Record<ThrottledAction, number>>> = {
  loginLink: LOGIN_LINK_LIFETIME_MS,
  passwordReset: PASSWORD_RESET_LIFETIME_MS,
}

export class RateLimitPolicy extends Context.Tag("@howzat/core/RateLimitPolicy")<
  RateLimitPolicy,
  RateLimitPolicyShape
>() {
  static readonly Default = Layer.succeed(RateLimitPolicy, defaultRateLimitPolicy)
}

/** One attempt at a throttled action, as far as the caller can be told apart. */
export interface Attempt {
  /** The account tried: the email typed, or a signed-in caller's user id. */
  readonly account?: string | undefined
  /** The client's network address. */
  readonly address?: string | undefined
  /**
   * A device that proved it already holds a live session of this very
   * account (its refresh family, checked by Sessions). It counts against a
   * budget of its own, so strangers using up the account's budget can't
   * keep the owner out (decision 0013).
   */
  readonly trustedDevice?: string | undefined
}

/**
 * Counts an attempt against the client address, then the account, and
 * refuses it once either is over its limit, saying which (an attempt the
 * address refuses is not counted against the account). Every attempt
 * counts, successful or not: a real customer never logs in ten times in a
 * quarter of an hour. Keys are hashed so the counter table holds no email
 * addresses or session ids.
 */
export class Throttle extends Effect.Service<Throttle>()("@howzat/core/Throttle", {
  effect: Effect.gen(function* () {
    const limiter = yield* RateLimiter
    const policy = yield* RateLimitPolicy

    const count = (
      action: ThrottledAction,
      scope: RateLimited["limit"],
      key: string,
      limit: RateLimit,
    ) =>
      Effect.gen(function* () {
        const now = (yield* currentTime).getTime()
        const window = fixedWindow(now, limit.windowMs)
        const hits = yield* limiter.hit(`${action}:${key}`, {
          start: new Date(window.start),
          end: new Date(window.end),
        })
        if (hits > limit.max)
          return yield* new RateLimited({
            action,
            limit: scope,
            retryAfterSeconds: retryAfterSeconds(now, window.end),
          })
      })

    const present = (value: string | undefined): value is string =>
      value !== undefined && value.trim() !== ""

    return {
      check: (action: ThrottledAction, attempt: Attempt) =>
        Effect.gen(function* () {
          if (!policy.enabled) return
          const limits = policy.limits[action]
          // The device's own budget is as large as an account's: a thief holding a
          // stolen session guesses its password no faster than anyone else could.
          if (present(attempt.trustedDevice)) {
            const device = yield* hashSecretToken(attempt.trustedDevice)
            return yield* count(action, "device", `device:${device}`, limits.perAccount)
          }
          if (present(attempt.address))
            yield* count(
              action,
              "address",
              `address:${rateLimitAddress(attempt.address)}`,
              limits.perAddress,
            )
          if (present(attempt.account)) {
            const account = yield* hashSecretToken(normaliseEmail(attempt.account))
            yield* count(action, "account", `account:${account}`, limits.perAccount)
          }
        }),
    }
  }),
}) {}
