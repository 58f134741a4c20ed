import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Pence } from "../rules/money.js"

/** Paid orders placed in a window, and what their tickets sold for. */
export interface SalesFigures {
  readonly orders: number
  /** The tickets' value after discounts, however it was paid (card or site credit). */
  readonly ticketSales: Pence
  /** What the orders asked to be paid by card: their totals after site credit, donations in. */
  readonly cardTakings: Pence
  readonly ticketsSold: number
}

/** A competition open for sale, and how far its tickets have gone. */
export interface CompetitionOnSale {
  readonly competitionId: string
  readonly competitionName: string
  readonly ticketsSold: number
  readonly totalTickets: number
  readonly closeDateTimeUtc: Date
  readonly visibilityStatus: "Visible" | "Hidden"
}

/** The figures the back office's dashboard reads, all at once and cheaply. */
export interface BackOfficeFiguresShape {
  /** Orders placed in [from, to) that are paid (Completed). */
  readonly sales: (from: Date, to: Date) => Effect.Effect<SalesFigures, RepositoryError>
  /** Competitions started and not closed at `now`, closing soonest first. */
  readonly onSale: (now: Date) => Effect.Effect<readonly CompetitionOnSale[], RepositoryError>
  /** Winners whose prize staff have not yet marked handed over. */
  readonly unprocessedWinners: Effect.Effect<
    { readonly main: number; readonly instantWin: number },
    RepositoryError
  >
}
export class BackOfficeFigures extends Context.Tag("@howzat/core/BackOfficeFigures")<
  BackOfficeFigures,
  BackOfficeFiguresShape
>() {}
