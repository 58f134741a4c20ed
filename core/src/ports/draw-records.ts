import { Context, type Effect } from "effect"
import type { CompetitionNotFound, RepositoryError } from "../competitions/errors"
import type { Page, PageRequest } from "../competitions/model"
import type {
  CompetitionAwaitingDraw,
  DrawMaterial,
  DrawRecord,
  ListedDraw,
  TicketHolder,
} from "../draws/model"
import type { InstantWinLine } from "../draws/procedure"

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
  /** Records the draw with the exact entry list it was drawn from. */
  readonly record: (draw: DrawRecord, entries: string) => Effect.Effect<void, RepositoryError>
  /** Automatic competitions whose draw time has come and that have no draw, soonest first. */
  readonly due: (now: Date, limit: number) => Effect.Effect<readonly string[], RepositoryError>
  /** Closed Live and Automatic competitions with no draw, by draw date. */
  readonly awaiting: (
    now: Date,
  ) => Effect.Effect<readonly CompetitionAwaitingDraw[], RepositoryError>
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
}
export class DrawRecords extends Context.Tag("@howzat/core/DrawRecords")<
  DrawRecords,
  DrawRecordsShape
>() {}
