import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Page, PageRequest } from "../competitions/model.js"

/** One number a basket picked, and when its hold ends (or ended). */
export interface NumberHold {
  readonly basketId: string
  readonly competitionId: string
  readonly ticketNumber: number
  readonly customerId: string
  readonly expiresAt: Date
}

export interface PickLockRequest {
  readonly basketId: string
  readonly customerId: string
  readonly competitionId: string
  /** Distinct, within the pool's range. */
  readonly numbers: readonly number[]
  readonly at: Date
}

/** What core's pickRefusal needs, read under the request's locks. */
export interface PickLocked {
  /** Numbers of the request sold, or held at `at` by another basket. */
  readonly unavailable: readonly number[]
  /** Numbers the customer's other baskets hold at `at` in the competition. */
  readonly heldInOtherBaskets: number
}

/**
 * The holds on picked numbers (docs/decisions/0080). A number has at most
 * one live hold, whatever the concurrency; a sold number is never held; a
 * hold past its expiry holds nothing (no job has to end it). The basket's
 * record of what it picked outlives an expired hold, so a checkout can say
 * which number was lost. The TicketAllocator honours the holds: a lucky dip
 * never claims a number another basket holds, and a basket's checkout
 * claims exactly its picks.
 */
export interface PickedNumberStoreShape {
  /**
   * Within a transaction (core's Transactions), before `hold`: serialises
   * the customer's picks in the competition and locks the numbers asked for
   * until the transaction ends, then reads what is unavailable.
   */
  readonly lockForPicking: (request: PickLockRequest) => Effect.Effect<PickLocked, RepositoryError>
  /**
   * Holds the numbers for the basket until `expiresAt` (a number it holds
   * already gets the new time). Answers the numbers that could not be held
   * (sold or held by another basket meanwhile): then nothing was held and
   * the caller rolls back.
   */
  readonly hold: (
    request: PickLockRequest & { readonly expiresAt: Date },
  ) => Effect.Effect<readonly number[], RepositoryError>
  /**
   * Lets the basket's picks go (those of `numbers`, or all of them in the
   * competition when null): the record and any hold it still has. Answers
   * the numbers let go, ascending.
   */
  readonly release: (
    basketId: string,
    competitionId: string,
    numbers: readonly number[] | null,
  ) => Effect.Effect<readonly number[], RepositoryError>
  /** The basket's picks, live or expired, by competition then number. */
  readonly ofBasket: (basketId: string) => Effect.Effect<readonly NumberHold[], RepositoryError>
  /** Numbers the customer's baskets other than `exceptBasketId` hold at `at`. */
  readonly heldInOtherBaskets: (
    customerId: string,
    competitionId: string,
    exceptBasketId: string,
    at: Date,
  ) => Effect.Effect<number, RepositoryError>
  /**
   * The pool's numbers neither sold nor held at `at`, ascending, from `from`
   * on (1 when absent), a page at a time; `totalCount` is how many are free
   * from `from` on.
   */
  readonly freeNumbers: (query: {
    readonly competitionId: string
    readonly at: Date
    readonly from: number
    readonly page: PageRequest
  }) => Effect.Effect<Page<number>, RepositoryError>
}
export class PickedNumberStore extends Context.Tag("@howzat/core/PickedNumberStore")<
  PickedNumberStore,
  PickedNumberStoreShape
>() {}
