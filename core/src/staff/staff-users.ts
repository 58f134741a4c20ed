import { Data, Effect } from "effect"
import { AccountValidationFailed, NotStaff } from "../accounts/errors.js"
import type { Principal } from "../accounts/model.js"
import { StaffAccounts, type StaffRole } from "../accounts/staff-accounts.js"
import { RefreshTokenRepo } from "../ports/accounts.js"
import { type StaffUser, type StaffUserQuery, StaffUserRepo } from "../ports/staff-users.js"
import { Transactions } from "../ports/transactions.js"
import { hasErrors } from "../rules/auth.js"
import { trimText, validateFirstName, validateLastName } from "../rules/validation.js"
import { auditor } from "./audit.js"
import { authorize } from "./permissions.js"

/** No staff user has this id (a customer's user id is answered the same). */
export class StaffUserNotFound extends Data.TaggedError("StaffUserNotFound")<{
  readonly userId: string
}> {}

/**
 * An admin may not remove themselves or change their own role: another
 * admin does it, so nobody locks themselves out by a slip (decision 0026).
 */
export class OwnAccountChangeRefused extends Data.TaggedError("OwnAccountChangeRefused")<{
  readonly change: "Remove" | "ChangeRole"
}> {}

/** The change would leave the shop with no Admin, and so nobody to manage staff. */
export class LastAdminRefused extends Data.TaggedError("LastAdminRefused")<{
  readonly userId: string
}> {}

export interface NewStaffUser {
  readonly emailAddress: string
  readonly firstName: string
  readonly lastName: string
  readonly role: StaffRole
}

export interface StaffUserChange {
  readonly firstName: string
  readonly lastName: string
  readonly role: StaffRole
}

/** A staff user as the audit log keeps them. */
const audited = (user: StaffUser) => ({
  emailAddress: user.emailAddress,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
})

/**
 * Admins manage the people who run the shop (docs/product/api.md's /api/Users). Every
 * call asks ManageStaff of the token's role and, for a change, that the
 * caller is still an Admin in the database: an access token outlives a
 * demotion by up to its 15 minutes, and a demoted admin must not use them
 * to demote the others. Every change is audited in its own transaction.
 */
export class StaffUsers extends Effect.Service<StaffUsers>()("@howzat/core/StaffUsers", {
  effect: Effect.gen(function* () {
    const repo = yield* StaffUserRepo
    const staffAccounts = yield* StaffAccounts
    const refreshTokens = yield* RefreshTokenRepo
    const transactions = yield* Transactions
    const audit = yield* auditor

    const found = (userId: string) =>
      Effect.flatMap(repo.byId(userId), (user) =>
        user === null ? Effect.fail(new StaffUserNotFound({ userId })) : Effect.succeed(user),
      )

    /** Inside the change's transaction: the Admins, locked, with the caller among them. */
    const lockedAdmins = (by: Principal) =>
      Effect.flatMap(repo.lockAdmins, (admins) =>
        admins.includes(by.userId) ? Effect.succeed(admins) : Effect.fail(new NotStaff()),
      )

    const list = (by: Principal, query: StaffUserQuery) =>
      Effect.zipRight(authorize(by, "ManageStaff"), repo.list(query))

    const get = (by: Principal, userId: string) =>
      Effect.zipRight(authorize(by, "ManageStaff"), found(userId))

    /** Adds them with a link to choose their own password, as `npm run staff -- add --send-link`. */
    const create = (by: Principal, user: NewStaffUser) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManageStaff")
        return yield* transactions.within(
          Effect.gen(function* () {
            yield* lockedAdmins(by)
            const added = yield* staffAccounts.add({ ...user, handover: "SetPasswordLink" })
            const created = yield* found(added.user.id)
            yield* audit(by, {
              action: "User.Create",
              subject: { type: "User", id: created.userId },
              before: null,
              after: audited(created),
            })
            return created
          }),
        )
      })

    const update = (by: Principal, userId: string, change: StaffUserChange) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManageStaff")
        const cleaned = {
          firstName: trimText(change.firstName),
          lastName: trimText(change.lastName),
          role: change.role,
        }
        const errors = {
          firstName: validateFirstName(cleaned.firstName),
          lastName: validateLastName(cleaned.lastName),
        }
        if (hasErrors(errors)) return yield* new AccountValidationFailed({ errors })
        return yield* transactions.within(
          Effect.gen(function* () {
            const admins = yield* lockedAdmins(by)
            const before = yield* found(userId)
            if (before.role !== cleaned.role) {
              if (userId === by.userId)
                return yield* new OwnAccountChangeRefused({ change: "ChangeRole" })
              if (before.role === "Admin" && admins.length <= 1)
                return yield* new LastAdminRefused({ userId })
            }
            yield* repo.update(userId, cleaned)
            // A new role takes effect at their next sign-in, not at the next refresh of an old session.
            if (before.role !== cleaned.role) yield* refreshTokens.revokeAllOfUser(userId)
            const after = yield* found(userId)
            yield* audit(by, {
              action: "User.Update",
              subject: { type: "User", id: userId },
              before: audited(before),
              after: audited(after),
            })
            return after
          }),
        )
      })

    /** Removes their sign-in and every session they have; what they did stays on record. */
    const remove = (by: Principal, userId: string) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManageStaff")
        if (userId === by.userId) return yield* new OwnAccountChangeRefused({ change: "Remove" })
        yield* transactions.within(
          Effect.gen(function* () {
            const admins = yield* lockedAdmins(by)
            const before = yield* found(userId)
            if (before.role === "Admin" && admins.length <= 1)
              return yield* new LastAdminRefused({ userId })
            yield* refreshTokens.revokeAllOfUser(userId)
            yield* repo.remove(userId)
            yield* audit(by, {
              action: "User.Delete",
              subject: { type: "User", id: userId },
              before: audited(before),
              after: null,
            })
          }),
        )
      })

    return { list, get, create, update, remove }
  }),
}) {}
