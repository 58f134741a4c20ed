import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { BadRequest, Forbidden, problemType } from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import {
  type ReferralInvitationInvalid,
  type ReferralInvitationsNotAllowed,
  Referrals,
} from "@howzat/core/referrals"
import { Effect } from "effect"
import { accountProblems } from "./account-problems"

/** The addresses the rules refused, by their place in the list, so the page marks them. */
const invitationProblem = (error: ReferralInvitationInvalid) =>
  Effect.fail(
    new BadRequest({
      type: problemType("referral-invitation-invalid"),
      title: "Invitation not sent",
      detail: error.detail,
      status: 400,
      ...(error.invalid.length > 0
        ? { errors: { emails: error.invalid.map((email) => `${email} is not an email address.`) } }
        : {}),
    }),
  )

/** Not yet allowed to invite (decision 0065): 403, with the condition in the customer's words. */
const notAllowedProblem = (error: ReferralInvitationsNotAllowed) =>
  Effect.fail(
    new Forbidden({
      type: problemType("referral-invitations-not-allowed"),
      title: "Invitations not available yet",
      detail: error.detail,
      status: 403,
    }),
  )

/** Refer a friend: core's Referrals decides; this maps its answers to HTTP. */
export const ReferralHandlersLive = HttpApiBuilder.group(HowzatApi, "referrals", (handlers) =>
  Effect.gen(function* () {
    const referrals = yield* Referrals
    return handlers
      .handle("summary", ({ path }) =>
        Effect.gen(function* () {
          const summary = yield* referrals.summary(yield* CurrentUser, path.customerId)
          return { referrals: { ...summary, friends: [...summary.friends] } }
        }).pipe(
          Effect.catchTags({
            CustomerNotFound: accountProblems.CustomerNotFound,
            RepositoryError: accountProblems.RepositoryError,
          }),
        ),
      )
      .handle("invite", ({ path, payload }) =>
        Effect.gen(function* () {
          return yield* referrals.invite(yield* CurrentUser, path.customerId, payload.emails)
        }).pipe(
          Effect.catchTags({
            ReferralInvitationInvalid: invitationProblem,
            ReferralInvitationsNotAllowed: notAllowedProblem,
            CustomerNotFound: accountProblems.CustomerNotFound,
            RateLimited: accountProblems.RateLimited,
            RepositoryError: accountProblems.RepositoryError,
          }),
        ),
      )
  }),
)
