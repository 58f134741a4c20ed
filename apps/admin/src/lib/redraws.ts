/**
 * Where a main winner stands with their claim (docs/fairness.md,
 * "Redraws"): the same rule core applies (rules/redraws), read on the
 * winners page so the "Unclaimed — redraw" action appears only when the
 * server would allow it. The server decides; this only chooses what to show.
 */
import type { MainPrizeWinnerJson } from "@howzat/contracts/competition-winners"
import { claimDeadline, claimWindowDays } from "@howzat/core/rules"

export type ClaimState =
  /** Marked unclaimed and redrawn (or the redraw is waiting for its beacon). */
  | { readonly kind: "unclaimed"; readonly at: string }
  /** Handed over: nothing to redraw. */
  | { readonly kind: "claimed" }
  /** Still inside the claim window. */
  | { readonly kind: "window"; readonly until: Date }
  /** The window has passed and the prize is not handed over: staff may redraw. */
  | { readonly kind: "due"; readonly since: Date }

export const claimState = (
  winner: Pick<MainPrizeWinnerJson, "drawnAt" | "processed" | "redrawRequestedAt">,
  windowDays: number,
  now: Date,
): ClaimState => {
  if (winner.redrawRequestedAt !== null) return { kind: "unclaimed", at: winner.redrawRequestedAt }
  if (winner.processed) return { kind: "claimed" }
  const until = claimDeadline(new Date(winner.drawnAt), windowDays)
  return now.getTime() > until.getTime() ? { kind: "due", since: until } : { kind: "window", until }
}

/** The claim window as typed in the form: a whole number of days in range, or the rule's message. */
export const readClaimWindow = (
  typed: string,
):
  | { readonly ok: true; readonly days: number }
  | { readonly ok: false; readonly message: string } => {
  const trimmed = typed.trim()
  const checked = claimWindowDays(/^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN)
  return checked.valid ? { ok: true, days: checked.days } : { ok: false, message: checked.message }
}
