import type { DrawProofJson } from "@howzat/contracts/draws"
import { expandTicketRanges } from "@howzat/core/rules"

/**
 * What the storefront says about a draw's proof (docs/fairness.md), kept out
 * of the components so that the wording and the checks are tested once.
 */

/** The competition page's "Draw & Fairness" section: /Legitimacy links each past draw there. */
export const DRAW_SECTION_ID = "draw-fairness"

/** Characters a POSIX shell reads as themselves in a word. */
const PLAIN_WORD = /^[A-Za-z0-9._:/@%+=,-]+$/

/**
 * One shell word, single-quoted when it holds anything a shell would act
 * on: the command is pasted into a customer's terminal, so what they copy
 * must run exactly the check they read, whatever the address holds.
 */
export const shellWord = (text: string): string =>
  PLAIN_WORD.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`

/** The command that re-derives this draw from what the shop published. */
export const verifyDrawCommand = (shopOrigin: string, competitionId: string): string =>
  `npm run verify-draw -- ${shellWord(shopOrigin)} ${shellWord(competitionId)}`

export type Beacon = NonNullable<DrawProofJson["beacon"]>

/** The beacon in plain words: which public randomness the draw used, or that it used none. */
export const beaconSummary = (beacon: Beacon): string =>
  beacon.source === "drand"
    ? `drand round ${beacon.round}, published by the League of Entropy after the competition closed`
    : "No public beacon was used for this draw: the shop drew without internet randomness, so the beacon value is empty"

/** Whether the customer's tickets (the API's "1,2,3" or "1-3") include the winning number. */
export const holdsWinningTicket = (ticketNumbers: string, winningTicketNumber: number | null) =>
  winningTicketNumber !== null && expandTicketRanges(ticketNumbers).includes(winningTicketNumber)

/**
 * The prize's winner now: the last redraw's when an unclaimed prize was
 * redrawn (docs/fairness.md, "Redraws"), else the draw's own.
 */
export const currentWinner = (
  proof: DrawProofJson,
): { readonly winningTicketNumber: number | null; readonly drawnAt: string | null } => {
  const last = proof.redraws.at(-1)
  return last === undefined
    ? { winningTicketNumber: proof.winningTicketNumber, drawnAt: proof.drawnAt }
    : { winningTicketNumber: last.winningTicketNumber, drawnAt: last.drawnAt }
}
