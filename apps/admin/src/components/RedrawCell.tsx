import type { MainPrizeWinnerJson } from "@howzat/contracts/competition-winners"
import { useState } from "react"
import { api } from "../api"
import { formatDateTime } from "../lib/format"
import { claimState } from "../lib/redraws"
import { useAction } from "../lib/use-action"
import { ConfirmDialog } from "./Confirm"

const winnerName = (w: MainPrizeWinnerJson) => w.winner.fullName ?? "No customer record"

/**
 * A main winner's claim on the winners page: in its window until when, or
 * handed over, or marked unclaimed; once the window has passed unclaimed,
 * the "Unclaimed — redraw" action, confirmed first, since it cannot be
 * undone (docs/fairness.md, "Redraws").
 */
export function RedrawCell({
  winner,
  claimWindowDays,
  onRedrawn,
}: {
  readonly winner: MainPrizeWinnerJson
  readonly claimWindowDays: number
  readonly onRedrawn: (message: string) => void
}) {
  const [confirming, setConfirming] = useState(false)
  const redraw = useAction(() =>
    api.draws.redraw({
      path: { competitionId: winner.competition.id },
      payload: { ticketNumber: winner.ticketNumber },
    }),
  )
  const state = claimState(winner, claimWindowDays, new Date())
  const who = `${winnerName(winner)}, ticket ${winner.ticketNumber}`
  return (
    <div className="space-y-1 text-xs">
      {state.kind === "unclaimed" && (
        <p>
          <span className="rounded bg-rose-100 px-1.5 py-0.5 font-medium text-rose-900">
            Unclaimed
          </span>{" "}
          redraw asked for {formatDateTime(state.at)}
        </p>
      )}
      {state.kind === "claimed" && <p>Claimed</p>}
      {state.kind === "window" && (
        <p>Can claim until {formatDateTime(state.until.toISOString())}</p>
      )}
      {state.kind === "due" && (
        <>
          <p>Window ended {formatDateTime(state.since.toISOString())}</p>
          <button
            type="button"
            className="btn whitespace-nowrap"
            onClick={() => {
              redraw.reset()
              setConfirming(true)
            }}
            aria-label={`Unclaimed — redraw: ${who}`}
          >
            Unclaimed — redraw
          </button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Mark this prize unclaimed and redraw it?"
        confirmLabel="Mark unclaimed and redraw"
        pending={redraw.pending}
        error={redraw.error}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          const made = await redraw.run()
          if (made) {
            setConfirming(false)
            onRedrawn(
              `${who}: prize unclaimed. Redraw ${made.redraw.redrawNumber} won by ticket ${made.redraw.winningTicketNumber}${made.winner ? ` (${made.winner.fullName})` : ""}.`,
            )
          }
        }}
      >
        <p>
          {who}. The winner did not claim within {claimWindowDays}{" "}
          {claimWindowDays === 1 ? "day" : "days"}. A new winner is drawn from the same entries
          without this ticket, and both draws stay published. This cannot be undone.
        </p>
        <p className="mt-2 text-sm text-slate-600">
          If the public randomness for the redraw is not out yet, the prize stays marked unclaimed:
          confirm again after the time shown.
        </p>
      </ConfirmDialog>
    </div>
  )
}
