import type { DrawType } from "../competitions/model.js"
import { odds } from "./competition.js"

/**
 * What a competition is, as far as what it may say about winning: whether a
 * main draw picks a winner after the close, and how many of its tickets are
 * instant-win numbers. The storefront's odds and draw wording follow from
 * this alone, so a competition where every ticket wins never shows "1 in
 * 50", and one with no main draw never promises a draw date.
 */
export interface CompetitionMake {
  readonly drawType: DrawType
  readonly totalTickets: number
  /** Instant-win numbers across all its groups, won or not: fixed before sales. */
  readonly instantWinTickets: number
}

/** "EveryTicket": every ticket number is an instant-win number, so every ticket wins a prize. */
export type InstantWinShare = "None" | "Some" | "EveryTicket"

export interface CompetitionKind {
  /** One ticket is drawn from all the entries after the close (live or automatic). */
  readonly mainDraw: boolean
  readonly instantWins: InstantWinShare
}

export const competitionKind = (m: CompetitionMake): CompetitionKind => ({
  mainDraw: m.drawType !== "None",
  // The numbers are distinct tickets of the competition, so there can be no more of them than
  // tickets; "at least" still reads a malformed count the generous way round only when it is true.
  instantWins:
    m.instantWinTickets <= 0
      ? "None"
      : m.instantWinTickets >= m.totalTickets
        ? "EveryTicket"
        : "Some",
})

/** What the odds may honestly say about buying `quantity` tickets. */
export interface OddsSaid {
  /** Every ticket wins an instant prize: said instead of any instant-win odds. */
  readonly everyTicketWins: boolean
  /**
   * The main draw's "1 in N" for the quantity and for one more ticket; null
   * without a main draw, where there is nothing to draw odds for.
   */
  readonly mainDraw: { readonly oneIn: number; readonly withOneMore: number } | null
  /**
   * A ticket's chance of an instant win as "1 in N", as the competition was
   * made (instant-win numbers over tickets); null when none or every ticket wins.
   */
  readonly instantWinOneIn: number | null
}

/** "1 in N" is never better than a certainty, whatever the counts. */
const oneIn = (n: number): number => Math.max(1, n)

export const oddsSaid = (m: CompetitionMake, quantity: number): OddsSaid => {
  const kind = competitionKind(m)
  return {
    everyTicketWins: kind.instantWins === "EveryTicket",
    mainDraw: kind.mainDraw
      ? {
          oneIn: oneIn(odds(m.totalTickets, quantity)),
          withOneMore: oneIn(odds(m.totalTickets, Math.max(1, quantity) + 1)),
        }
      : null,
    instantWinOneIn:
      kind.instantWins === "Some" ? oneIn(odds(m.totalTickets, m.instantWinTickets)) : null,
  }
}

/** The storefront's words for the kinds of competition that must not show plain odds. */
export const competitionKindTexts = {
  everyTicketWins: "Every ticket wins an instant prize",
  noMainDraw: "No main draw: every prize is an instant win",
  drawDateToBeAnnounced: "Draw date to be announced",
} as const

/**
 * What a competition says where a draw date would go: one with no main draw
 * says so rather than promising a date that will never come. `formatDate`
 * is the caller's way of writing a date.
 */
export const drawDateWording = (
  drawType: DrawType,
  drawDate: Date | null,
  formatDate: (date: Date) => string,
): string => {
  if (drawType === "None") return competitionKindTexts.noMainDraw
  return drawDate === null
    ? competitionKindTexts.drawDateToBeAnnounced
    : `Draw date: ${formatDate(drawDate)}`
}
