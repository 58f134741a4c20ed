import { MAX_WINNER_NOTE_LENGTH } from "@howzat/core/rules"
import { Schema } from "effect"
import { PageInfo, PagingParams } from "./paging.js"
import { BoundedIntFromString, boundedMultilineString } from "./text.js"

/**
 * The back office's winners (CompetitionWinners in docs/product/api.md): main prize and
 * instant-win winners, whether each prize has been handed over, and staff's
 * notes on each. Staff only; decision 0023.
 */
export const WinnerProcessedStatus = Schema.Literal("All", "Processed", "NotProcessed")

/** Whether the public pages name the winner (decision 0035). */
export const WinnerVisibility = Schema.Literal("All", "Visible", "Hidden")

export const WinnerListParams = Schema.Struct({
  WinnerProcessedStatus: Schema.optionalWith(WinnerProcessedStatus, { default: () => "All" }),
  WinnerVisibility: Schema.optionalWith(WinnerVisibility, { default: () => "All" }),
  ...PagingParams,
})

/** A ticket number as it appears in a path: a whole number an integer column can hold. */
export const TicketNumberFromPath = BoundedIntFromString(1)

const Winner = Schema.Struct({
  /** Null for a ticket with no customer record. */
  customerId: Schema.NullOr(Schema.String),
  fullName: Schema.NullOr(Schema.String),
})

/** Handed over or not; when and by which staff user (null when the shop did it, as for site credit). */
const ProcessedFields = {
  processed: Schema.Boolean,
  processedAt: Schema.NullOr(Schema.Date),
  processedByUserId: Schema.NullOr(Schema.String),
  noteCount: Schema.Int,
  /**
   * Whether the public winners pages name this winner. Hidden, the win
   * itself stays public (the draw's proof, the instant win marked won).
   */
  isVisible: Schema.Boolean,
}

/** How a main prize was awarded (decision 0045). */
export const PrizeAwardedAs = Schema.Literal("Prize", "CashAlternative")

export const MainPrizeWinner = Schema.Struct({
  competition: Schema.Struct({ id: Schema.String, name: Schema.String }),
  /** The competition's stated cash alternative in pence; null when it offered none. */
  cashAlternativeValue: Schema.NullOr(Schema.Int),
  /** As described or as the cash alternative; null until staff record it. */
  prizeAwardedAs: Schema.NullOr(PrizeAwardedAs),
  ticketNumber: Schema.Int,
  winner: Winner,
  drawnAt: Schema.Date,
  /**
   * When staff marked the prize unclaimed and asked for a redraw
   * (docs/fairness.md, "Redraws"); null if never.
   */
  redrawRequestedAt: Schema.NullOr(Schema.Date),
  ...ProcessedFields,
})
export type MainPrizeWinnerJson = typeof MainPrizeWinner.Encoded

export const InstantWinPrizeWinner = Schema.Struct({
  instantWinId: Schema.String,
  competition: Schema.Struct({ id: Schema.String, name: Schema.String }),
  instantWinGroupId: Schema.String,
  prizeName: Schema.String,
  ticketNumber: Schema.Int,
  winner: Winner,
  wonAt: Schema.Date,
  orderId: Schema.NullOr(Schema.String),
  /** Set instead of orderId when a free postal entry's ticket won. */
  postalEntryId: Schema.NullOr(Schema.String),
  ...ProcessedFields,
})
export type InstantWinPrizeWinnerJson = typeof InstantWinPrizeWinner.Encoded

export const MainPrizeWinnerList = Schema.Struct({
  mainPrizeWinners: Schema.Array(MainPrizeWinner),
  ...PageInfo,
})
export type MainPrizeWinnerListJson = typeof MainPrizeWinnerList.Encoded

export const InstantWinPrizeWinnerList = Schema.Struct({
  instantWinPrizeWinners: Schema.Array(InstantWinPrizeWinner),
  ...PageInfo,
})
export type InstantWinPrizeWinnerListJson = typeof InstantWinPrizeWinnerList.Encoded

export const MainPrizeWinnerResponse = Schema.Struct({ mainPrizeWinner: MainPrizeWinner })
export type MainPrizeWinnerResponseJson = typeof MainPrizeWinnerResponse.Encoded
export const InstantWinPrizeWinnerResponse = Schema.Struct({
  instantWinPrizeWinner: InstantWinPrizeWinner,
})
export type InstantWinPrizeWinnerResponseJson = typeof InstantWinPrizeWinnerResponse.Encoded

export const WinnerStatusRequest = Schema.Struct({ processed: Schema.Boolean })
export type WinnerStatusRequestJson = typeof WinnerStatusRequest.Encoded

export const PrizeAwardedRequest = Schema.Struct({ prizeAwardedAs: Schema.NullOr(PrizeAwardedAs) })
export type PrizeAwardedRequestJson = typeof PrizeAwardedRequest.Encoded

export const WinnerVisibilityRequest = Schema.Struct({ isVisible: Schema.Boolean })
export type WinnerVisibilityRequestJson = typeof WinnerVisibilityRequest.Encoded

export const WinnerNote = Schema.Struct({
  id: Schema.String,
  text: Schema.String,
  /** Null once the staff member who wrote it has been removed. */
  author: Schema.NullOr(Schema.Struct({ userId: Schema.String, name: Schema.String })),
  createdAt: Schema.Date,
  updatedAt: Schema.Date,
})
export type WinnerNoteJson = typeof WinnerNote.Encoded

export const WinnerNoteList = Schema.Struct({ notes: Schema.Array(WinnerNote) })
export type WinnerNoteListJson = typeof WinnerNoteList.Encoded
export const WinnerNoteResponse = Schema.Struct({ note: WinnerNote })
export type WinnerNoteResponseJson = typeof WinnerNoteResponse.Encoded

/** Multi-line text; blank is refused by core's rule with wording like docs/product/validation.md's. */
export const WinnerNoteRequest = Schema.Struct({
  text: boundedMultilineString(MAX_WINNER_NOTE_LENGTH),
})
export type WinnerNoteRequestJson = typeof WinnerNoteRequest.Encoded
