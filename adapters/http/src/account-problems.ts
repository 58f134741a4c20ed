import { HttpApp, HttpServerResponse } from "@effect/platform"
import {
  applicationError,
  badRequest,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
  validationProblem,
} from "@howzat/contracts/problems"
import type {
  AccountValidationFailed,
  CustomerNotFound,
  EmailAlreadyRegistered,
  InvalidCredentials,
  NotStaff,
  OneTimeTokenInvalid,
  RateLimited,
  RefreshTokenInvalid,
} from "@howzat/core/accounts"
import { accountMessages, tooManyAttemptsMessage } from "@howzat/core/rules"
import { Effect } from "effect"
import { repositoryProblem } from "./repository-problem"

/**
 * Core's account errors as problem+json. Each handler catches the tags it
 * can meet with these, so the wording lives in one place.
 */
export const accountProblems = {
  AccountValidationFailed: (error: AccountValidationFailed) =>
    Effect.fail(
      validationProblem(
        Object.fromEntries(
          Object.entries(error.errors).flatMap(([field, message]) =>
            message === undefined ? [] : [[field, [message]]],
          ),
        ),
      ),
    ),
  InvalidCredentials: (_: InvalidCredentials) =>
    Effect.fail(unauthorized(accountMessages.loginFailed)),
  EmailAlreadyRegistered: (_: EmailAlreadyRegistered) =>
    Effect.fail(applicationError(accountMessages.emailAlreadyRegistered)),
  OneTimeTokenInvalid: (_: OneTimeTokenInvalid) =>
    Effect.fail(badRequest("Invalid or expired link", accountMessages.linkInvalid)),
  RefreshTokenInvalid: (_: RefreshTokenInvalid) =>
    Effect.fail(unauthorized(accountMessages.sessionEnded)),
  CustomerNotFound: (_: CustomerNotFound) =>
    Effect.fail(notFound("Not Found", accountMessages.noSuchCustomer)),
  NotStaff: (_: NotStaff) => Effect.fail(forbidden(accountMessages.staffOnly)),
  /** 429 with Retry-After, so well-behaved clients wait rather than hammer. */
  RateLimited: (error: RateLimited) =>
    Effect.zipRight(
      HttpApp.appendPreResponseHandler((_request, response) =>
        Effect.succeed(
          HttpServerResponse.setHeader(response, "retry-after", String(error.retryAfterSeconds)),
        ),
      ),
      Effect.fail(
        tooManyRequests(tooManyAttemptsMessage(error.retryAfterSeconds), error.retryAfterSeconds),
      ),
    ),
  RepositoryError: repositoryProblem,
}
