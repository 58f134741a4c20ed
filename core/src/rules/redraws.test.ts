import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  claimDeadline,
  claimWindowDays,
  DEFAULT_CLAIM_WINDOW_DAYS,
  redrawRefusal,
  type WinnerToRedraw,
} from "./redraws.js"

const DAY = 24 * 60 * 60 * 1000
const drawnAt = new Date("2026-12-03T20:30:00Z")
const winner = (overrides: Partial<WinnerToRedraw> = {}): WinnerToRedraw => ({
  drawnAt,
  processedAt: null,
  redrawRequestedAt: null,
  isCurrentWinner: true,
  ...overrides,
})
const after = (days: number, ms = 0) => new Date(drawnAt.getTime() + days * DAY + ms)

describe("when an unclaimed prize may be redrawn", () => {
  it("the default window is fourteen days from the draw", () => {
    expect(DEFAULT_CLAIM_WINDOW_DAYS).toBe(14)
    expect(claimDeadline(drawnAt, 14)).toEqual(new Date("2026-12-17T20:30:00Z"))
  })

  it("not while the window is open, up to and including its last instant", () => {
    expect(redrawRefusal(winner(), after(14), 14)).toEqual({
      reason: "ClaimWindowOpen",
      until: after(14),
    })
    expect(redrawRefusal(winner(), after(1), 14)?.reason).toBe("ClaimWindowOpen")
  })

  it("once the window has passed, for the current, unprocessed, never redrawn winner", () => {
    expect(redrawRefusal(winner(), after(14, 1), 14)).toBeNull()
  })

  it("never a prize handed over, a replaced winner, or one already redrawn", () => {
    const late = after(30)
    expect(redrawRefusal(winner({ processedAt: after(2) }), late, 14)).toEqual({
      reason: "PrizeClaimed",
    })
    expect(redrawRefusal(winner({ isCurrentWinner: false }), late, 14)).toEqual({
      reason: "NotCurrentWinner",
    })
    expect(redrawRefusal(winner({ redrawRequestedAt: after(15) }), late, 14)).toEqual({
      reason: "AlreadyRedrawn",
      at: after(15),
    })
  })

  it("property: allowed exactly when every condition holds", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 365 }),
        fc.integer({ min: -400 * DAY, max: 400 * DAY }),
        (processed, redrawn, current, days, offset) => {
          const now = new Date(drawnAt.getTime() + offset)
          const refusal = redrawRefusal(
            winner({
              processedAt: processed ? drawnAt : null,
              redrawRequestedAt: redrawn ? drawnAt : null,
              isCurrentWinner: current,
            }),
            now,
            days,
          )
          const allowed = !processed && !redrawn && current && offset > days * DAY
          expect(refusal === null).toBe(allowed)
        },
      ),
    )
  })
})

describe("the claim window staff set", () => {
  it("is a whole number of days from 1 to 365", () => {
    expect(claimWindowDays(14)).toEqual({ valid: true, days: 14 })
    expect(claimWindowDays(1).valid).toBe(true)
    expect(claimWindowDays(365).valid).toBe(true)
    for (const bad of [0, -3, 366, 1.5, Number.NaN]) {
      expect(claimWindowDays(bad)).toEqual({
        valid: false,
        message: "The claim window must be a whole number of days from 1 to 365.",
      })
    }
  })
})
