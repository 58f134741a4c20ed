import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Pence } from "../rules/money.js"

/** One ticket of a competition, as an order or a customer holds it. */
export interface TicketRef {
  readonly competitionId: string
  readonly ticketNumber: number
}

/** An instant-win number among some tickets: which prize it is, and whether it has been won. */
export interface InstantWinNumber extends TicketRef {
  readonly instantWinGroupId: string
  /** The group's name is the prize's ("£5 Site Credit", "Kookaburra Match Ball"). */
  readonly prizeName: string
  readonly won: boolean
}

/** A prize a paid order's ticket has just won. */
export interface WonInstantWin extends TicketRef {
  /** The instant-win ticket's own id: what the ledger credits once. */
  readonly instantWinTicketId: string
  readonly competitionName: string
  readonly instantWinGroupId: string
  readonly prizeName: string
  /** What the prize pays in site credit; null for a prize staff hand over. */
  readonly siteCredit: Pence | null
}

/**
 * What holds the tickets in the pool: a paid order (only a paid ticket
 * wins) or a free postal entry, whose single ticket is in the draw and wins
 * exactly like a bought one.
 */
export type TicketHolding =
  | { readonly kind: "Order"; readonly orderId: string }
  | { readonly kind: "PostalEntry"; readonly postalEntryId: string }

export interface InstantWinClaim {
  readonly holding: TicketHolding
  /** Null for a postal entrant without an account: their prize waits for staff. */
  readonly customerId: string | null
  /** "Sarah W.": what the public instant-win list shows (rules/instant-wins). */
  readonly winnerDisplayName: string
  /** The holding's tickets. */
  readonly tickets: readonly TicketRef[]
  readonly at: Date
}

/**
 * The instant-win numbers and who won them. Every method joins the caller's
 * transaction when there is one (Transactions.within).
 */
export interface InstantWinRepoShape {
  /**
   * Marks won, in one statement, every instant-win number among the claim's
   * tickets that is still unwon and that the holding holds in the pool,
   * with the winner, the holding and the time; answers only what this call won,
   * so a replay (or a ticket someone else holds) wins nothing.
   */
  readonly claim: (
    claim: InstantWinClaim,
  ) => Effect.Effect<readonly WonInstantWin[], RepositoryError>
  /** The prizes are dealt with (site credit paid); one already processed keeps its time. */
  readonly markProcessed: (
    instantWinTicketIds: readonly string[],
    at: Date,
  ) => Effect.Effect<void, RepositoryError>
  /** Which of these tickets are instant-win numbers, and of what. */
  readonly numbersAmong: (
    tickets: readonly TicketRef[],
  ) => Effect.Effect<readonly InstantWinNumber[], RepositoryError>
}
export class InstantWinRepo extends Context.Tag("@howzat/core/InstantWinRepo")<
  InstantWinRepo,
  InstantWinRepoShape
>() {}
