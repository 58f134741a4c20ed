import type { CompetitionStanding } from "@howzat/core/rules"
import { CompetitionPhase } from "@howzat/core/rules"

/**
 * The storefront's countdown labels (docs/product/states.md), by phase.
 * Words on the storefront's pages, so they live with them; where a
 * competition stands is core's (rules/competition-standing.ts).
 */
export const phaseLabels: Readonly<Record<CompetitionPhase, string>> = {
  0: "COMPETITION OPENS IN",
  1: "COMPETITION CLOSES IN",
  2: "CLOSED! DRAW IN",
  3: "COMPETITION HAS CLOSED",
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
