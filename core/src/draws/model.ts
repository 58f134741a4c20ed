import type { DrawType, VisibilityStatus } from "../competitions/model.js"
import type { BeaconReading } from "../ports/randomness-beacon.js"
import type { DrawnWinner, NoEntries } from "./procedure.js"

/** What the draw of one competition needs and what it already published. */
export interface DrawMaterial {
  readonly competitionId: string
  readonly competitionName: string
  readonly drawType: DrawType
  readonly visibilityStatus: VisibilityStatus
  readonly closeDateTimeUtc: Date
  readonly drawDateTimeUtc: Date | null
  /** The secret seed S: only ever leaves core inside a drawn competition's proof. */
  readonly seed: Uint8Array
  readonly seedCommitment: string
  readonly seedCommittedAt: Date
  readonly instantWinSalt: string | null
  readonly instantWinCommitment: string | null
  readonly draw: DrawRecord | null
}

/** A draw as recorded: what its proof publishes, and who won. */
export interface DrawRecord {
  readonly competitionId: string
  /** The day the winners page groups by: when the draw was made. */
  readonly drawDate: Date
  readonly drawnAt: Date
  readonly drawType: DrawType
  readonly outcome: "Winner" | "NoEntries"
  readonly entriesHash: string
  readonly entryCount: number
  readonly beacon: BeaconReading
  readonly attempt: number | null
  readonly winningTicketNumber: number | null
  /** A snapshot of the winner's name when drawn; null for a ticket with no customer. */
  readonly winnerFullName: string | null
  readonly winnerCustomerId: string | null
}

export interface ListedDraw extends DrawRecord {
  readonly competitionName: string
}

/**
 * The record of a draw from its outcome: what the proof publishes and who
 * won. The draw use case and the demo seed both write it this way.
 */
export const drawRecordOf = (draw: {
  readonly competitionId: string
  readonly drawType: DrawType
  readonly at: Date
  readonly beacon: BeaconReading
  readonly outcome: DrawnWinner | NoEntries
  readonly winner: TicketHolder | null
}): DrawRecord => {
  const won = "winningTicketNumber" in draw.outcome ? draw.outcome : null
  return {
    competitionId: draw.competitionId,
    drawDate: draw.at,
    drawnAt: draw.at,
    drawType: draw.drawType,
    outcome: won === null ? "NoEntries" : "Winner",
    entriesHash: draw.outcome.entriesHash,
    entryCount: draw.outcome.entryCount,
    beacon: draw.beacon,
    attempt: won?.attempt ?? null,
    winningTicketNumber: won?.winningTicketNumber ?? null,
    winnerFullName: draw.winner?.fullName ?? null,
    winnerCustomerId: draw.winner?.customerId ?? null,
  }
}

/** Who holds a sold ticket, to name and tell the winner. */
export interface TicketHolder {
  /** Null for a free postal entrant without an account: named and told by their postcard's details. */
  readonly customerId: string | null
  readonly firstName: string
  readonly fullName: string
  readonly email: string
}

/** Everything anyone needs to re-derive a draw (docs/fairness.md), as published now. */
export interface PublishedProof {
  readonly competitionId: string
  readonly competitionName: string
  readonly closeDateTimeUtc: Date
  readonly commitment: string
  readonly commitmentPublishedAt: Date
  readonly draw: (DrawRecord & { readonly seed: string }) | null
  /** When staff asked for a redraw of the original winner; null if never. */
  readonly originalRedrawRequestedAt: Date | null
  /** The redraws of an unclaimed prize, in order; empty for most competitions. */
  readonly redraws: readonly PublishedRedraw[]
  readonly instantWins: {
    readonly commitment: string | null
    readonly salt: string | null
    readonly lines: string | null
  }
}

export type { VisibilityStatus }

/**
 * A redraw of an unclaimed main prize (docs/fairness.md, "Redraws"): drawn
 * from the original entries less every replaced winner's ticket, keyed by
 * the original seed and the beacon round after `requestedAt`.
 */
export interface RedrawRecord {
  readonly competitionId: string
  /** 1 for the first redraw, 2 for a redraw of that one's winner, ... */
  readonly redrawNumber: number
  /** The winning ticket this redraw replaces. */
  readonly replacesTicketNumber: number
  /** Every ticket left out, ascending: the replaced winners so far. */
  readonly excludedTicketNumbers: readonly number[]
  /** When staff asked for it: the beacon round is the first published after this. */
  readonly requestedAt: Date
  readonly drawnAt: Date
  readonly entriesHash: string
  readonly entryCount: number
  readonly beacon: BeaconReading
  readonly attempt: number
  readonly winningTicketNumber: number
  readonly winnerFullName: string | null
  readonly winnerCustomerId: string | null
}

/** One main winner's claim, original or redrawn: whether handed over, and whether given up on. */
export interface WinnerClaim {
  readonly competitionId: string
  readonly ticketNumber: number
  readonly drawnAt: Date
  readonly processedAt: Date | null
  /** When staff asked for a redraw of this winner (the prize was unclaimed); null if never. */
  readonly redrawRequestedAt: Date | null
}

/** A redraw as the proof publishes it, with the "unclaimed" mark of its own winner. */
export interface PublishedRedraw extends RedrawRecord {
  readonly redrawRequestedAt: Date | null
}
