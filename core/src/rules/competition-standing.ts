import {
  CompetitionPhase,
  type CompetitionSchedule,
  competitionPhase,
  phaseLabels,
} from "./competition.js"

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

/**
 * The line above the countdown, or in its place. The open phases keep the
 * storefront's countdown labels; a closed competition says which of the
 * closed states it is in. `formatDate` is the caller's way of writing a date.
 */
export const standingHeadline = (
  standing: CompetitionStanding,
  formatDate: (date: Date) => string,
): string => {
  switch (standing.kind) {
    case "ComingSoon":
      return phaseLabels[CompetitionPhase.ComingSoon]
    case "Open":
      return phaseLabels[CompetitionPhase.Open]
    case "AwaitingDraw":
      return standing.drawAt === null
        ? "Closed: draw date to be announced"
        : `Closed: draw on ${formatDate(standing.drawAt)}`
    case "Drawn":
      return standing.result.winningTicketNumber === null
        ? "Drawn: there were no entries, so no winner"
        : `Drawn: winning ticket ${standing.result.winningTicketNumber}`
    case "Closed":
      return phaseLabels[CompetitionPhase.Closed]
  }
}
