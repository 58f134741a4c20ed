import { endpointUrl } from "@howzat/api-client"
import type { DrawProofResponseJson } from "@howzat/contracts/draws"
import { currentWinner } from "../lib/fairness"
import { api } from "./client"

/**
 * The public draw calls: what each draw published (docs/fairness.md), the
 * list of past draws and the live competitions still to be drawn.
 */

export const drawProof = (competitionId: string, signal?: AbortSignal) =>
  api.draws.proof({ path: { competitionId }, signal })

/** The winner as the winners page names them: empty when the winner is not published. */
export const competitionWinnersOf = (competitionId: string, signal?: AbortSignal) =>
  api.draws.competitionWinnersOf({ path: { competitionId }, urlParams: { PageSize: 1 }, signal })

/** The sorted ticket numbers a draw was made from, as a file to download (after the draw). */
export const entriesUrl = (competitionId: string) =>
  endpointUrl("draws", "entries", { path: { competitionId } })

/**
 * Closed live competitions the stream has still to draw, however late it
 * runs, as the catalogue's competitions (decision 0025).
 */
export const awaitingLiveDraw = (signal?: AbortSignal) => api.draws.awaitingLiveDraw({ signal })

export interface DrawListQuery {
  /** Draws scheduled on or after this moment. */
  readonly drawFromDate?: Date
  readonly pageNumber?: number
  readonly pageSize?: number
}

export const listDraws = (q: DrawListQuery = {}, signal?: AbortSignal) =>
  api.draws.list({
    urlParams: { DrawFromDate: q.drawFromDate, PageNumber: q.pageNumber, PageSize: q.pageSize },
    signal,
  })

/** A competition's draw as its page shows it; a failure is kept, not thrown, so the page still shows. */
export type DrawLookup =
  | {
      readonly kind: "found"
      readonly proof: DrawProofResponseJson["proof"]
      /** Null before the draw, with no entries, or when the winner's name is not published. */
      readonly winnerName: string | null
    }
  | { readonly kind: "failed"; readonly error: unknown }

export const lookUpDraw = async (
  competitionId: string,
  signal?: AbortSignal,
): Promise<DrawLookup> => {
  try {
    const [{ proof }, winners] = await Promise.all([
      drawProof(competitionId, signal),
      // The name is a courtesy: the proof stands without it.
      competitionWinnersOf(competitionId, signal).catch(() => null),
    ])
    // After a redraw the named winner is the redraw's (the public list leaves the replaced one out).
    const named = winners?.competitionWinners.find(
      (w) => w.ticketNumber === currentWinner(proof).winningTicketNumber,
    )
    return {
      kind: "found",
      proof,
      winnerName: proof.outcome === "Winner" ? (named?.customer.fullName ?? null) : null,
    }
  } catch (error) {
    return { kind: "failed", error }
  }
}
