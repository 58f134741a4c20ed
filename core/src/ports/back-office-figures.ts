import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { HourOfSales, HourOfTickets } from "../rules/dashboard-charts.js"
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
  /**
   * The same paid (Completed) orders as `sales`, placed in [from, to),
   * summed per UTC hour: only hours with a sale, oldest first. The charts'
   * grain (core/src/rules/dashboard-charts.ts puts hours into London days).
   */
  readonly salesByHour: (
    from: Date,
    to: Date,
  ) => Effect.Effect<readonly HourOfSales[], RepositoryError>
  /**
   * Tickets in paid (Completed) orders placed in [from, to), per
   * competition and UTC hour: only hours with a ticket, oldest first.
   */
  readonly ticketsByHour: (
    from: Date,
    to: Date,
  ) => Effect.Effect<readonly HourOfTickets[], RepositoryError>
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
