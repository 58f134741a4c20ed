import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  effectiveMarketingByEmail,
  GOOD_STANDING,
  mayEnter,
  mayPurchase,
  mayReceiveMarketing,
  PAUSE_LENGTHS,
  type PauseLength,
  pauseEnd,
  pauseRefusal,
  type StandingRecord,
  standingAt,
  withClosure,
  withPause,
} from "./standing.js"

const at = (iso: string) => new Date(iso)
const length = fc.constantFrom(...PAUSE_LENGTHS)
const moment = fc
  .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 0, 1) })
  .map((ms) => new Date(ms))

/** A customer's actions in time order: take a break of some length, or close, at some moment. */
const actions = fc
  .array(
    fc.record({
      kind: fc.constantFrom("Pause", "Close", "Pause", "Pause"),
      length,
      gapMs: fc.integer({ min: 0, max: 400 * 24 * 3_600_000 }),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((steps) => {
    let t = Date.UTC(2026, 0, 1)
    return steps.map((step) => {
      t += step.gapMs
      return { ...step, at: new Date(t) }
    })
  })

/** Plays the actions as the use case does: a refused break changes nothing. */
const play = (steps: ReturnType<typeof actions.generate>["value"]) => {
  const history: { record: StandingRecord; at: Date }[] = []
  let record = GOOD_STANDING
  for (const step of steps) {
    if (step.kind === "Close") record = withClosure(record, step.at)
    else if (pauseRefusal(record, step.length as PauseLength, step.at) === null) {
      record = withPause(record, step.length as PauseLength, step.at)
    }
    history.push({ record, at: step.at })
  }
  return history
}

describe("pause lengths", () => {
  it("a cool-off is 24 hours, 7 or 30 days; a self-suspension 6 months or more", () => {
    const from = at("2026-08-31T10:00:00Z")
    expect(pauseEnd(from, "24Hours")).toEqual(at("2026-09-01T10:00:00Z"))
    expect(pauseEnd(from, "7Days")).toEqual(at("2026-09-07T10:00:00Z"))
    expect(pauseEnd(from, "30Days")).toEqual(at("2026-09-30T10:00:00Z"))
    // 31st August + 6 months: the last day of February, never into March.
    expect(pauseEnd(from, "6Months")).toEqual(at("2027-02-28T10:00:00Z"))
    expect(pauseEnd(from, "1Year")).toEqual(at("2027-08-31T10:00:00Z"))
    expect(pauseEnd(from, "5Years")).toEqual(at("2031-08-31T10:00:00Z"))
  })

  it("a self-suspension lasts at least 182 days and every break ends after it starts", () => {
    fc.assert(
      fc.property(moment, length, (from, l) => {
        const end = pauseEnd(from, l)
        expect(end.getTime()).toBeGreaterThan(from.getTime())
        if (l.endsWith("Months") || l.endsWith("Year") || l.endsWith("Years")) {
          expect(end.getTime() - from.getTime()).toBeGreaterThanOrEqual(181 * 24 * 3_600_000)
        }
      }),
    )
  })
})

describe("standing", () => {
  it("a break holds until its end to the millisecond, then the account is active again", () => {
    const record = withPause(GOOD_STANDING, "24Hours", at("2026-11-25T12:00:00Z"))
    expect(standingAt(record, at("2026-11-26T11:59:59.999Z")).status).toBe("Paused")
    expect(standingAt(record, at("2026-11-26T12:00:00Z")).status).toBe("Active")
  })

  it("a shorter or equal break is refused while one runs; a longer one lengthens it", () => {
    const start = at("2026-11-25T12:00:00Z")
    const record = withPause(GOOD_STANDING, "6Months", start)
    const later = at("2026-11-26T12:00:00Z")
    expect(pauseRefusal(record, "30Days", later)).toEqual({
      reason: "WouldEndEarlier",
      until: at("2027-05-25T12:00:00Z"),
    })
    expect(pauseRefusal(record, "1Year", later)).toBeNull()
    expect(withPause(record, "1Year", later).pausedUntil).toEqual(at("2027-11-26T12:00:00Z"))
  })

  it("a closed account takes no break and stays closed", () => {
    const closed = withClosure(GOOD_STANDING, at("2026-11-25T12:00:00Z"))
    expect(pauseRefusal(closed, "5Years", at("2026-11-25T13:00:00Z"))).toEqual({ reason: "Closed" })
    expect(withClosure(closed, at("2027-01-01T00:00:00Z")).closedAt).toEqual(closed.closedAt)
  })

  it("property: no sequence of actions ever brings a break's end earlier", () => {
    fc.assert(
      fc.property(actions, (steps) => {
        const history = play(steps)
        for (let i = 1; i < history.length; i++) {
          const before = history[i - 1]?.record.pausedUntil?.getTime() ?? 0
          const after = history[i]?.record.pausedUntil?.getTime() ?? 0
          expect(after).toBeGreaterThanOrEqual(before)
        }
      }),
    )
  })

  it("property: once on a break, the account is not active at any moment before its end", () => {
    fc.assert(
      fc.property(actions, fc.integer({ min: 0, max: 1_000 }), (steps, fraction) => {
        const history = play(steps)
        for (const [i, { record, at: when }] of history.entries()) {
          if (record.pausedUntil === null || record.pausedUntil <= when) continue
          const span = record.pausedUntil.getTime() - when.getTime()
          const probe = new Date(when.getTime() + Math.floor((span * fraction) / 1_001))
          // Every later state, at this moment, is still not active.
          for (const later of history.slice(i)) {
            if (later.at > probe) break
            expect(standingAt(later.record, probe).status).not.toBe("Active")
          }
          expect(standingAt(history.at(-1)?.record ?? record, probe).status).not.toBe("Active")
        }
      }),
    )
  })

  it("property: paused or closed may not purchase, enter or receive marketing; active may", () => {
    fc.assert(
      fc.property(actions, moment, fc.boolean(), (steps, probe, consent) => {
        const last = play(steps).at(-1)?.record ?? GOOD_STANDING
        const standing = standingAt(last, probe)
        const active = standing.status === "Active"
        expect(mayPurchase(standing)).toBe(active)
        expect(mayEnter(standing)).toBe(active)
        expect(mayReceiveMarketing(standing)).toBe(active)
        expect(effectiveMarketingByEmail(consent, standing)).toBe(consent && active)
        if (last.closedAt !== null) expect(standing.status).toBe("Closed")
      }),
    )
  })
})
