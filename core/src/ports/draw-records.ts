import { Context, type Effect } from "effect"
import type { CompetitionNotFound, RepositoryError } from "../competitions/errors.js"
import type { Competition, DrawType, Page, PageRequest } from "../competitions/model.js"
import type {
  DrawMaterial,
  DrawRecord,
  ListedDraw,
  RedrawRecord,
  TicketHolder,
  WinnerClaim,
} from "../draws/model.js"
import type { InstantWinLine } from "../draws/procedure.js"
import type { Entrant } from "../rules/entry-list-rows.js"

/**
 * Which closed, undrawn competitions `awaiting` answers. Who may see which
 * is core's decision (Draws); the repository only applies it.
 */
export interface AwaitingDrawScope {
  /** A competition whose draw type is None is never drawn, so never awaits one. */
  readonly drawTypes: readonly Exclude<DrawType, "None">[]
  readonly visibleOnly: boolean
  /** At most this many, the soonest first; all of them when absent. */
  readonly limit?: number | undefined
}

export interface DrawListQuery {
  readonly fromDate?: Date | undefined
  readonly toDate?: Date | undefined
  readonly includeHidden: boolean
  readonly page: PageRequest
}

/**
 * Where draws are kept. `lock` is for use inside `Transactions.within`: it
 * holds the competition's row until the transaction ends, so of several
 * processes drawing one competition at once exactly one records a draw and
 * the others then find it.
 */
export interface DrawRecordsShape {
  readonly material: (
    competitionId: string,
  ) => Effect.Effect<DrawMaterial, CompetitionNotFound | RepositoryError>
  readonly lock: (
    competitionId: string,
  ) => Effect.Effect<DrawMaterial, CompetitionNotFound | RepositoryError>
  /** Orders still waiting for payment that hold tickets of the competition. */
  readonly openOrderCount: (competitionId: string) => Effect.Effect<number, RepositoryError>
  /**
   * Every sold ticket number (paid orders, free postal entries) as the
   * published entry list: ascending decimal numbers joined by "\n".
   */
  readonly entries: (competitionId: string) => Effect.Effect<string, RepositoryError>
  readonly holder: (
    competitionId: string,
    ticketNumber: number,
  ) => Effect.Effect<TicketHolder | null, RepositoryError>
  /**
   * The names behind the entry list: who holds each ticket of the
   * competition that has a holder (its customer, or a postal entrant by
   * their postcard), ascending; only `ticketNumber`'s when given. A ticket
   * with no holder (the demo seed's sales) is absent. `nameWithheld` when
   * staff keep that ticket's main or instant win private (decision 0035).
   */
  readonly entrants: (
    competitionId: string,
    ticketNumber?: number,
  ) => Effect.Effect<readonly Entrant[], RepositoryError>
  /** Records the draw with the exact entry list it was drawn from. */
  readonly record: (draw: DrawRecord, entries: string) => Effect.Effect<void, RepositoryError>
  /** Automatic competitions whose draw time has come and that have no draw, soonest first. */
  readonly due: (
    now: Date,
    limit: number,
    /** Competitions already tried in this pass (put off): the next batch skips them. */
    excluding: readonly string[],
  ) => Effect.Effect<readonly string[], RepositoryError>
  /**
   * Competitions of `scope` closed by `now` with no draw, whatever their
   * draw time (a late host's competition still waits): by draw time (the
   * close when none is set), then close time, name and id.
   */
  readonly awaiting: (
    now: Date,
    scope: AwaitingDrawScope,
  ) => Effect.Effect<readonly Competition[], RepositoryError>
  readonly instantWinLines: (
    competitionId: string,
  ) => Effect.Effect<readonly InstantWinLine[], RepositoryError>
  /**
   * Draws by draw date, latest first. Unless `includeHidden`: none of a hidden
   * competition, and no name for a winner kept private (the draw itself stays listed).
   */
  readonly list: (query: DrawListQuery) => Effect.Effect<Page<ListedDraw>, RepositoryError>
  /** The entry list as drawn, "\n"-joined; null when not drawn. */
  readonly entriesText: (competitionId: string) => Effect.Effect<string | null, RepositoryError>
  /** The competition's redraws (docs/fairness.md, "Redraws"), by redraw number. */
  readonly redraws: (
    competitionId: string,
  ) => Effect.Effect<readonly RedrawRecord[], RepositoryError>
  /** Every main winner of the competition, the original first, then each redraw's. */
  readonly claims: (competitionId: string) => Effect.Effect<readonly WinnerClaim[], RepositoryError>
  /**
   * Marks a winner's prize unclaimed, a redraw asked for at `at`; false if
   * no such winner or it was already marked (the first mark stands).
   */
  readonly markUnclaimed: (
    competitionId: string,
    ticketNumber: number,
    at: Date,
  ) => Effect.Effect<boolean, RepositoryError>
  /** Records a redraw; a second redraw of one number is refused (a unique key). */
  readonly recordRedraw: (redraw: RedrawRecord) => Effect.Effect<void, RepositoryError>
  /** The shop's claim window in days: DEFAULT_CLAIM_WINDOW_DAYS until staff set one. */
  readonly claimWindowDays: Effect.Effect<number, RepositoryError>
  readonly setClaimWindowDays: (days: number) => Effect.Effect<void, RepositoryError>
}
export class DrawRecords extends Context.Tag("@howzat/core/DrawRecords")<
  DrawRecords,
  DrawRecordsShape
>() {}
