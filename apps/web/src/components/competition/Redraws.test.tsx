import type { DrawProofJson } from "@howzat/contracts/draws"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { currentWinner } from "../../lib/fairness"
import { Redraws, UnclaimedNote } from "./Redraws"

const hash = "ab".repeat(32)
const drawn: DrawProofJson = {
  competitionId: "9a72459a-12e8-4d20-a8bc-22909082412f",
  competitionName: "A bat",
  closeDateTimeUtc: "2026-12-03T20:30:00.000Z",
  commitment: hash,
  commitmentPublishedAt: "2026-11-01T09:00:00.000Z",
  outcome: "Winner",
  seed: hash,
  entriesHash: hash,
  entryCount: 7,
  beacon: { source: "none", value: "" },
  attempt: 0,
  winningTicketNumber: 10,
  drawnAt: "2026-12-03T20:31:00.000Z",
  prizeUnclaimedAt: null,
  redraws: [],
  instantWins: { commitment: null, salt: null, lines: null },
}
const redraw = {
  redrawNumber: 1,
  replacesTicketNumber: 10,
  excludedTicketNumbers: [10],
  requestedAt: "2026-12-18T10:00:00.000Z",
  drawnAt: "2026-12-18T10:00:31.000Z",
  entriesHash: hash,
  entryCount: 6,
  beacon: { source: "drand", value: hash, round: 6740000, url: "https://api.drand.sh/x" },
  attempt: 0,
  winningTicketNumber: 42,
  prizeUnclaimedAt: null,
} as const
const redrawn: DrawProofJson = {
  ...drawn,
  prizeUnclaimedAt: "2026-12-18T10:00:00.000Z",
  redraws: [redraw],
}

describe("a redrawn prize on the proof", () => {
  it("shows nothing extra for a prize that was claimed or is still in its window", () => {
    expect(renderToStaticMarkup(<Redraws proof={drawn} />)).toBe("")
    expect(renderToStaticMarkup(<UnclaimedNote proof={drawn} />)).toBe("")
    expect(currentWinner(drawn)).toEqual({ winningTicketNumber: 10, drawnAt: drawn.drawnAt })
  })

  it("marks the draw's winner unclaimed and names what the redraw replaced", () => {
    const note = renderToStaticMarkup(<UnclaimedNote proof={redrawn} />)
    expect(note).toContain("Prize unclaimed;")
    expect(note).toContain("redrawn on")
    expect(note).toContain('dateTime="2026-12-18T10:00:31.000Z"')
    const html = renderToStaticMarkup(<Redraws proof={redrawn} />)
    expect(html).toContain("Redraw 1: replaces ticket 10, whose prize went unclaimed")
    expect(html).toContain('aria-labelledby="redraw-1"')
    expect(html).toContain("Ticket 10")
    expect(html).toContain(
      "drand round 6740000, the first published after the redraw was asked for",
    )
    expect(html).toContain(">42<")
    expect(currentWinner(redrawn)).toEqual({
      winningTicketNumber: 42,
      drawnAt: redraw.drawnAt,
    })
  })

  it("says a redraw asked for but not yet drawn is waiting for its beacon", () => {
    const waiting = { ...drawn, prizeUnclaimedAt: "2026-12-18T10:00:00.000Z" }
    expect(renderToStaticMarkup(<UnclaimedNote proof={waiting} />)).toContain(
      "waiting for its public beacon",
    )
  })
})
