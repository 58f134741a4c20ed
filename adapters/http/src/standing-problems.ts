import { Conflict, problemType, ServiceUnavailable } from "@howzat/contracts/problems"
import type { AgeVerificationUnavailable } from "@howzat/core/ports"
import type {
  AccountAlreadyClosed,
  AccountNotInGoodStanding,
  AgeNotVerified,
  PauseRefused,
} from "@howzat/core/responsible-play"
import { ageRefusalMessage, pauseRefusalMessage, standingRefusalMessage } from "@howzat/core/rules"
import { Effect } from "effect"

/**
 * Refusals of decision 0043 as problem+json: 409 with a detail the page
 * shows as it is (a break's end, what still works, where to find support).
 */
export const standingProblems = {
  AccountNotInGoodStanding: (error: AccountNotInGoodStanding) =>
    Effect.fail(
      new Conflict({
        type: problemType(
          error.standing.status === "Closed" ? "account-closed" : "account-on-a-break",
        ),
        title: error.standing.status === "Closed" ? "Account closed" : "Account on a break",
        detail: standingRefusalMessage(error.standing),
        status: 409,
      }),
    ),
  AgeNotVerified: (error: AgeNotVerified) =>
    Effect.fail(
      new Conflict({
        type: problemType("age-not-verified"),
        title: "Age not verified",
        detail: ageRefusalMessage(error.outcome, error.reason),
        status: 409,
      }),
    ),
  AgeVerificationUnavailable: (_: AgeVerificationUnavailable) =>
    Effect.fail(
      new ServiceUnavailable({
        type: problemType("age-verification-unavailable"),
        title: "Age check unavailable",
        detail: "We couldn't check your age just now. Please try again in a few minutes.",
        status: 503,
      }),
    ),
  PauseRefused: (error: PauseRefused) =>
    Effect.fail(
      new Conflict({
        type: problemType("pause-refused"),
        title: "Break not changed",
        detail: pauseRefusalMessage(error.refusal),
        status: 409,
      }),
    ),
  AccountAlreadyClosed: (_: AccountAlreadyClosed) =>
    Effect.fail(
      new Conflict({
        type: problemType("account-closed"),
        title: "Account closed",
        detail: "Your account is already closed.",
        status: 409,
      }),
    ),
}

/** The purchase gate's refusals, for checkout and buying site credit. */
export const purchaseRefusals = {
  AccountNotInGoodStanding: standingProblems.AccountNotInGoodStanding,
  AgeNotVerified: standingProblems.AgeNotVerified,
  AgeVerificationUnavailable: standingProblems.AgeVerificationUnavailable,
}

export type PurchaseRefusal = AccountNotInGoodStanding | AgeNotVerified | AgeVerificationUnavailable

export const isPurchaseRefusal = <E extends { readonly _tag?: string }>(
  error: E | PurchaseRefusal,
): error is PurchaseRefusal =>
  error._tag === "AccountNotInGoodStanding" ||
  error._tag === "AgeNotVerified" ||
  error._tag === "AgeVerificationUnavailable"

export const purchaseRefusal = (error: PurchaseRefusal) =>
  error._tag === "AccountNotInGoodStanding"
    ? standingProblems.AccountNotInGoodStanding(error)
    : error._tag === "AgeNotVerified"
      ? standingProblems.AgeNotVerified(error)
      : standingProblems.AgeVerificationUnavailable(error)
