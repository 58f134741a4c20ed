import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { unauthorized } from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import {
  AccountChanges,
  AccountRecovery,
  SecondFactor,
  type Session,
  Sessions,
} from "@howzat/core/accounts"
import { accountMessages, safeReturnUrl, verificationEmailSentMessage } from "@howzat/core/rules"
import { Effect } from "effect"
import { accountProblems as problems } from "./account-problems"
import { sessionToWire } from "./account-wire"
import { clearRefreshCookie, refreshTokenFromCookie, setRefreshCookie } from "./refresh-cookie"
import { clientAddress, shopOrigin } from "./request-context"
import { secondFactorProblems } from "./second-factor-problems"

/** Answers a sign-in: the access token in the body, the refresh token in its cookie. */
export const signedIn = (session: Session) =>
  Effect.as(
    setRefreshCookie(session.refreshToken, session.refreshTokenExpiresAt),
    sessionToWire(session),
  )

/**
 * The verification link always leads to the shop's home page, which
 * verifies the token (docs/product/screens.md); only the origin of the URL sent is used.
 */
export const verificationLinkBase = (requested: string | undefined) =>
  Effect.map(shopOrigin, (origin) => new URL("/", safeReturnUrl(requested, origin, "/")).toString())

const message = (text: string) => ({ message: text })

export const AuthHandlersLive = HttpApiBuilder.group(HowzatApi, "auth", (handlers) =>
  Effect.gen(function* () {
    const sessions = yield* Sessions
    const recovery = yield* AccountRecovery
    const changes = yield* AccountChanges
    const secondFactor = yield* SecondFactor

    return handlers
      .handle("authenticate", ({ payload }) =>
        Effect.gen(function* () {
          const session = yield* sessions.authenticate(payload, {
            address: yield* clientAddress,
            // Lets this browser in while strangers have the account throttled (decision 0013).
            refreshToken: yield* refreshTokenFromCookie,
          })
          return yield* signedIn(session)
        }).pipe(
          Effect.catchTags({
            AccountValidationFailed: problems.AccountValidationFailed,
            InvalidCredentials: problems.InvalidCredentials,
            RateLimited: problems.RateLimited,
            SecondFactorRequired: secondFactorProblems.SecondFactorRequired,
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
      .handle("authenticateByToken", ({ payload }) =>
        Effect.flatMap(sessions.authenticateByToken(payload.token), signedIn).pipe(
          Effect.catchTags({
            // A dead login link is a failed login: 401, with words the login page can show.
            OneTimeTokenInvalid: () => Effect.fail(unauthorized(accountMessages.linkInvalid)),
            SecondFactorRequired: secondFactorProblems.SecondFactorRequired,
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
      .handle("refreshToken", () =>
        Effect.flatMap(refreshTokenFromCookie, sessions.refresh).pipe(
          Effect.flatMap(signedIn),
          Effect.catchTags({
            RefreshTokenInvalid: (error) =>
              Effect.zipRight(clearRefreshCookie, problems.RefreshTokenInvalid(error)),
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
      .handle("revokeToken", () =>
        Effect.flatMap(refreshTokenFromCookie, sessions.revoke).pipe(
          Effect.zipRight(clearRefreshCookie),
          Effect.as(message(accountMessages.loggedOut)),
          Effect.catchTag("RepositoryError", problems.RepositoryError),
        ),
      )
      .handle("verifyEmail", ({ payload }) =>
        recovery.verifyEmail(payload.token).pipe(
          Effect.as(message(accountMessages.emailVerified)),
          Effect.catchTags({
            OneTimeTokenInvalid: problems.OneTimeTokenInvalid,
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
      .handle("forgotPassword", ({ payload }) =>
        Effect.gen(function* () {
          const resetLinkBase = safeReturnUrl(
            payload.returnUrl,
            yield* shopOrigin,
            "/Auth/ForgotPassword",
          )
          yield* recovery.forgotPassword(
            { email: payload.email, resetLinkBase },
            { address: yield* clientAddress },
          )
          return message(accountMessages.resetLinkSent)
        }).pipe(
          Effect.catchTags({
            AccountValidationFailed: problems.AccountValidationFailed,
            RateLimited: problems.RateLimited,
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
      .handle("resetPassword", ({ payload }) =>
        recovery.resetPassword(payload).pipe(
          Effect.as(message(accountMessages.passwordReset)),
          Effect.catchTags({
            AccountValidationFailed: problems.AccountValidationFailed,
            OneTimeTokenInvalid: problems.OneTimeTokenInvalid,
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
      .handle("requestLoginToken", ({ payload }) =>
        Effect.gen(function* () {
          // The login page logs in with a `token` parameter (authenticate-by-token).
          const loginLinkBase = safeReturnUrl(undefined, yield* shopOrigin, "/Auth/Login")
          yield* recovery.requestLoginToken(
            { email: payload.email, loginLinkBase },
            { address: yield* clientAddress },
          )
          return message(accountMessages.loginLinkSent)
        }).pipe(
          Effect.catchTags({
            AccountValidationFailed: problems.AccountValidationFailed,
            RateLimited: problems.RateLimited,
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
      .handle("changeEmailAddress", ({ payload }) =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          yield* changes.changeEmailAddress(
            principal,
            {
              ...payload,
              verificationLinkBase: yield* verificationLinkBase(payload.emailVerificationReturnUrl),
            },
            { address: yield* clientAddress },
          )
          // The same words when the address was taken: only its owner is told (decision 0013).
          return message(accountMessages.emailChanged)
        }).pipe(
          Effect.catchTags({
            AccountValidationFailed: problems.AccountValidationFailed,
            RateLimited: problems.RateLimited,
            InvalidCredentials: () => Effect.fail(unauthorized(accountMessages.sessionEnded)),
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
      .handle("resendVerificationEmail", ({ payload }) =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          const sent = yield* changes.resendVerificationEmail(
            principal,
            {
              verificationLinkBase: yield* verificationLinkBase(payload.emailVerificationReturnUrl),
            },
            { address: yield* clientAddress },
          )
          return message(
            sent.alreadyVerified
              ? accountMessages.alreadyVerified
              : verificationEmailSentMessage(sent.sentTo),
          )
        }).pipe(
          Effect.catchTags({
            RateLimited: problems.RateLimited,
            InvalidCredentials: () => Effect.fail(unauthorized(accountMessages.sessionEnded)),
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
      .handle("changePassword", ({ payload }) =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          // This browser's session carries on; every other one is logged out.
          const keep = yield* sessions.familyOf(yield* refreshTokenFromCookie)
          yield* changes.changePassword(principal, payload, keep)
          return message(accountMessages.passwordChanged)
        }).pipe(
          Effect.catchTags({
            AccountValidationFailed: problems.AccountValidationFailed,
            InvalidCredentials: () => Effect.fail(unauthorized(accountMessages.sessionEnded)),
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
      .handle("verifySecondFactor", ({ payload }) =>
        Effect.flatMap(secondFactor.verify(payload), signedIn).pipe(
          Effect.catchTags({
            InvalidSecondFactor: secondFactorProblems.InvalidSecondFactor,
            SecondFactorLocked: secondFactorProblems.SecondFactorLocked,
            RateLimited: problems.RateLimited,
            SecondFactorChallengeExpired: secondFactorProblems.SecondFactorChallengeExpired,
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
      .handle("startSecondFactorEnrolment", ({ payload }) =>
        secondFactor.startEnrolment(payload).pipe(
          Effect.catchTags({
            SecondFactorChallengeExpired: secondFactorProblems.SecondFactorChallengeExpired,
            SecondFactorAlreadyEnrolled: secondFactorProblems.SecondFactorAlreadyEnrolled,
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
      .handle("confirmSecondFactorEnrolment", ({ payload }) =>
        secondFactor.confirmEnrolment(payload).pipe(
          Effect.flatMap(({ session, recoveryCodes }) =>
            Effect.map(signedIn(session), (auth) => ({ auth, recoveryCodes })),
          ),
          Effect.catchTags({
            InvalidSecondFactor: secondFactorProblems.InvalidSecondFactor,
            RateLimited: problems.RateLimited,
            SecondFactorChallengeExpired: secondFactorProblems.SecondFactorChallengeExpired,
            SecondFactorAlreadyEnrolled: secondFactorProblems.SecondFactorAlreadyEnrolled,
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
      .handle("regenerateRecoveryCodes", ({ payload }) =>
        Effect.flatMap(CurrentUser, (principal) =>
          secondFactor.regenerateRecoveryCodes(principal, payload.code),
        ).pipe(
          Effect.map((recoveryCodes) => ({ recoveryCodes })),
          Effect.catchTags({
            InvalidSecondFactor: secondFactorProblems.InvalidSecondFactorWhenSignedIn,
            SecondFactorLocked: secondFactorProblems.SecondFactorLockedWhenSignedIn,
            RateLimited: problems.RateLimited,
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
  }),
)
