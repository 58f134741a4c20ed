import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { Conflict, problemType } from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import { type CustomerErased, StaffCustomers } from "@howzat/core/customers"
import { Effect } from "effect"
import { accountProblems as problems } from "./account-problems"
import { customerToWire } from "./account-wire"

/** Nobody is left to edit or credit once a customer is erased (docs/decisions/0029). */
export const customerErased = (_: CustomerErased) =>
  Effect.fail(
    new Conflict({
      type: problemType("customer-erased"),
      title: "Customer erased",
      detail: "This customer's personal data was erased; the record can no longer be changed.",
      status: 409,
    }),
  )

/** The back office's customer calls: core authorizes each (ManageCustomers) and audits each write. */
export const StaffCustomerHandlersLive = HttpApiBuilder.group(
  HowzatApi,
  "staffCustomers",
  (handlers) =>
    Effect.gen(function* () {
      const staffCustomers = yield* StaffCustomers

      return handlers
        .handle("erase", ({ path }) =>
          Effect.flatMap(CurrentUser, (principal) =>
            staffCustomers.erase(principal, path.customerId),
          ).pipe(
            Effect.map((customer) => ({ customer: customerToWire(customer) })),
            Effect.catchTags({
              NotStaff: problems.NotStaff,
              CustomerNotFound: problems.CustomerNotFound,
              RepositoryError: problems.RepositoryError,
            }),
          ),
        )
        .handle("adjustSiteCredit", ({ path, payload }) =>
          Effect.flatMap(CurrentUser, (principal) =>
            staffCustomers.adjustSiteCredit(principal, path.customerId, payload),
          ).pipe(
            Effect.map((balance) => ({ siteCreditAccount: { balance } })),
            Effect.catchTags({
              NotStaff: problems.NotStaff,
              AccountValidationFailed: problems.AccountValidationFailed,
              CustomerNotFound: problems.CustomerNotFound,
              CustomerErased: customerErased,
              RepositoryError: problems.RepositoryError,
            }),
          ),
        )
        .handle("details", ({ path }) =>
          Effect.flatMap(CurrentUser, (principal) =>
            staffCustomers.view(principal, path.customerId),
          ).pipe(
            Effect.map((view) => ({
              customerId: view.customer.customerId,
              erased: view.erased,
              vouchersUsed: view.vouchersUsed.map((use) => ({
                orderId: use.orderId,
                orderRef: use.orderRef,
                code: use.code,
                description: use.description,
                usedDateUtc: use.at,
              })),
            })),
            Effect.catchTags({
              NotStaff: problems.NotStaff,
              CustomerNotFound: problems.CustomerNotFound,
              RepositoryError: problems.RepositoryError,
            }),
          ),
        )
    }),
)
