import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { validationProblem } from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import type { SpendLimitRequestJson } from "@howzat/contracts/spend-limits"
import {
  type SpendLimitInvalid,
  type SpendLimitSummary,
  SpendLimits,
} from "@howzat/core/responsible-play"
import { pence, type SpendLimit } from "@howzat/core/rules"
import { Effect } from "effect"
import { accountProblems } from "./account-problems"

/** The wire's `{ amount }` or `{ noLimit: true }` as core's limit. */
export const spendLimitFromWire = (request: SpendLimitRequestJson): SpendLimit =>
  "noLimit" in request ? { kind: "NoLimit" } : { kind: "Amount", amount: pence(request.amount) }

const limitToWire = (limit: SpendLimit) =>
  limit.kind === "NoLimit"
    ? { amount: null, noLimit: true }
    : { amount: limit.amount as number, noLimit: false }

const summaryToWire = (summary: SpendLimitSummary) => ({
  spendLimit: {
    answered: summary.limit !== null,
    limit: summary.limit === null ? null : limitToWire(summary.limit),
    pending:
      summary.pending === null
        ? null
        : { ...limitToWire(summary.pending.limit), appliesAt: summary.pending.appliesAt },
    spentThisMonth: summary.spentThisMonth as number,
    leftThisMonth: summary.leftThisMonth as number | null,
  },
})

/** The amount field's message, as the account page shows it beside the box. */
const invalidProblem = (error: SpendLimitInvalid) =>
  Effect.fail(validationProblem({ amount: [error.detail] }))

/** The customer's monthly spend limit: core's SpendLimits decides; this maps it to HTTP. */
export const SpendLimitHandlersLive = HttpApiBuilder.group(HowzatApi, "spendLimits", (handlers) =>
  Effect.gen(function* () {
    const limits = yield* SpendLimits
    return handlers
      .handle("get", ({ path }) =>
        Effect.map(
          Effect.flatMap(CurrentUser, (principal) => limits.summary(principal, path.customerId)),
          summaryToWire,
        ).pipe(
          Effect.catchTags({
            CustomerNotFound: accountProblems.CustomerNotFound,
            RepositoryError: accountProblems.RepositoryError,
          }),
        ),
      )
      .handle("set", ({ path, payload }) =>
        Effect.map(
          Effect.flatMap(CurrentUser, (principal) =>
            limits.change(principal, path.customerId, spendLimitFromWire(payload)),
          ),
          summaryToWire,
        ).pipe(
          Effect.catchTags({
            SpendLimitInvalid: invalidProblem,
            CustomerNotFound: accountProblems.CustomerNotFound,
            RepositoryError: accountProblems.RepositoryError,
          }),
        ),
      )
  }),
)
