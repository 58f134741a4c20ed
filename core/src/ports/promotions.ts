import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors"
import type { Pence } from "../rules/money"

/**
 * A promotion's uses, counted against its usage limit when an order is
 * placed and given back when an unpaid order is cancelled or expires (as
 * its tickets are), and the credit a club earns when an order that used its
 * code is paid.
 */
export interface PromotionUsesShape {
  /**
   * Counts one use of each code for the order, only while the promotion's
   * limit allows (decided in one statement, so racing checkouts cannot pass
   * it), and answers the codes that were counted. Once per order: claiming
   * again answers what the order already holds.
   */
  readonly claim: (
    orderId: string,
    codes: readonly string[],
  ) => Effect.Effect<readonly string[], RepositoryError>
  /** Gives the order's uses back; once. Answers how many were given back. */
  readonly release: (orderId: string) => Effect.Effect<number, RepositoryError>
  /** The clubs whose codes the order used. */
  readonly clubsOf: (orderId: string) => Effect.Effect<readonly string[], RepositoryError>
  /** Once per club and order; answers whether it was recorded now. */
  readonly creditClub: (
    clubId: string,
    orderId: string,
    amount: Pence,
    at: Date,
  ) => Effect.Effect<boolean, RepositoryError>
}

export class PromotionUses extends Context.Tag("@howzat/core/PromotionUses")<
  PromotionUses,
  PromotionUsesShape
>() {}
