import { Context, type Effect } from "effect"
import type {
  CategoryNotFound,
  CompetitionNotFound,
  InstantWinGroupNotFound,
  RepositoryError,
  ResourceNotFound,
} from "../competitions/errors.js"
import type {
  Category,
  Competition,
  CompetitionQuery,
  CompetitionWinner,
  DrawType,
  InstantWinTicket,
  Page,
  PageRequest,
} from "../competitions/model.js"

export interface InstantWinTicketFilter {
  readonly instantWinGroupId?: string | undefined
  readonly fromTicketNumber?: number | undefined
  readonly toTicketNumber?: number | undefined
  /** "All" (default), only tickets already won, or only those still to be won. */
  readonly status: "All" | "Won" | "NotWon"
}

/** When a competition closes and is drawn: all an order's line needs of it. */
export interface CompetitionDates {
  readonly competitionId: string
  readonly closeDateTimeUtc: Date
  readonly drawDateTimeUtc: Date | null
}

/** Read side of competitions: what the storefront browses. */
export interface CompetitionRepoShape {
  readonly list: (query: CompetitionQuery) => Effect.Effect<Page<Competition>, RepositoryError>
  readonly byId: (
    competitionId: string,
    options: { readonly visibleOnly: boolean },
  ) => Effect.Effect<Competition, CompetitionNotFound | RepositoryError>
  /**
   * The dates of the competitions of `competitionIds` that exist (and are
   * visible, when asked), in one read, in no particular order: a page of
   * orders dates its lines without a read per competition.
   */
  readonly datesOf: (
    competitionIds: readonly string[],
    options: { readonly visibleOnly: boolean },
  ) => Effect.Effect<readonly CompetitionDates[], RepositoryError>
  /**
   * The public view of a competition's instant-win numbers: won or not, and
   * the winner's display name unless staff keep it private (decision 0035).
   */
  readonly instantWinTickets: (
    competitionId: string,
    filter: InstantWinTicketFilter,
    page: PageRequest,
  ) => Effect.Effect<
    Page<InstantWinTicket>,
    CompetitionNotFound | InstantWinGroupNotFound | RepositoryError
  >
}
export class CompetitionRepo extends Context.Tag("@howzat/core/CompetitionRepo")<
  CompetitionRepo,
  CompetitionRepoShape
>() {}

export interface CategoryQuery {
  readonly name?: string | undefined
  readonly description?: string | undefined
  readonly visibleOnly: boolean
  /** Staff's "HiddenOnly": only what visitors cannot see. */
  readonly hiddenOnly?: boolean | undefined
  readonly page: PageRequest
}

export interface CategoryRepoShape {
  readonly list: (query: CategoryQuery) => Effect.Effect<Page<Category>, RepositoryError>
  readonly byId: (
    categoryId: string,
    options: { readonly visibleOnly: boolean },
  ) => Effect.Effect<Category, CategoryNotFound | RepositoryError>
}
export class CategoryRepo extends Context.Tag("@howzat/core/CategoryRepo")<
  CategoryRepo,
  CategoryRepoShape
>() {}

export interface WinnerQuery {
  readonly fromDate?: Date | undefined
  readonly toDate?: Date | undefined
  readonly competitionId?: string | undefined
  readonly customerId?: string | undefined
  readonly customerName?: string | undefined
  readonly includeHidden: boolean
  readonly page: PageRequest
}

export interface DrawRepoShape {
  /** The earliest draw of this type still to happen among visible competitions. */
  readonly nextDrawDate: (
    drawType: Exclude<DrawType, "None">,
    now: Date,
  ) => Effect.Effect<Date | null, RepositoryError>
  readonly winners: (query: WinnerQuery) => Effect.Effect<Page<CompetitionWinner>, RepositoryError>
}
export class DrawRepo extends Context.Tag("@howzat/core/DrawRepo")<DrawRepo, DrawRepoShape>() {}

export interface ResourceRepoShape {
  readonly byKey: (key: string) => Effect.Effect<string, ResourceNotFound | RepositoryError>
}
export class ResourceRepo extends Context.Tag("@howzat/core/ResourceRepo")<
  ResourceRepo,
  ResourceRepoShape
>() {}
