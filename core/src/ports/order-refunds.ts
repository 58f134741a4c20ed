import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Pence } from "../rules/money.js"
import type { RefundCompetition } from "../rules/refunds.js"

/** A ticket of the order that won something: an order that won is not refunded (decision 0029). */
export interface WinningTicket {
  readonly competitionId: string
  readonly ticketNumber: number
  readonly prize: "Main" | "InstantWin"
}

export interface RefundFacts {
  /** The competitions the order holds tickets in. */
  readonly competitions: readonly RefundCompetition[]
  readonly winningTickets: readonly WinningTicket[]
}

/**
 * What a staff refund reads and changes beyond the order, its payments and
 * the ledger. Every method joins the caller's transaction.
 */
export interface OrderRefundRepoShape {
  readonly facts: (orderId: string) => Effect.Effect<RefundFacts, RepositoryError>
  /** Puts the order's tickets in these competitions back on sale; answers how many. */
  readonly returnTickets: (
    orderId: string,
    competitionIds: readonly string[],
  ) => Effect.Effect<number, RepositoryError>
  /**
   * Takes back the club credit the order earned, once: a negative entry per
   * club. Answers what this call took back (0 if none, or done before).
   */
  readonly reverseClubCredit: (orderId: string, at: Date) => Effect.Effect<Pence, RepositoryError>
}
export class OrderRefundRepo extends Context.Tag("@howzat/core/OrderRefundRepo")<
  OrderRefundRepo,
  OrderRefundRepoShape
>() {}
