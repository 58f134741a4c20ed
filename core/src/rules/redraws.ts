/**
 * When an unclaimed main prize may be drawn again (docs/fairness.md,
 * "Redraws"; docs/decisions/0082-unclaimed-prize-redraws.md). Pure: the
 * Draws use case reads the winner and the shop's claim window and asks.
 */

/** The terms' claim window when staff have set none: fourteen days from the draw. */
export const DEFAULT_CLAIM_WINDOW_DAYS = 14
/** At least a day, so nobody is redrawn before they could read the email. */
export const MIN_CLAIM_WINDOW_DAYS = 1
/** At most a year: longer is a prize that is never redrawn. */
export const MAX_CLAIM_WINDOW_DAYS = 365

const DAY = 24 * 60 * 60 * 1000

/** A whole number of days in range, or why not (shown to staff as typed). */
export const claimWindowDays = (
  typed: number,
):
  | { readonly valid: true; readonly days: number }
  | { readonly valid: false; readonly message: string } =>
  Number.isInteger(typed) && typed >= MIN_CLAIM_WINDOW_DAYS && typed <= MAX_CLAIM_WINDOW_DAYS
    ? { valid: true, days: typed }
    : {
        valid: false,
        message: `The claim window must be a whole number of days from ${MIN_CLAIM_WINDOW_DAYS} to ${MAX_CLAIM_WINDOW_DAYS}.`,
      }

/** The winner may claim until this instant: the window counts from when they were drawn. */
export const claimDeadline = (drawnAt: Date, windowDays: number): Date =>
  new Date(drawnAt.getTime() + windowDays * DAY)

/** A main winner as the redraw rule sees them. */
export interface WinnerToRedraw {
  /** When this winner was drawn (the original draw, or the redraw that named them). */
  readonly drawnAt: Date
  /** Handed over (the winners page's "processed"): claimed, so never redrawn. */
  readonly processedAt: Date | null
  /** When staff asked for a redraw of this winner; null if never. */
  readonly redrawRequestedAt: Date | null
  /** The competition's latest winner: an earlier one was already replaced. */
  readonly isCurrentWinner: boolean
}

export type RedrawRefusal =
  | { readonly reason: "NotCurrentWinner" }
  | { readonly reason: "AlreadyRedrawn"; readonly at: Date }
  | { readonly reason: "PrizeClaimed" }
  | { readonly reason: "ClaimWindowOpen"; readonly until: Date }

/**
 * Null when the winner may be redrawn now: the current winner, never
 * redrawn before, the prize not handed over, and the claim window over.
 * The window is read as set when staff ask, and is the same for every
 * competition (the terms state one window for the shop).
 */
export const redrawRefusal = (
  winner: WinnerToRedraw,
  now: Date,
  windowDays: number,
): RedrawRefusal | null => {
  if (winner.redrawRequestedAt !== null)
    return { reason: "AlreadyRedrawn", at: winner.redrawRequestedAt }
  if (!winner.isCurrentWinner) return { reason: "NotCurrentWinner" }
  if (winner.processedAt !== null) return { reason: "PrizeClaimed" }
  const until = claimDeadline(winner.drawnAt, windowDays)
  if (now.getTime() <= until.getTime()) return { reason: "ClaimWindowOpen", until }
  return null
}
