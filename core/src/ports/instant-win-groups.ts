import { Context, type Effect } from "effect"
import type {
  CompetitionNotFound,
  InstantWinGroupNotFound,
  RepositoryError,
} from "../competitions/errors.js"
import type { ImageGroup, Page, PageRequest, VisibilityStatus } from "../competitions/model.js"
import type { InstantWinLine } from "../draws/procedure.js"
import type { Pence } from "../rules/money.js"
import type { TicketStatus } from "../rules/ticket-status.js"

/** An instant-win group as staff manage it: its prize and its winning numbers too. */
export interface StaffInstantWinGroup {
  readonly id: string
  readonly competitionId: string
  readonly name: string
  readonly ticketCount: number
  readonly quantityWonToDate: number
  readonly imageGroup: ImageGroup | null
  /** Site credit credited to the winner when the winning order is paid; null for a prize staff hand over. */
  readonly prizeSiteCredit: Pence | null
  /** Ascending. */
  readonly ticketNumbers: readonly number[]
}

/** What a change to a competition's instant wins is decided on, read under its row lock. */
export interface InstantWinCompetition {
  readonly competitionId: string
  readonly startDateTimeUtc: Date
  /** With the opening and the tickets held, whether it is on sale (core/src/rules/competition-admin.ts). */
  readonly visibilityStatus: VisibilityStatus
  readonly totalTickets: number
  /** Tickets held by any order: a competition with sales is past changing, whatever the clock says. */
  readonly ticketsAllocated: number
  readonly groups: readonly StaffInstantWinGroup[]
}

export interface InstantWinGroupFields {
  readonly name: string
  readonly imageUrls: readonly string[]
  readonly prizeSiteCredit: Pence | null
}

/**
 * Where instant-win groups are written. Use inside `Transactions.within`:
 * `lock` holds the competition's row until the transaction ends, so two
 * staff changing one competition's groups at once take turns, and each
 * picks its numbers knowing every other group's.
 */
export interface InstantWinGroupStoreShape {
  readonly lock: (
    competitionId: string,
  ) => Effect.Effect<InstantWinCompetition, CompetitionNotFound | RepositoryError>
  readonly insert: (
    competitionId: string,
    fields: InstantWinGroupFields,
    ticketNumbers: readonly number[],
  ) => Effect.Effect<string, RepositoryError>
  /** `ticketNumbers` replaces the group's numbers; undefined keeps them. */
  readonly update: (
    instantWinGroupId: string,
    fields: InstantWinGroupFields,
    ticketNumbers: readonly number[] | undefined,
  ) => Effect.Effect<void, RepositoryError>
  readonly remove: (instantWinGroupId: string) => Effect.Effect<void, RepositoryError>
  /** Every group's winning numbers as stored now (inside the transaction: with its own changes). */
  readonly lines: (
    competitionId: string,
  ) => Effect.Effect<readonly InstantWinLine[], RepositoryError>
  /** Publishes a new commitment and the salt it hides; both null when there are no numbers. */
  readonly commit: (
    competitionId: string,
    commitment: { readonly salt: string; readonly commitment: string } | null,
  ) => Effect.Effect<void, RepositoryError>
}
export class InstantWinGroupStore extends Context.Tag("@howzat/core/InstantWinGroupStore")<
  InstantWinGroupStore,
  InstantWinGroupStoreShape
>() {}

/** A sold ticket as staff see it: who holds it, and its instant win if it is one. */
export interface SoldTicket {
  readonly ticketNumber: number
  readonly holder: TicketHolderDetails | null
  readonly instantWin: {
    readonly instantWinGroupId: string
    readonly instantWinGroupName: string
    readonly won: boolean
  } | null
}

export interface TicketHolderDetails {
  readonly customerId: string
  readonly fullName: string
  readonly email: string
}

export interface SoldTicketQuery {
  readonly fromTicketNumber?: number | undefined
  readonly toTicketNumber?: number | undefined
  /** "All", only tickets that have won an instant prize, or only those that have not. */
  readonly status: "All" | "Won" | "NotWon"
  /** Sold, not sold, or either (core/src/rules/ticket-status.ts); undefined is "All". */
  readonly ticketStatus?: TicketStatus | undefined
  readonly page: PageRequest
}

/**
 * The staff view of a competition's tickets, with personal data: every
 * sold ticket with its holder, and the instant-win numbers with the holder
 * of each one sold. Sold means what the draw counts as an entry.
 */
export interface StaffTicketReadsShape {
  readonly soldTickets: (
    competitionId: string,
    query: SoldTicketQuery,
  ) => Effect.Effect<Page<SoldTicket>, CompetitionNotFound | RepositoryError>
  readonly instantWinTickets: (
    competitionId: string,
    instantWinGroupId: string | undefined,
    query: SoldTicketQuery,
  ) => Effect.Effect<
    Page<SoldTicket>,
    CompetitionNotFound | InstantWinGroupNotFound | RepositoryError
  >
}
export class StaffTicketReads extends Context.Tag("@howzat/core/StaffTicketReads")<
  StaffTicketReads,
  StaffTicketReadsShape
>() {}
