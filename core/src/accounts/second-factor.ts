import { Effect } from "effect"
import { Brand } from "../brand.js"
import { UserRepo } from "../ports/accounts.js"
import { Mailer } from "../ports/mailer.js"
import { RateLimiter } from "../ports/rate-limiter.js"
import { SecondFactorStore } from "../ports/second-factors.js"
import { SecureRandom } from "../ports/secure-random.js"
import { Transactions } from "../ports/transactions.js"
import { fixedWindow, retryAfterSeconds } from "../rules/auth.js"
import {
  CHALLENGE_MAX_ATTEMPTS,
  CODE_CHECKS_PER_USER,
  codeMayBeChecked,
  lockedByThisFailure,
  looksLikeTotpCode,
  matchingStep,
  normaliseRecoveryCode,
  otpauthUri,
  RECOVERY_CODE_BYTES,
  RECOVERY_CODE_COUNT,
  recoveryCodeFrom,
  SECOND_FACTOR_LOCK_AFTER,
  secondFactorLocked,
  TOTP_SECRET_BYTES,
  totpSecretFrom,
} from "../rules/second-factor.js"
import { auditor } from "../staff/audit.js"
import { secondFactorLockedNotice } from "./emails.js"
import {
  InvalidSecondFactor,
  RateLimited,
  SecondFactorAlreadyEnrolled,
  SecondFactorChallengeExpired,
  SecondFactorLocked,
} from "./errors.js"
import type { Principal, Session, User } from "./model.js"
import { currentTime } from "./one-time-tokens.js"
import { hashSecretToken } from "./secrets.js"
import { principalOf, Sessions } from "./sessions.js"

/** What a recovery code is kept as: the hash of its one normal form. */
const recoveryCodeHash = (normalised: string) => hashSecretToken(`recovery:${normalised}`)

/**
 * The second half of an Admin's sign-in (decision 0032). A
 * right password earns a challenge (Sessions); here the challenge and a
 * code earn the session. A challenge lives five minutes and takes five
 * attempts, each counted before the code is checked and kept whatever the
 * outcome; a TOTP step, once accepted, is never accepted again for that
 * user, and a recovery code works once. Ten wrong codes in a row lock the
 * authenticator (decision 0064): its codes are refused, even the right one,
 * until a recovery code is accepted or another Admin resets it, and the
 * owner is emailed once.
 */
export class SecondFactor extends Effect.Service<SecondFactor>()("@howzat/core/SecondFactor", {
  effect: Effect.gen(function* () {
    const store = yield* SecondFactorStore
    const users = yield* UserRepo
    const sessions = yield* Sessions
    const random = yield* SecureRandom
    const transactions = yield* Transactions
    const audit = yield* auditor
    const limiter = yield* RateLimiter
    const mailer = yield* Mailer
    const brand = yield* Brand

    /** Counts one code check against the user's budget before the code is looked at. */
    const budget = (userId: string) =>
      Effect.gen(function* () {
        const now = (yield* currentTime).getTime()
        const window = fixedWindow(now, CODE_CHECKS_PER_USER.windowMs)
        const count = yield* limiter.hit(`second-factor:${userId}`, {
          start: new Date(window.start),
          end: new Date(window.end),
        })
        if (count > CODE_CHECKS_PER_USER.max)
          return yield* new RateLimited({
            action: "secondFactor",
            limit: "account",
            retryAfterSeconds: retryAfterSeconds(now, window.end),
          })
      })

    /** One attempt at the challenge, counted now (outside any transaction), and its user. */
    const attempt = (challenge: string) =>
      Effect.gen(function* () {
        const userId = yield* store.takeAttempt(
          yield* hashSecretToken(challenge),
          yield* currentTime,
          CHALLENGE_MAX_ATTEMPTS,
        )
        const user = userId === undefined ? undefined : yield* users.byId(userId)
        if (user === undefined) return yield* new SecondFactorChallengeExpired()
        yield* budget(user.id)
        return user
      })

    /** Ends the challenge and signs in; a challenge another request spent first signs nobody in. */
    const finish = (challenge: string, user: User) =>
      Effect.gen(function* () {
        const spent = yield* store.spendChallenge(
          yield* hashSecretToken(challenge),
          yield* currentTime,
        )
        if (!spent) return yield* new SecondFactorChallengeExpired()
        return yield* sessions.start(user)
      })

    /**
     * A current TOTP code of the confirmed secret, or an unused recovery
     * code; spent if accepted, and the wrong codes in a row cleared. While
     * locked a TOTP code is not even checked; a recovery code is, and
     * accepted it unlocks.
     */
    const check = (user: User, code: string) =>
      Effect.gen(function* () {
        const enrolment = yield* store.enrolmentOf(user.id)
        if (enrolment?.secret == null) return "wrong" as const
        const now = yield* currentTime
        if (looksLikeTotpCode(code)) {
          if (!codeMayBeChecked(enrolment.consecutiveFailures, "totp")) return "locked" as const
          const step = matchingStep(enrolment.secret, code, now.getTime())
          const used =
            step !== undefined && (yield* store.useStep(user.id, step, SECOND_FACTOR_LOCK_AFTER))
          return used ? ("accepted" as const) : ("wrong" as const)
        }
        const normalised = normaliseRecoveryCode(code)
        if (
          normalised === undefined ||
          !(yield* store.useRecoveryCode(user.id, yield* recoveryCodeHash(normalised), now))
        )
          return "wrong" as const
        yield* store.clearFailures(user.id)
        if (secondFactorLocked(enrolment.consecutiveFailures))
          yield* audit(principalOf(user), {
            action: "User.UnlockSecondFactor",
            subject: { type: "User", id: user.id },
            before: { locked: true, consecutiveFailures: enrolment.consecutiveFailures },
            after: { locked: false, consecutiveFailures: 0, by: "RecoveryCode" },
            at: now,
          })
        return "accepted" as const
      })

    /**
     * A wrong code, counted in a transaction of its own (so no refusal rolls
     * it back). The one that locks emails the owner and is audited, once per
     * lock however many guesses race: the store counts atomically.
     */
    const refuse = (user: User) =>
      Effect.gen(function* () {
        const at = yield* currentTime
        const failures = yield* transactions.within(
          Effect.gen(function* () {
            const failures = yield* store.recordFailure(user.id)
            if (lockedByThisFailure(failures)) {
              yield* mailer.send(
                secondFactorLockedNotice(brand, user.emailAddress, user.firstName, failures),
              )
              // Nobody else is known: the codes were entered as this account, after its password.
              yield* audit(principalOf(user), {
                action: "User.LockSecondFactor",
                subject: { type: "User", id: user.id },
                before: { locked: false, consecutiveFailures: failures - 1 },
                after: { locked: true, consecutiveFailures: failures },
                at,
              })
            }
            return failures
          }),
        )
        if (lockedByThisFailure(failures))
          yield* Effect.logWarning(
            "an Admin's second factor locked after wrong codes in a row",
          ).pipe(Effect.annotateLogs({ userId: user.id, wrongCodes: failures }))
        return yield* secondFactorLocked(failures)
          ? Effect.fail(new SecondFactorLocked())
          : Effect.fail(new InvalidSecondFactor())
      })

    /** Ten fresh codes for the user, replacing any others; only their hashes are kept. */
    const newRecoveryCodes = (userId: string) =>
      Effect.gen(function* () {
        const codes: string[] = []
        for (let i = 0; i < RECOVERY_CODE_COUNT; i++)
          codes.push(recoveryCodeFrom(yield* random.bytes(RECOVERY_CODE_BYTES)))
        const hashes = yield* Effect.forEach(codes, recoveryCodeHash)
        yield* store.replaceRecoveryCodes(userId, hashes, yield* currentTime)
        return codes
      })

    const verify = (input: { readonly challenge: string; readonly code: string }) =>
      Effect.gen(function* () {
        const user = yield* attempt(input.challenge)
        const outcome = yield* transactions.within(
          Effect.gen(function* () {
            const checked = yield* check(user, input.code)
            if (checked !== "accepted") return checked
            return yield* finish(input.challenge, user)
          }),
        )
        if (outcome === "locked") return yield* new SecondFactorLocked()
        if (outcome === "wrong") return yield* refuse(user)
        return outcome
      })

    /** A new secret for the authenticator app; again before confirming replaces it. */
    const startEnrolment = (input: { readonly challenge: string }) =>
      Effect.gen(function* () {
        const userId = yield* store.challengeHolder(
          yield* hashSecretToken(input.challenge),
          yield* currentTime,
          CHALLENGE_MAX_ATTEMPTS,
        )
        const user = userId === undefined ? undefined : yield* users.byId(userId)
        if (user === undefined) return yield* new SecondFactorChallengeExpired()
        const enrolment = yield* store.enrolmentOf(user.id)
        if (enrolment?.secret != null) return yield* new SecondFactorAlreadyEnrolled()
        const secret = totpSecretFrom(yield* random.bytes(TOTP_SECRET_BYTES))
        yield* store.setPendingSecret(user.id, secret)
        return { secret, otpauthUri: otpauthUri(brand.totpIssuer, user.emailAddress, secret) }
      })

    /** The first code from the app proves it holds the secret: enrolled, signed in, codes shown once. */
    const confirmEnrolment = (input: { readonly challenge: string; readonly code: string }) =>
      Effect.gen(function* () {
        const user = yield* attempt(input.challenge)
        const enrolment = yield* store.enrolmentOf(user.id)
        if (enrolment?.secret != null) return yield* new SecondFactorAlreadyEnrolled()
        const pending = enrolment?.pendingSecret ?? null
        const now = yield* currentTime
        const step = pending === null ? undefined : matchingStep(pending, input.code, now.getTime())
        if (pending === null || step === undefined) return yield* new InvalidSecondFactor()
        const outcome = yield* transactions.within(
          Effect.gen(function* () {
            // Lost to a restart of the enrolment (a new secret) or a confirmation at the same time.
            if (!(yield* store.confirm(user.id, pending, step, now))) return undefined
            const recoveryCodes = yield* newRecoveryCodes(user.id)
            const session: Session = yield* finish(input.challenge, user)
            return { session, recoveryCodes }
          }),
        )
        if (outcome === undefined) return yield* new InvalidSecondFactor()
        return outcome
      })

    /** New recovery codes for the signed-in user, on a current TOTP code; the old ones stop working. */
    const regenerateRecoveryCodes = (by: Principal, code: string) =>
      Effect.gen(function* () {
        yield* budget(by.userId)
        const user = yield* users.byId(by.userId)
        if (user === undefined) return yield* new InvalidSecondFactor()
        const enrolment = yield* store.enrolmentOf(by.userId)
        // A stolen access token guessing here counts towards the lock as at sign-in.
        if (enrolment !== undefined && !codeMayBeChecked(enrolment.consecutiveFailures, "totp"))
          return yield* new SecondFactorLocked()
        const now = yield* currentTime
        const step =
          enrolment?.secret == null
            ? undefined
            : matchingStep(enrolment.secret, code, now.getTime())
        if (step === undefined) return yield* refuse(user)
        const codes = yield* transactions.within(
          Effect.gen(function* () {
            if (!(yield* store.useStep(by.userId, step, SECOND_FACTOR_LOCK_AFTER))) return undefined
            const left = yield* store.unusedRecoveryCodes(by.userId)
            const codes = yield* newRecoveryCodes(by.userId)
            // Never the codes themselves: the log is read by every Admin.
            yield* audit(by, {
              action: "User.RegenerateRecoveryCodes",
              subject: { type: "User", id: by.userId },
              before: { unusedRecoveryCodes: left },
              after: { unusedRecoveryCodes: codes.length },
              at: now,
            })
            return codes
          }),
        )
        if (codes === undefined) return yield* refuse(user)
        return codes
      })

    return { verify, startEnrolment, confirmEnrolment, regenerateRecoveryCodes }
  }),
}) {}
