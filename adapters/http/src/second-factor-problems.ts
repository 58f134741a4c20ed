import { HttpServerResponse } from "@effect/platform"
import {
  INVALID_SECOND_FACTOR_PROBLEM,
  SECOND_FACTOR_CHALLENGE_EXPIRED_PROBLEM,
  SECOND_FACTOR_LOCKED_PROBLEM,
  SECOND_FACTOR_REQUIRED_PROBLEM,
} from "@howzat/contracts/problem-types"
import { BadRequest, Conflict, problemType, Unauthorized } from "@howzat/contracts/problems"
import { SecondFactorRequired as SecondFactorRequiredProblem } from "@howzat/contracts/second-factor"
import type { SecondFactorRequired } from "@howzat/core/accounts"
import { Effect, Schema } from "effect"

/** The words of the second-factor problems (decision 0032); the admin app shows the details. */
export const secondFactorMessages = {
  enterCode: "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  enrol: "Set up an authenticator app to finish signing in.",
  invalidCode: "That code is not right. Try the current code from your authenticator app.",
  challengeExpired: "Your sign-in has timed out. Sign in again.",
  locked:
    "Two-step sign-in to this account is locked after too many wrong codes, so codes from your authenticator app are not accepted. Sign in with one of your recovery codes, or ask another admin to reset your two-step sign-in.",
  alreadyEnrolled:
    "An authenticator app is already set up for this account. If you have lost it, use a recovery code or ask another admin to reset it.",
} as const

const INVALID_TITLE = "Invalid second factor"
const LOCKED_TITLE = "Second factor locked"

/** Core's second-factor errors as problem+json, one place for the wording. */
export const secondFactorProblems = {
  /**
   * 401 with the challenge; no cookie is set, so no session exists yet.
   * Answered as a response rather than failed with the contract's class:
   * HttpApi encodes a failure with the first error schema it fits, and
   * every problem fits Unauthorized, which would drop `challenge`.
   */
  SecondFactorRequired: (error: SecondFactorRequired) =>
    Effect.succeed(
      HttpServerResponse.unsafeJson(
        Schema.encodeSync(SecondFactorRequiredProblem)(
          new SecondFactorRequiredProblem({
            type: SECOND_FACTOR_REQUIRED_PROBLEM,
            title: "Second factor required",
            detail: error.enrolled ? secondFactorMessages.enterCode : secondFactorMessages.enrol,
            status: 401,
            challenge: error.challenge,
            enrolled: error.enrolled,
          }),
        ),
        { status: 401, contentType: "application/problem+json" },
      ),
    ),
  InvalidSecondFactor: () =>
    Effect.fail(
      new Unauthorized({
        type: INVALID_SECOND_FACTOR_PROBLEM,
        title: INVALID_TITLE,
        detail: secondFactorMessages.invalidCode,
        status: 401,
      }),
    ),
  /**
   * For a signed-in caller a wrong code is a 400: a 401 there would tell
   * the client its access token had expired.
   */
  InvalidSecondFactorWhenSignedIn: () =>
    Effect.fail(
      new BadRequest({
        type: INVALID_SECOND_FACTOR_PROBLEM,
        title: INVALID_TITLE,
        detail: secondFactorMessages.invalidCode,
        status: 400,
      }),
    ),
  /** 401 at sign-in, as a wrong code is there: no session exists yet. */
  SecondFactorLocked: () =>
    Effect.fail(
      new Unauthorized({
        type: SECOND_FACTOR_LOCKED_PROBLEM,
        title: LOCKED_TITLE,
        detail: secondFactorMessages.locked,
        status: 401,
      }),
    ),
  /** 400 for a signed-in caller, for the reason a wrong code is one there. */
  SecondFactorLockedWhenSignedIn: () =>
    Effect.fail(
      new BadRequest({
        type: SECOND_FACTOR_LOCKED_PROBLEM,
        title: LOCKED_TITLE,
        detail: secondFactorMessages.locked,
        status: 400,
      }),
    ),
  SecondFactorChallengeExpired: () =>
    Effect.fail(
      new Unauthorized({
        type: SECOND_FACTOR_CHALLENGE_EXPIRED_PROBLEM,
        title: "Sign-in timed out",
        detail: secondFactorMessages.challengeExpired,
        status: 401,
      }),
    ),
  SecondFactorAlreadyEnrolled: () =>
    Effect.fail(
      new Conflict({
        type: problemType("second-factor-already-enrolled"),
        title: "Already set up",
        detail: secondFactorMessages.alreadyEnrolled,
        status: 409,
      }),
    ),
}
