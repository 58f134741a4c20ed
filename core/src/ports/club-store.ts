import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Page, PageRequest } from "../competitions/model.js"
import type {
  ClubCreditFigures,
  ClubLedgerEntry,
  ClubRemovalFacts,
  ListedClub,
} from "../rules/clubs.js"
import type { Pence } from "../rules/money.js"

/** A voucher as a club sees it. */
export interface ClubVoucher {
  readonly promotionId: string
  readonly code: string
  /** Its uses so far (checked-out orders that hold it). */
  readonly usageCount: number
  /** Past its end date: shoppers can no longer use it. */
  readonly validTo: Date | null
}

/** A club as staff see it: its vouchers and what its ledger adds up to. */
export interface StaffClub extends ClubCreditFigures {
  readonly id: string
  readonly name: string
  /** The code the club-perks list shows; null if that voucher was deleted. */
  readonly voucherCode: string | null
  readonly currentVoucherId: string | null
  /** Every voucher that earns the club credit, the current one among them. */
  readonly vouchers: readonly ClubVoucher[]
  /** Paid orders that earned the club credit. */
  readonly orderCount: number
  readonly createdAt: Date
}

export interface ClubQuery {
  /** Part of the name, any case. */
  readonly name?: string | undefined
  readonly page: PageRequest
}

/** A voucher found by its code, and the club it earns for, if any. */
export interface VoucherByCode {
  readonly promotionId: string
  readonly clubId: string | null
}

export interface NewPayout {
  readonly clubId: string
  readonly amount: Pence
  readonly reference: string
  readonly at: Date
  readonly recordedBy: string
}

/**
 * Staff's clubs. Writes join the caller's transaction; `held` locks the
 * club's row until it ends, so two edits or two payouts of one club queue.
 */
export interface ClubStoreShape {
  readonly list: (query: ClubQuery) => Effect.Effect<Page<StaffClub>, RepositoryError>
  readonly byId: (id: string) => Effect.Effect<StaffClub | null, RepositoryError>
  readonly held: (id: string) => Effect.Effect<StaffClub | null, RepositoryError>
  /** Newest first. */
  readonly ledger: (
    id: string,
    page: PageRequest,
  ) => Effect.Effect<Page<ClubLedgerEntry>, RepositoryError>
  readonly insert: (name: string) => Effect.Effect<{ id: string } | "NameTaken", RepositoryError>
  readonly rename: (
    id: string,
    name: string,
  ) => Effect.Effect<"Renamed" | "NameTaken", RepositoryError>
  readonly voucherByCode: (code: string) => Effect.Effect<VoucherByCode | null, RepositoryError>
  /** A new voucher for the club, made its current code. */
  readonly newVoucher: (
    clubId: string,
    code: string,
    description: string,
  ) => Effect.Effect<"Made" | "CodeTaken", RepositoryError>
  /** An existing voucher linked to the club and made its current code. */
  readonly adoptVoucher: (
    clubId: string,
    promotionId: string,
  ) => Effect.Effect<void, RepositoryError>
  /** Ends the voucher at `at` unless it already ended earlier; it stays the club's. */
  readonly endVoucher: (promotionId: string, at: Date) => Effect.Effect<void, RepositoryError>
  /**
   * What core's `clubRemovalRefusal` decides by. Locks the club's vouchers
   * first, so no checkout starts using one until the transaction ends; for
   * use inside the `Transactions.within` that removes it.
   */
  readonly removalFacts: (id: string) => Effect.Effect<ClubRemovalFacts, RepositoryError>
  /**
   * Removes a club core let go: its unused vouchers go with it, used ones
   * stay with their orders, ended at `at` and of no club.
   */
  readonly remove: (id: string, at: Date) => Effect.Effect<void, RepositoryError>
  readonly recordPayout: (payout: NewPayout) => Effect.Effect<void, RepositoryError>
}
export class ClubStore extends Context.Tag("@howzat/core/ClubStore")<ClubStore, ClubStoreShape>() {}

/** The clubs the storefront lists: those whose current voucher works at `at`. */
export interface ClubDirectoryShape {
  readonly listed: (at: Date) => Effect.Effect<readonly ListedClub[], RepositoryError>
}
export class ClubDirectory extends Context.Tag("@howzat/core/ClubDirectory")<
  ClubDirectory,
  ClubDirectoryShape
>() {}
