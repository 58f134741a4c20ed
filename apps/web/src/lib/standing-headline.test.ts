import { competitionStanding, type DrawResult } from "@howzat/core/rules"
import {
  arbitraryCompetitionSchedule,
  arbitraryDrawResult,
  arbitraryInstantMs,
} from "@howzat/core/testing"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { phaseLabels, standingHeadline } from "./standing-headline"

const at = (iso: string) => new Date(iso)
const drawAt = at("2026-11-26T20:30:00Z")
const drawn: DrawResult = {
  outcome: "Winner",
  winningTicketNumber: 1234,
  drawnAt: at("2026-11-26T20:31:00Z"),
}
const day = (d: Date) => d.toISOString().slice(0, 10)

const resultArb = arbitraryDrawResult()
const instant = arbitraryInstantMs().map((ms) => new Date(ms))

describe("phaseLabels", () => {
  it("uses the docs/product/states.md wording", () => {
    expect(phaseLabels).toEqual({
      0: "COMPETITION OPENS IN",
      1: "COMPETITION CLOSES IN",
      2: "CLOSED! DRAW IN",
      3: "COMPETITION HAS CLOSED",
    })
  })
})

describe("standingHeadline", () => {
  it("says drawn with the winning ticket, and closed with the draw's date", () => {
    expect(standingHeadline({ kind: "Drawn", result: drawn }, day)).toBe(
      "Drawn: winning ticket 1234",
    )
    expect(
      standingHeadline(
        {
          kind: "Drawn",
          result: {
            outcome: "NoEntries",
            winningTicketNumber: null,
            drawnAt: at("2026-11-26T20:31:00Z"),
          },
        },
        day,
      ),
    ).toBe("Drawn: there were no entries, so no winner")
    expect(standingHeadline({ kind: "AwaitingDraw", drawAt }, day)).toBe(
      "Closed: draw on 2026-11-26",
    )
    expect(standingHeadline({ kind: "AwaitingDraw", drawAt: null }, day)).toBe(
      "Closed: draw date to be announced",
    )
    expect(standingHeadline({ kind: "Open", closes: drawAt }, day)).toBe("COMPETITION CLOSES IN")
    expect(standingHeadline({ kind: "ComingSoon", opens: drawAt }, day)).toBe(
      "COMPETITION OPENS IN",
    )
    expect(standingHeadline({ kind: "Closed" }, day)).toBe("COMPETITION HAS CLOSED")
  })

  it("never says a drawn competition is still to be drawn", () => {
    fc.assert(
      fc.property(
        arbitraryCompetitionSchedule(),
        fc.boolean(),
        resultArb,
        instant,
        (s, m, r, now) => {
          const headline = standingHeadline(competitionStanding(s, m, r, now), day)
          if (r !== null) expect(headline.startsWith("Drawn:")).toBe(true)
          else expect(headline.startsWith("Drawn:")).toBe(false)
        },
      ),
    )
  })
})
