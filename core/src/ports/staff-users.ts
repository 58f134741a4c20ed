import { Context, type Effect } from "effect"
import type { StaffRole } from "../accounts/staff-accounts.js"
import type { RepositoryError } from "../competitions/errors.js"
import type { Page, PageRequest } from "../competitions/model.js"

/** A person who runs the shop: a user with the Staff or Admin role and no customer record. */
export interface StaffUser {
  readonly userId: string
  readonly emailAddress: string
  readonly firstName: string
  readonly lastName: string
  readonly role: StaffRole
  readonly emailVerified: boolean
  /**
   * Their two-step sign-in is locked after too many wrong codes in a row
   * (decision 0064): their own recovery code or another Admin's reset unlocks it.
   */
  readonly secondFactorLocked: boolean
}

/** The Users list's filters (docs/product/api.md): text filters match anywhere in the field, any case. */
export interface StaffUserQuery {
  readonly firstName?: string | undefined
  readonly lastName?: string | undefined
  readonly emailAddress?: string | undefined
  readonly role?: StaffRole | undefined
  readonly page: PageRequest
}

/**
 * Staff users as the back office manages them. Customers are never answered
 * here (they have their own calls). Joins the open transaction.
 */
export interface StaffUserRepoShape {
  /** By last name, first name, then id. */
  readonly list: (query: StaffUserQuery) => Effect.Effect<Page<StaffUser>, RepositoryError>
  readonly byId: (userId: string) => Effect.Effect<StaffUser | null, RepositoryError>
  /**
   * Every Admin's id, locked until the transaction ends: two admins demoting
   * or removing each other at once take turns, so the last Admin survives.
   */
  readonly lockAdmins: Effect.Effect<readonly string[], RepositoryError>
  readonly update: (
    userId: string,
    change: { readonly firstName: string; readonly lastName: string; readonly role: StaffRole },
  ) => Effect.Effect<void, RepositoryError>
  /** Deletes the sign-in; what they did stays (notes lose their author, the audit log keeps the id). */
  readonly remove: (userId: string) => Effect.Effect<void, RepositoryError>
}
export class StaffUserRepo extends Context.Tag("@howzat/core/StaffUserRepo")<
  StaffUserRepo,
  StaffUserRepoShape
>() {}
