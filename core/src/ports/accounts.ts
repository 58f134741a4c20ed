import { Context, type Effect } from "effect"
import type { CustomerNotFound, EmailAlreadyRegistered } from "../accounts/errors.js"
import type {
  Customer,
  CustomerDetails,
  CustomerQuery,
  NewCustomerAccount,
  OneTimeTokenPurpose,
  Role,
  User,
  UserWithPassword,
} from "../accounts/model.js"
import type { RepositoryError } from "../competitions/errors.js"
import type { Page } from "../competitions/model.js"

/**
 * Every repository here joins the transaction of `Transactions.within` when
 * one is open, so a use case can change several of them (and write the
 * outbox) all or nothing.
 */
export interface UserRepoShape {
  /** Case-insensitive. */
  readonly byEmail: (email: string) => Effect.Effect<UserWithPassword | undefined, RepositoryError>
  readonly byId: (userId: string) => Effect.Effect<UserWithPassword | undefined, RepositoryError>
  /** A staff or admin sign-in (no customer record); customers come through CustomerRepo.register. */
  readonly createStaff: (user: {
    readonly emailAddress: string
    readonly passwordHash: string
    readonly firstName: string
    readonly lastName: string
    readonly role: Exclude<Role, "Customer">
  }) => Effect.Effect<User, EmailAlreadyRegistered | RepositoryError>
  readonly setPasswordHash: (
    userId: string,
    passwordHash: string,
  ) => Effect.Effect<void, RepositoryError>
  /** Marks the address verified only if it is still the user's address. */
  readonly markEmailVerified: (
    userId: string,
    email: string,
  ) => Effect.Effect<boolean, RepositoryError>
  /** The new address starts unverified. */
  readonly changeEmail: (
    userId: string,
    newEmail: string,
  ) => Effect.Effect<void, EmailAlreadyRegistered | RepositoryError>
}
export class UserRepo extends Context.Tag("@howzat/core/UserRepo")<UserRepo, UserRepoShape>() {}

export interface CustomerRepoShape {
  /** Creates the user and its customer record together. */
  readonly register: (
    account: NewCustomerAccount,
  ) => Effect.Effect<User, EmailAlreadyRegistered | RepositoryError>
  readonly byId: (customerId: string) => Effect.Effect<Customer, CustomerNotFound | RepositoryError>
  /**
   * The customers of `customerIds` that exist, in one read, in no particular
   * order: a page of orders names its customers without a read per order.
   */
  readonly byIds: (
    customerIds: readonly string[],
  ) => Effect.Effect<readonly Customer[], RepositoryError>
  /** Names are the user's too, so both change together. */
  readonly update: (
    customerId: string,
    details: CustomerDetails,
  ) => Effect.Effect<Customer, CustomerNotFound | RepositoryError>
  readonly list: (query: CustomerQuery) => Effect.Effect<Page<Customer>, RepositoryError>
}
export class CustomerRepo extends Context.Tag("@howzat/core/CustomerRepo")<
  CustomerRepo,
  CustomerRepoShape
>() {}

/**
 * What presenting a refresh token found. Spending is atomic: of two requests
 * with the same token exactly one gets `Fresh`.
 */
export type RefreshTokenSpend =
  | { readonly _tag: "Fresh"; readonly userId: string; readonly familyId: string }
  | { readonly _tag: "AlreadySpent"; readonly familyId: string }
  | { readonly _tag: "Expired" }
  | { readonly _tag: "Unknown" }

/** Tokens are held only as SHA-256 hashes; the token itself lives in the customer's cookie. */
export interface RefreshTokenRepoShape {
  readonly create: (token: {
    readonly tokenHash: string
    readonly userId: string
    readonly familyId: string
    readonly createdAt: Date
    readonly expiresAt: Date
  }) => Effect.Effect<void, RepositoryError>
  readonly spend: (
    tokenHash: string,
    now: Date,
  ) => Effect.Effect<RefreshTokenSpend, RepositoryError>
  readonly familyOf: (tokenHash: string) => Effect.Effect<string | undefined, RepositoryError>
  /**
   * Who holds a token that could still be refreshed: not spent, not expired,
   * not revoked. Reads only; a spent token is the mark of a copy, never a holder.
   */
  readonly holderOf: (
    tokenHash: string,
    now: Date,
  ) => Effect.Effect<
    { readonly userId: string; readonly familyId: string } | undefined,
    RepositoryError
  >
  /**
   * The user's role now, if the session (the family) still has a token of
   * theirs; null when the user or the session is gone. One indexed read:
   * what every staff call pays to know its powers are still current.
   */
  readonly roleInSession: (
    userId: string,
    familyId: string,
  ) => Effect.Effect<Role | null, RepositoryError>
  /** Deletes every token of the family: spent ones too, so nothing of the session remains. */
  readonly revokeFamily: (familyId: string) => Effect.Effect<void, RepositoryError>
  readonly revokeAllOfUser: (
    userId: string,
    options?: { readonly exceptFamilyId?: string | undefined },
  ) => Effect.Effect<void, RepositoryError>
}
export class RefreshTokenRepo extends Context.Tag("@howzat/core/RefreshTokenRepo")<
  RefreshTokenRepo,
  RefreshTokenRepoShape
>() {}

export interface OneTimeTokenRepoShape {
  readonly create: (token: {
    readonly tokenHash: string
    readonly userId: string
    readonly purpose: OneTimeTokenPurpose
    /** The address the link was sent to: verifying it verifies this address only. */
    readonly email: string
    readonly createdAt: Date
    readonly expiresAt: Date
  }) => Effect.Effect<void, RepositoryError>
  /** Atomically marks an unused, unexpired token used; undefined if there is none. */
  readonly consume: (
    tokenHash: string,
    purpose: OneTimeTokenPurpose,
    now: Date,
  ) => Effect.Effect<
    { readonly userId: string; readonly email: string } | undefined,
    RepositoryError
  >
  /**
   * Whether a token of `purpose` sent to `email` (any capitalisation) is still
   * usable: not used, not expired. Reads only.
   */
  readonly hasOutstanding: (
    userId: string,
    purpose: OneTimeTokenPurpose,
    email: string,
    now: Date,
  ) => Effect.Effect<boolean, RepositoryError>
  /** Spends every outstanding token of a purpose, e.g. older reset links once one is used. */
  readonly discardAll: (
    userId: string,
    purpose: OneTimeTokenPurpose,
    now: Date,
  ) => Effect.Effect<void, RepositoryError>
}
export class OneTimeTokenRepo extends Context.Tag("@howzat/core/OneTimeTokenRepo")<
  OneTimeTokenRepo,
  OneTimeTokenRepoShape
>() {}
