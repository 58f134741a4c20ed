import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { pageInfo } from "@howzat/contracts/paging"
import {
  type BadRequest,
  Conflict,
  type Forbidden,
  forbidden,
  type NotFound,
  notFound,
  problemType,
  type ServiceUnavailable,
} from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import type {
  AccountValidationFailed,
  EmailAlreadyRegistered,
  NotStaff,
} from "@howzat/core/accounts"
import type { Page, RepositoryError } from "@howzat/core/competitions"
import type { StaffUser } from "@howzat/core/ports"
import {
  AuditTrail,
  type LastAdminRefused,
  type OwnAccountChangeRefused,
  SecondFactorReset,
  type StaffUserNotFound,
  StaffUsers,
} from "@howzat/core/staff"
import { Effect } from "effect"
import { accountProblems } from "./account-problems"
import { repositoryProblem } from "./repository-problem"

const refused = (title: string, detail: string) =>
  new Conflict({ type: problemType("staff-user-change-refused"), title, detail, status: 409 })

export const staffUserMessages = {
  adminsOnly: "Only an admin can manage staff users.",
  noSuchUser: "There is no staff user with that id.",
  ownRole: "You cannot change your own role: ask another admin.",
  ownAccount: "You cannot remove yourself: ask another admin.",
  lastAdmin: "The shop must keep at least one admin.",
  ownSecondFactor: "You cannot reset your own second factor: ask another admin.",
  auditLogAdminsOnly: "Only an admin can read the audit log.",
} as const

const toWire = (user: StaffUser) => ({
  userId: user.userId,
  firstName: user.firstName,
  lastName: user.lastName,
  emailAddress: user.emailAddress,
  role: user.role,
  emailVerified: user.emailVerified,
  secondFactorLocked: user.secondFactorLocked,
})

const listOf = <A, B>(page: Page<A>, wire: (a: A) => B) => ({
  items: page.items.map(wire),
  ...pageInfo(page),
})

type StaffUsersError =
  | NotStaff
  | StaffUserNotFound
  | OwnAccountChangeRefused
  | LastAdminRefused
  | AccountValidationFailed
  | EmailAlreadyRegistered
  | RepositoryError

/** Whatever a call can meet, one mapping for all five calls. */
const userProblems = (
  error: StaffUsersError,
): Effect.Effect<never, BadRequest | Forbidden | NotFound | Conflict | ServiceUnavailable> => {
  switch (error._tag) {
    case "NotStaff":
      return Effect.fail(forbidden(staffUserMessages.adminsOnly))
    case "StaffUserNotFound":
      return Effect.fail(notFound("Not Found", staffUserMessages.noSuchUser))
    case "OwnAccountChangeRefused":
      return Effect.fail(
        error.change === "Remove"
          ? refused("Cannot remove yourself", staffUserMessages.ownAccount)
          : refused("Cannot change your own role", staffUserMessages.ownRole),
      )
    case "LastAdminRefused":
      return Effect.fail(refused("Last admin", staffUserMessages.lastAdmin))
    case "AccountValidationFailed":
      return accountProblems.AccountValidationFailed(error)
    case "EmailAlreadyRegistered":
      return accountProblems.EmailAlreadyRegistered(error)
    case "RepositoryError":
      return repositoryProblem(error)
  }
}

/** /api/Users: who may do what, and the guards, are core's (StaffUsers); this maps to HTTP. */
export const StaffUserHandlersLive = HttpApiBuilder.group(HowzatApi, "users", (handlers) =>
  Effect.gen(function* () {
    const users = yield* StaffUsers
    const secondFactors = yield* SecondFactorReset
    return handlers
      .handle("list", ({ urlParams }) =>
        Effect.flatMap(CurrentUser, (by) =>
          users.list(by, {
            firstName: urlParams.FirstName,
            lastName: urlParams.LastName,
            emailAddress: urlParams.EmailAddress,
            role: urlParams.Role,
            page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
          }),
        ).pipe(
          Effect.map((page) => listOf(page, toWire)),
          Effect.catchAll(userProblems),
        ),
      )
      .handle("create", ({ payload }) =>
        Effect.flatMap(CurrentUser, (by) => users.create(by, payload)).pipe(
          Effect.map((user) => ({ user: toWire(user) })),
          Effect.catchAll(userProblems),
        ),
      )
      .handle("byId", ({ path }) =>
        Effect.flatMap(CurrentUser, (by) => users.get(by, path.userId)).pipe(
          Effect.map((user) => ({ user: toWire(user) })),
          Effect.catchAll(userProblems),
        ),
      )
      .handle("update", ({ path, payload }) =>
        Effect.flatMap(CurrentUser, (by) => users.update(by, path.userId, payload)).pipe(
          Effect.map((user) => ({ user: toWire(user) })),
          Effect.catchAll(userProblems),
        ),
      )
      .handle("remove", ({ path }) =>
        Effect.flatMap(CurrentUser, (by) => users.remove(by, path.userId)).pipe(
          Effect.catchAll(userProblems),
        ),
      )
      .handle("resetSecondFactor", ({ path }) =>
        Effect.flatMap(CurrentUser, (by) => secondFactors.reset(by, path.userId)).pipe(
          Effect.catchAll((error) =>
            error._tag === "OwnSecondFactorResetRefused"
              ? Effect.fail(
                  refused("Cannot reset your own second factor", staffUserMessages.ownSecondFactor),
                )
              : userProblems(error),
          ),
        ),
      )
  }),
)

/** /api/AuditLog, newest first (AuditTrail asks the matrix for ViewAuditLog). */
export const AuditLogHandlersLive = HttpApiBuilder.group(HowzatApi, "auditLog", (handlers) =>
  Effect.gen(function* () {
    const trail = yield* AuditTrail
    return handlers.handle("list", ({ urlParams }) =>
      Effect.flatMap(CurrentUser, (by) =>
        trail.list(by, {
          actorUserId: urlParams.ActorUserId,
          action: urlParams.Action,
          subjectType: urlParams.SubjectType,
          subjectId: urlParams.SubjectId,
          from: urlParams.From,
          to: urlParams.To,
          page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
        }),
      ).pipe(
        Effect.map((page) => listOf(page, (entry) => entry)),
        Effect.catchTags({
          NotStaff: () => Effect.fail(forbidden(staffUserMessages.auditLogAdminsOnly)),
          RepositoryError: repositoryProblem,
        }),
      ),
    )
  }),
)
