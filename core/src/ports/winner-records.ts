import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Page, PageRequest } from "../competitions/model.js"
import type {
  InstantWinPrizeWinner,
  MainPrizeWinner,
  PrizeAwardedAs,
  Processed,
  WinnerKind,
  WinnerNote,
  WinnerProcessedStatus,
  WinnerRef,
  WinnerVisibility,
} from "../winners/model.js"

export interface WinnerListQuery {
  readonly status: WinnerProcessedStatus
  /** All when absent. */
  readonly visibility?: WinnerVisibility | undefined
  readonly page: PageRequest
}

/**
 * Where winners' hand-over is kept. A main winner is a draw with a winning
 * ticket; an instant-win winner is a won instant-win ticket. Anything that
 * names a winner answers null (or false) when there is no such winner, and
 * anything that names a note answers null (or false) unless the note is
 * about a winner of `kind`; core turns those into not-found errors.
 */
export interface WinnerRecordsShape {
  /** Latest draw first. */
  readonly mainPrizeWinners: (
    query: WinnerListQuery,
  ) => Effect.Effect<Page<MainPrizeWinner>, RepositoryError>
  /** Latest win first. */
  readonly instantWinPrizeWinners: (
    query: WinnerListQuery,
  ) => Effect.Effect<Page<InstantWinPrizeWinner>, RepositoryError>
  readonly mainPrizeWinner: (
    competitionId: string,
    ticketNumber: number,
  ) => Effect.Effect<MainPrizeWinner | null, RepositoryError>
  readonly instantWinPrizeWinner: (
    instantWinId: string,
  ) => Effect.Effect<InstantWinPrizeWinner | null, RepositoryError>
  /**
   * Marks the winner's prize handed over, or not. Marking an already
   * processed prize again keeps the first when and who.
   */
  readonly setProcessed: (
    winner: WinnerRef,
    processed: Processed | null,
  ) => Effect.Effect<boolean, RepositoryError>
  /**
   * Shows or hides the winner's name on the public pages; false when there
   * is no such winner.
   */
  readonly setVisible: (
    winner: WinnerRef,
    isVisible: boolean,
  ) => Effect.Effect<boolean, RepositoryError>
  /** Records how a main prize was awarded; false when there is no such winner. */
  readonly setPrizeAwardedAs: (
    competitionId: string,
    ticketNumber: number,
    awardedAs: PrizeAwardedAs | null,
  ) => Effect.Effect<boolean, RepositoryError>
  /** Oldest first; null when there is no such winner. */
  readonly notes: (
    winner: WinnerRef,
  ) => Effect.Effect<readonly WinnerNote[] | null, RepositoryError>
  readonly addNote: (
    winner: WinnerRef,
    note: { readonly text: string; readonly authorUserId: string; readonly at: Date },
  ) => Effect.Effect<WinnerNote | null, RepositoryError>
  /**
   * One note as stored, for a change about to be made to it: inside a
   * transaction the database holds it until the change commits.
   */
  readonly note: (
    kind: WinnerKind,
    noteId: string,
  ) => Effect.Effect<WinnerNote | null, RepositoryError>
  readonly editNote: (
    kind: WinnerKind,
    noteId: string,
    change: { readonly text: string; readonly at: Date },
  ) => Effect.Effect<WinnerNote | null, RepositoryError>
  readonly deleteNote: (kind: WinnerKind, noteId: string) => Effect.Effect<boolean, RepositoryError>
}

export class WinnerRecords extends Context.Tag("@howzat/core/WinnerRecords")<
  WinnerRecords,
  WinnerRecordsShape
>() {}
