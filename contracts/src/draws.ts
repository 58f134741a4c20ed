import { Schema } from "effect"
import { Competition } from "./catalogue.js"
import { PageInfo, PagingParams } from "./paging.js"
import { DateFromQuery, RangeEndFromQuery } from "./text.js"

/**
 * What a draw publishes so that anyone can re-derive it (docs/fairness.md).
 * Hex is lower case. Before the draw only the commitments are known; the
 * seed, the entries' hash and the winner appear once it is drawn, and the
 * instant-win salt and lines once the competition has closed.
 */
const Hex = Schema.String.pipe(Schema.pattern(/^[0-9a-f]*$/))

export const BeaconReading = Schema.Union(
  Schema.Struct({
    source: Schema.Literal("drand"),
    value: Hex,
    round: Schema.Int,
    url: Schema.String,
  }),
  Schema.Struct({ source: Schema.Literal("none"), value: Schema.Literal("") }),
)

export const DrawOutcome = Schema.Literal("NotDrawn", "Winner", "NoEntries")

/**
 * A redraw of an unclaimed prize (docs/fairness.md, "Redraws"): the same
 * seed, the original entries less `excludedTicketNumbers`, the beacon round
 * first published after `requestedAt`.
 */
export const PublishedRedraw = Schema.Struct({
  redrawNumber: Schema.Int,
  /** The winning ticket whose prize went unclaimed. */
  replacesTicketNumber: Schema.Int,
  /** Every ticket left out of this redraw, ascending: the replaced winners so far. */
  excludedTicketNumbers: Schema.Array(Schema.Int),
  requestedAt: Schema.Date,
  drawnAt: Schema.Date,
  entriesHash: Hex,
  entryCount: Schema.Int,
  beacon: BeaconReading,
  attempt: Schema.Int,
  winningTicketNumber: Schema.Int,
  /** When this redraw's own winner was marked unclaimed and redrawn in turn; null if not. */
  prizeUnclaimedAt: Schema.NullOr(Schema.Date),
})
export type PublishedRedrawJson = typeof PublishedRedraw.Encoded

export const DrawProof = Schema.Struct({
  competitionId: Schema.String,
  competitionName: Schema.String,
  closeDateTimeUtc: Schema.Date,
  /** hex(SHA-256(seed)), published from the moment the competition is created. */
  commitment: Hex,
  commitmentPublishedAt: Schema.Date,
  outcome: DrawOutcome,
  /** The 32-byte seed as hex: null until the draw. */
  seed: Schema.NullOr(Hex),
  entriesHash: Schema.NullOr(Hex),
  entryCount: Schema.NullOr(Schema.Int),
  beacon: Schema.NullOr(BeaconReading),
  /** The k whose HMAC value was accepted. */
  attempt: Schema.NullOr(Schema.Int),
  winningTicketNumber: Schema.NullOr(Schema.Int),
  drawnAt: Schema.NullOr(Schema.Date),
  /** When the original winner's prize was marked unclaimed and a redraw asked for; null if never. */
  prizeUnclaimedAt: Schema.NullOr(Schema.Date),
  /** The redraws of an unclaimed prize, in order; empty for most competitions. */
  redraws: Schema.Array(PublishedRedraw),
  instantWins: Schema.Struct({
    /** hex(SHA-256(salt + "\n" + lines)); null when the competition has no instant wins. */
    commitment: Schema.NullOr(Hex),
    /** Revealed when the competition closes. */
    salt: Schema.NullOr(Hex),
    lines: Schema.NullOr(Schema.String),
  }),
})
export type DrawProofJson = typeof DrawProof.Encoded

export const DrawProofResponse = Schema.Struct({ proof: DrawProof })
export type DrawProofResponseJson = typeof DrawProofResponse.Encoded

/** A draw as listed and as answered to the host who made it. */
export const DrawnCompetition = Schema.Struct({
  competition: Schema.Struct({ id: Schema.String, name: Schema.String }),
  drawType: Schema.Literal("Live", "Automatic", "None"),
  /** When the draw was made: the day the winners page groups by. */
  drawDate: Schema.Date,
  drawnAt: Schema.Date,
  outcome: Schema.Literal("Winner", "NoEntries"),
  entryCount: Schema.Int,
  winningTicketNumber: Schema.NullOr(Schema.Int),
  /**
   * Null with no entries, when the winning ticket has no customer record, or
   * (to all but staff) for a winner kept private.
   */
  winner: Schema.NullOr(Schema.Struct({ fullName: Schema.String })),
})
export type DrawnCompetitionJson = typeof DrawnCompetition.Encoded

export const DrawnCompetitionResponse = Schema.Struct({ draw: DrawnCompetition })
export type DrawnCompetitionResponseJson = typeof DrawnCompetitionResponse.Encoded

/**
 * What a draw request answers: the draw, and whether this request made it.
 * False when the competition had already been drawn (by another host, a
 * second tab or the scheduler): that draw is answered and none is made.
 */
export const DrawnCompetitionAnswer = Schema.Struct({
  draw: DrawnCompetition,
  madeNow: Schema.Boolean,
})
export type DrawnCompetitionAnswerJson = typeof DrawnCompetitionAnswer.Encoded

/**
 * GET /api/Draws/host/{competitionId} (staff, decision 0079): what the
 * live-draw host shows on the stream. The winner is named as the public
 * entry list names them, first name and surname initial, never more.
 */
export const DrawHostSheet = Schema.Struct({
  competition: Schema.Struct({
    id: Schema.String,
    name: Schema.String,
    drawType: Schema.Literal("Live", "Automatic", "None"),
    closeDateTimeUtc: Schema.Date,
    drawDateTimeUtc: Schema.NullOr(Schema.Date),
  }),
  /** The earliest the draw may be made: the advertised draw time, else the close. */
  drawableFrom: Schema.Date,
  /** hex(SHA-256(seed)), published since the competition was created. */
  commitment: Hex,
  /** The entries drawn from; before the draw, the tickets sold and paid for so far. */
  entryCount: Schema.Int,
  /** Orders still awaiting payment: the draw waits until they are paid or expire. */
  ordersAwaitingPayment: Schema.Int,
  draw: Schema.NullOr(
    Schema.Struct({
      drawnAt: Schema.Date,
      outcome: Schema.Literal("Winner", "NoEntries"),
      winningTicketNumber: Schema.NullOr(Schema.Int),
      /** "Sarah W.", "Name withheld" for a win kept private; null with no entries. */
      winnerName: Schema.NullOr(Schema.String),
    }),
  ),
  /** The server's clock as it answered: the countdown corrects the screen's clock by it. */
  currentDateTimeUtc: Schema.Date,
})
export type DrawHostSheetJson = typeof DrawHostSheet.Encoded

export const CompetitionAwaitingDraw = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  drawType: Schema.Literal("Live", "Automatic", "None"),
  closeDateTimeUtc: Schema.Date,
  drawDateTimeUtc: Schema.NullOr(Schema.Date),
  ticketsSoldToDate: Schema.Int,
})
export const CompetitionsAwaitingDraw = Schema.Struct({
  competitions: Schema.Array(CompetitionAwaitingDraw),
})
export type CompetitionsAwaitingDrawJson = typeof CompetitionsAwaitingDraw.Encoded

/**
 * The public list behind /Live's "Waiting for the live draw": visible live
 * competitions that have closed and are not drawn yet, however late the
 * host is, by draw time. Each is the catalogue's Competition, so the page
 * shows its tiles from this one call. At most 100.
 */
export const CompetitionsAwaitingLiveDraw = Schema.Struct({
  competitions: Schema.Array(Competition),
  /** The server's clock as it answered: the page's countdown corrects skew by it, list or none. */
  currentDateTimeUtc: Schema.Date,
})
export type CompetitionsAwaitingLiveDrawJson = typeof CompetitionsAwaitingLiveDraw.Encoded

export const DrawListParams = Schema.Struct({
  DrawFromDate: Schema.optional(DateFromQuery),
  DrawToDate: Schema.optional(RangeEndFromQuery),
  ...PagingParams,
})
export const DrawList = Schema.Struct({ draws: Schema.Array(DrawnCompetition), ...PageInfo })
export type DrawListJson = typeof DrawList.Encoded

/** Staff's request to redraw an unclaimed prize: the winning ticket being replaced. */
export const RedrawRequest = Schema.Struct({ ticketNumber: Schema.Int.pipe(Schema.positive()) })
export type RedrawRequestJson = typeof RedrawRequest.Encoded

export const RedrawResponse = Schema.Struct({
  redraw: PublishedRedraw,
  /** The new winner's name, for the host; null for a ticket with no customer record. */
  winner: Schema.NullOr(Schema.Struct({ fullName: Schema.String })),
})
export type RedrawResponseJson = typeof RedrawResponse.Encoded

/** The shop's claim window: how long a main winner has to claim before a redraw is allowed. */
export const ClaimWindow = Schema.Struct({ claimWindowDays: Schema.Int })
export type ClaimWindowJson = typeof ClaimWindow.Encoded
