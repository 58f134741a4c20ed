import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { pageInfo } from "@howzat/contracts/paging"
import { validationProblem } from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import { CustomerAccounts, Registration } from "@howzat/core/accounts"
import { StaffCustomers } from "@howzat/core/customers"
import { accountMessages } from "@howzat/core/rules"
import { Effect } from "effect"
import { accountProblems as problems } from "./account-problems"
import { customerToWire } from "./account-wire"
import { signedIn, verificationLinkBase } from "./auth-handlers"
import { clientAddress } from "./request-context"
import { spendLimitFromWire } from "./spend-limit-handlers"
import { customerErased } from "./staff-customer-handlers"

/**
 * What a bot that filled the honey-pot is told: a sign-in that looks real
 * but names nobody and opens nothing (no cookie, a token that verifies as
 * nothing), so it has no reason to try a variation.
 */
const decoySignIn = (payload: {
  readonly firstName: string
  readonly lastName: string
  readonly emailAddress: string
}) => ({
  user: {
    firstName: payload.firstName,
    lastName: payload.lastName,
    emailAddress: payload.emailAddress,
    email: payload.emailAddress,
    role: "Customer" as const,
    customerId: globalThis.crypto.randomUUID(),
    emailVerified: false,
  },
  accessToken: globalThis.crypto.randomUUID(),
})

export const CustomerHandlersLive = HttpApiBuilder.group(HowzatApi, "customers", (handlers) =>
  Effect.gen(function* () {
    const registration = yield* Registration
    const accounts = yield* CustomerAccounts
    const staffCustomers = yield* StaffCustomers

    return handlers
      .handle("register", ({ payload }) =>
        Effect.gen(function* () {
          const outcome = yield* registration.register(
            {
              ...payload,
              spendLimit:
                payload.spendLimit === undefined
                  ? undefined
                  : spendLimitFromWire(payload.spendLimit),
              verificationLinkBase: yield* verificationLinkBase(payload.emailVerificationReturnUrl),
              honeyPot: payload.website,
            },
            { address: yield* clientAddress },
          )
          return outcome._tag === "Registered"
            ? yield* signedIn(outcome.session)
            : decoySignIn(payload)
        }).pipe(
          Effect.catchTags({
            AccountValidationFailed: problems.AccountValidationFailed,
            EmailAlreadyRegistered: problems.EmailAlreadyRegistered,
            RateLimited: problems.RateLimited,
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
      .handle("list", ({ urlParams }) =>
        Effect.gen(function* () {
          const page = yield* accounts.list(yield* CurrentUser, {
            firstName: urlParams.FirstName,
            lastName: urlParams.LastName,
            email: urlParams.Email,
            page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
          })
          return { customers: page.items.map(customerToWire), ...pageInfo(page) }
        }).pipe(
          Effect.catchTags({
            NotStaff: problems.NotStaff,
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
      .handle("byId", ({ path }) =>
        Effect.flatMap(CurrentUser, (principal) => accounts.get(principal, path.customerId)).pipe(
          Effect.map((customer) => ({ customer: customerToWire(customer) })),
          Effect.catchTags({
            CustomerNotFound: problems.CustomerNotFound,
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
      .handle("update", ({ path, payload }) =>
        Effect.gen(function* () {
          if (payload.customerId !== undefined && payload.customerId !== path.customerId)
            return yield* Effect.fail(
              validationProblem({ customerId: [accountMessages.customerIdMismatch] }),
            )
          const principal = yield* CurrentUser
          // Staff edit any record through the back office's audited path.
          const customer =
            principal.role === "Customer"
              ? yield* accounts.update(principal, path.customerId, payload)
              : yield* staffCustomers.edit(principal, path.customerId, payload)
          return { customer: customerToWire(customer) }
        }).pipe(
          Effect.catchTags({
            AccountValidationFailed: problems.AccountValidationFailed,
            CustomerNotFound: problems.CustomerNotFound,
            CustomerErased: customerErased,
            NotStaff: problems.NotStaff,
            RepositoryError: problems.RepositoryError,
          }),
        ),
      )
  }),
)
