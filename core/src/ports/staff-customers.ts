import { Context, type Effect } from "effect"
import type { CustomerNotFound } from "../accounts/errors.js"
import type { RepositoryError } from "../competitions/errors.js"
import type { ErasedPerson } from "../rules/customer-erasure.js"
import type { Pence } from "../rules/money.js"

/** A voucher a customer's order used: what the back office's customer view lists. */
export interface VoucherUse {
  readonly orderId: string
  readonly orderRef: string
  readonly code: string
  readonly description: string
  readonly at: Date
}

/** What erasing found: the sign-in to revoke, and whether this call erased anything. */
export interface Erasure {
  readonly userId: string
  /** False when the customer had been erased before: nothing changed. */
  readonly erasedNow: boolean
}

/**
 * The back office's writes on a customer. Every method joins the caller's
 * transaction (Transactions.within), so the audit entry and the change
 * commit together.
 */
export interface StaffCustomerRepoShape {
  /**
   * One ledger entry of reason Adjustment, positive or negative, with the
   * reason as its description. Core checks the balance first, read with
   * SiteCreditLedger.balanceForUpdate in the same transaction.
   */
  readonly recordSiteCreditAdjustment: (adjustment: {
    readonly customerId: string
    readonly amount: Pence
    readonly reason: string
    readonly at: Date
  }) => Effect.Effect<void, RepositoryError>
  /**
   * Replaces the person's data with `person` everywhere the shop copied it
   * (the record, draw and instant-win winner names, their postal entries,
   * staff notes on their wins, mail to them, one-time links) and makes the
   * password unusable. Orders, tickets and the ledger stay. Idempotent.
   */
  readonly erase: (
    customerId: string,
    person: ErasedPerson,
    at: Date,
  ) => Effect.Effect<Erasure, CustomerNotFound | RepositoryError>
  readonly isErased: (customerId: string) => Effect.Effect<boolean, RepositoryError>
  /** Newest first. */
  readonly vouchersUsed: (
    customerId: string,
  ) => Effect.Effect<readonly VoucherUse[], RepositoryError>
}
export class StaffCustomerRepo extends Context.Tag("@howzat/core/StaffCustomerRepo")<
  StaffCustomerRepo,
  StaffCustomerRepoShape
>() {}
