import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"

/** A user's authenticator: the confirmed secret, or one being set up, and the last step used. */
export interface SecondFactorEnrolment {
  readonly userId: string
  /** Base32; null until an enrolment is confirmed with a code. */
  readonly secret: string | null
  /** Base32; the secret shown by the latest enrolment start, until it is confirmed. */
  readonly pendingSecret: string | null
  /** The TOTP step last accepted: a code of this step or an earlier one is a replay. */
  readonly lastUsedStep: number | null
  /**
   * Codes checked and refused since the last one accepted; at
   * SECOND_FACTOR_LOCK_AFTER the authenticator is locked (rules/second-factor).
   */
  readonly consecutiveFailures: number
}

/**
 * Second factors, their recovery codes (SHA-256 hashes only) and the sign-in
 * challenges waiting for one (token hashes only). Every method joins the
 * open transaction; the ones that decide (takeAttempt, useStep,
 * useRecoveryCode, spendChallenge, confirm, recordFailure) are single
 * atomic statements, so two requests racing with one code or one challenge
 * cannot both win, and racing wrong codes are each counted.
 */
export interface SecondFactorStoreShape {
  readonly createChallenge: (challenge: {
    readonly tokenHash: string
    readonly userId: string
    readonly createdAt: Date
    readonly expiresAt: Date
  }) => Effect.Effect<void, RepositoryError>
  /** Whose live challenge this is (not spent, not expired, attempts left); reads only. */
  readonly challengeHolder: (
    tokenHash: string,
    now: Date,
    maxAttempts: number,
  ) => Effect.Effect<string | undefined, RepositoryError>
  /**
   * Counts one attempt at a live challenge and answers whose it is; undefined
   * when it is spent, expired or has had `maxAttempts` already. The count is
   * kept whatever the attempt's outcome: call it outside a transaction that
   * a wrong code would roll back.
   */
  readonly takeAttempt: (
    tokenHash: string,
    now: Date,
    maxAttempts: number,
  ) => Effect.Effect<string | undefined, RepositoryError>
  /** Marks it spent; false if it already was (another request won). */
  readonly spendChallenge: (tokenHash: string, now: Date) => Effect.Effect<boolean, RepositoryError>
  readonly enrolmentOf: (
    userId: string,
  ) => Effect.Effect<SecondFactorEnrolment | undefined, RepositoryError>
  /** Starts (or restarts) an enrolment; the confirmed secret, if any, is untouched. */
  readonly setPendingSecret: (
    userId: string,
    secret: string,
  ) => Effect.Effect<void, RepositoryError>
  /**
   * Makes `secret` the user's, with `step` used, if it is still the pending
   * one and nothing is confirmed yet; false otherwise.
   */
  readonly confirm: (
    userId: string,
    secret: string,
    step: number,
    at: Date,
  ) => Effect.Effect<boolean, RepositoryError>
  /**
   * Records `step` as used, and clears the wrong codes in a row, if it is
   * later than every step used before and fewer than `lockAfter` wrong codes
   * came in a row; false if not (a replay, or locked meanwhile).
   */
  readonly useStep: (
    userId: string,
    step: number,
    lockAfter: number,
  ) => Effect.Effect<boolean, RepositoryError>
  /**
   * Counts one more wrong code in a row for a confirmed authenticator and
   * answers the count it reached (0 when there is none). Each of racing
   * calls reaches a count of its own. Call it outside a transaction that the
   * wrong code would roll back.
   */
  readonly recordFailure: (userId: string) => Effect.Effect<number, RepositoryError>
  /** No wrong codes in a row any more: a recovery code was accepted. */
  readonly clearFailures: (userId: string) => Effect.Effect<void, RepositoryError>
  /** Replaces every recovery code of the user with these hashes. */
  readonly replaceRecoveryCodes: (
    userId: string,
    codeHashes: readonly string[],
    at: Date,
  ) => Effect.Effect<void, RepositoryError>
  /** Spends an unused code of the user; false if there is none with this hash. */
  readonly useRecoveryCode: (
    userId: string,
    codeHash: string,
    at: Date,
  ) => Effect.Effect<boolean, RepositoryError>
  readonly unusedRecoveryCodes: (userId: string) => Effect.Effect<number, RepositoryError>
  /**
   * Forgets the authenticator (and so its lock), the recovery codes and any
   * waiting challenge; false if there was none.
   */
  readonly reset: (userId: string) => Effect.Effect<boolean, RepositoryError>
}
export class SecondFactorStore extends Context.Tag("@howzat/core/SecondFactorStore")<
  SecondFactorStore,
  SecondFactorStoreShape
>() {}
