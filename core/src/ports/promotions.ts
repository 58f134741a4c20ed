import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Promotion } from "../orders/model.js"
import type { Pence } from "../rules/money.js"

/**
 * A promotion's uses, counted against its usage limit when an order is
 * placed and given back when an unpaid order is cancelled or expires (as
 * its tickets are), and the credit a club earns when an order that used its
 * code is paid.
 */
export interface HeldPromotion {
  readonly promotion: Promotion
  /** Uses the customer's orders hold (paid and unpaid; cancelled ones gave theirs back). */
  readonly customerUses: number
}

export interface PromotionUsesShape {
  /**
   * The promotion and the customer's uses of it, with the promotion locked
   * until the transaction ends (run it inside Transactions.within): every
   * checkout that uses the code then waits for the one before it to commit,
   * so the per-customer limit core checks cannot be passed by racing
   * checkouts, from any number of server processes. null: no such code.
   */
  readonly holdForCheckout: (
    code: string,
    customerId: string,
  ) => Effect.Effect<HeldPromotion | null, RepositoryError>
  /** How many uses of the code the customer's orders hold: the basket's view of the limit. */
  readonly customerUses: (
    code: string,
    customerId: string,
  ) => Effect.Effect<number, RepositoryError>
  /**
   * Counts one use of each code for the order (and so for its customer),
   * only while the promotion's overall limit allows (decided in one
   * statement, so racing checkouts cannot pass it), and answers the codes
   * that were counted. Once per order: claiming again answers what the
   * order already holds.
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
