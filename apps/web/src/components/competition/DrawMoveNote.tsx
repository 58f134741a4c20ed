import type { CompetitionJson } from "@howzat/contracts/catalogue"
import { drawMoveNote } from "@howzat/core/rules"

/** The words a competition's draw moving needs (docs/decisions/0081), as core's drawMoveNote says them. */
export const drawMoveNoteOf = (c: CompetitionJson): string | null =>
  drawMoveNote({
    drawOnSellOut: c.drawOnSellOut,
    drawBroughtForward:
      c.drawBroughtForward === null ? null : { from: new Date(c.drawBroughtForward.from) },
    drawn: c.drawResult !== null,
  })

/**
 * Under the competition's standing on its tile and page: a draw brought
 * forward because it sold out says from when, so anyone who read the old
 * date sees why it changed; a draw-on-sell-out says so before anyone buys.
 */
export function DrawMoveNote({ competition }: { competition: CompetitionJson }) {
  const note = drawMoveNoteOf(competition)
  if (note === null) return null
  return <p className="text-sm font-semibold text-accent">{note}</p>
}
