import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  arbitraryCompetitionSchedule,
  arbitraryDrawResult,
  arbitraryInstantMs,
} from "../testing/arbitraries/index.js"
import { type CompetitionSchedule, competitionPhase } from "./competition.js"
import {
  type CompetitionStanding,
  competitionStanding,
  type DrawResult,
  standingDeadline,
} from "./competition-standing.js"

const at = (iso: string) => new Date(iso)
const schedule: CompetitionSchedule = {
  start: at("2026-11-01T12:00:00Z"),
  close: at("2026-11-20T20:00:00Z"),
  draw: at("2026-11-26T20:30:00Z"),
}
const drawn: DrawResult = {
  outcome: "Winner",
  winningTicketNumber: 1234,
  drawnAt: at("2026-11-26T20:31:00Z"),
}

const resultArb = arbitraryDrawResult()
const instant = arbitraryInstantMs().map((ms) => new Date(ms))

describe("competitionStanding", () => {
  it.each<[string, boolean, DrawResult | null, CompetitionStanding["kind"]]>([
    ["2026-10-30T00:00:00Z", true, null, "ComingSoon"],
    ["2026-11-10T00:00:00Z", true, null, "Open"],
    ["2026-11-22T00:00:00Z", true, null, "AwaitingDraw"],
    // Past its draw time and not drawn: still waiting, not finished.
    ["2026-12-01T00:00:00Z", true, null, "AwaitingDraw"],
    ["2026-12-01T00:00:00Z", true, drawn, "Drawn"],
    // Drawn while its dates still say the draw is to come: drawn.
    ["2026-11-22T00:00:00Z", true, drawn, "Drawn"],
    ["2026-11-22T00:00:00Z", false, null, "Closed"],
  ])("at %s (main draw %s, result %o) is %s", (now, mainDraw, result, kind) => {
    expect(competitionStanding(schedule, mainDraw, result, at(now)).kind).toBe(kind)
  })

  it("never counts down once drawn, and never waits for a draw there is not", () => {
    fc.assert(
      fc.property(
        arbitraryCompetitionSchedule(),
        fc.boolean(),
        resultArb,
        instant,
        (s, mainDraw, result, now) => {
          const standing = competitionStanding(s, mainDraw, result, now)
          if (result !== null) {
            expect(standing).toEqual({ kind: "Drawn", result })
            expect(standingDeadline(standing, now)).toBeNull()
          }
          if (!mainDraw) expect(standing.kind).not.toBe("AwaitingDraw")
          if (standing.kind === "AwaitingDraw" || standing.kind === "Closed")
            expect(now.getTime()).toBeGreaterThanOrEqual(s.close.getTime())
        },
      ),
    )
  })

  it("counts down only to something still to come", () => {
    fc.assert(
      fc.property(
        arbitraryCompetitionSchedule(),
        fc.boolean(),
        resultArb,
        instant,
        (s, mainDraw, result, now) => {
          const deadline = standingDeadline(competitionStanding(s, mainDraw, result, now), now)
          if (deadline !== null) expect(deadline.getTime()).toBeGreaterThan(now.getTime())
        },
      ),
    )
  })

  it("agrees with the phase before the close", () => {
    fc.assert(
      fc.property(arbitraryCompetitionSchedule(), instant, (s, now) => {
        const kind = competitionStanding(s, true, null, now).kind
        const phase = competitionPhase(s, now)
        if (phase === 0) expect(kind).toBe("ComingSoon")
        if (phase === 1) expect(kind).toBe("Open")
        if (phase >= 2) expect(kind).toBe("AwaitingDraw")
      }),
    )
  })
})
