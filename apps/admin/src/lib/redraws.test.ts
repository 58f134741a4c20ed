import { describe, expect, it } from "vitest"
import { claimState, readClaimWindow } from "./redraws"

const drawnAt = "2026-12-03T20:30:00.000Z"
const at = (iso: string) => new Date(iso)
const winner = (overrides = {}) => ({
  drawnAt,
  processed: false,
  redrawRequestedAt: null as string | null,
  ...overrides,
})

describe("a main winner's claim", () => {
  it("is in its window up to fourteen days after the draw, then due for a redraw", () => {
    expect(claimState(winner(), 14, at("2026-12-17T20:30:00.000Z"))).toEqual({
      kind: "window",
      until: at("2026-12-17T20:30:00.000Z"),
    })
    expect(claimState(winner(), 14, at("2026-12-17T20:30:00.001Z"))).toEqual({
      kind: "due",
      since: at("2026-12-17T20:30:00.000Z"),
    })
  })

  it("is never due once handed over or already marked unclaimed", () => {
    const late = at("2027-02-01T00:00:00.000Z")
    expect(claimState(winner({ processed: true }), 14, late)).toEqual({ kind: "claimed" })
    expect(claimState(winner({ redrawRequestedAt: "2026-12-20T09:00:00.000Z" }), 14, late)).toEqual(
      { kind: "unclaimed", at: "2026-12-20T09:00:00.000Z" },
    )
  })
})

describe("the claim window as typed", () => {
  it("is a whole number of days from 1 to 365, spaces aside", () => {
    expect(readClaimWindow(" 21 ")).toEqual({ ok: true, days: 21 })
    for (const bad of ["", "0", "366", "1.5", "-2", "two"]) {
      expect(readClaimWindow(bad)).toEqual({
        ok: false,
        message: "The claim window must be a whole number of days from 1 to 365.",
      })
    }
  })
})
