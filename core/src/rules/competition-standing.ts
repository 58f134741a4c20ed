import { CompetitionPhase, type CompetitionSchedule, competitionPhase } from "./competition.js"

/** A main draw once made, as the competition carries it. */
export interface DrawResult {
  readonly outcome: "Winner" | "NoEntries"
  /** Null only when the draw had no entries. */
  readonly winningTicketNumber: number | null
  readonly drawnAt: Date
}

/**
 * Where a competition stands for its tiles, its page and the customer's
 * tickets. The dates alone say when a draw is due, not whether it was made:
 * a drawn competition is drawn whatever its dates say, so no view counts
 * down to a draw that has happened, and one whose draw time has passed
 * without a draw still waits for it rather than reading as finished.
 */
export type CompetitionStanding =
  | { readonly kind: "ComingSoon"; readonly opens: Date }
  | { readonly kind: "Open"; readonly closes: Date }
  /** Closed with a main draw still to make; null when its date is not set. */
  | { readonly kind: "AwaitingDraw"; readonly drawAt: Date | null }
  | { readonly kind: "Drawn"; readonly result: DrawResult }
  /** Closed with no main draw: nothing more is to happen. */
  | { readonly kind: "Closed" }

export const competitionStanding = (
  schedule: CompetitionSchedule,
  mainDraw: boolean,
  result: DrawResult | null,
  now: Date,
): CompetitionStanding => {
  if (result !== null) return { kind: "Drawn", result }
  switch (competitionPhase(schedule, now)) {
    case CompetitionPhase.ComingSoon:
      return { kind: "ComingSoon", opens: schedule.start }
    case CompetitionPhase.Open:
      return { kind: "Open", closes: schedule.close }
    default:
      return mainDraw ? { kind: "AwaitingDraw", drawAt: schedule.draw } : { kind: "Closed" }
  }
}

/** What its countdown counts down to: null when there is nothing still to come. */
export const standingDeadline = (standing: CompetitionStanding, now: Date): Date | null => {
  switch (standing.kind) {
    case "ComingSoon":
      return standing.opens
    case "Open":
      return standing.closes
    case "AwaitingDraw":
      // A draw running late has no time left to count: its date is said, not counted past.
      return standing.drawAt !== null && standing.drawAt.getTime() > now.getTime()
        ? standing.drawAt
        : null
    case "Drawn":
    case "Closed":
      return null
  }
}
