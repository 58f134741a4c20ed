import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  durationText,
  instantWinMajority,
  instantWinShareDetail,
  instantWinShareRefusal,
  isLive,
  type LiveCompetition,
  liveAfter,
  openTooShort,
  openTooShortMessage,
  shareOf,
} from "./live-competitions.js"

const HOUR = 60 * 60 * 1000
const NOW = new Date("2026-06-01T12:00:00Z")
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR)

const liveSet = fc
  .array(fc.boolean(), { maxLength: 12 })
  .map((kinds) => kinds.map((instantWin, i) => ({ id: `c${i}`, instantWin })))

/** One staff change: publish or hide one competition (new or existing), or change its kind. */
const change = fc.record({
  target: fc.integer({ min: 0, max: 14 }),
  next: fc.option(fc.boolean(), { nil: null }),
})

const apply = (live: readonly LiveCompetition[], c: { target: number; next: boolean | null }) => {
  const id = `c${c.target}`
  const after = liveAfter(live, id, c.next === null ? null : { id, instantWin: c.next })
  return instantWinShareRefusal(live, after) === null ? after : live
}

describe("the instant-win share", () => {
  it("allows an even split and refuses a majority", () => {
    expect(instantWinMajority({ instantWin: 2, other: 2 })).toBe(false)
    expect(instantWinMajority({ instantWin: 3, other: 2 })).toBe(true)
    expect(instantWinMajority({ instantWin: 1, other: 0 })).toBe(true)
  })

  it("refuses publishing the first live competition as an instant-win", () => {
    const after = liveAfter([], "a", { id: "a", instantWin: true })
    expect(instantWinShareRefusal([], after)).toEqual({ instantWin: 1, other: 0 })
  })

  it("no sequence of accepted changes makes instant wins the majority of a compliant shop", () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 30 }), (changes) => {
        let live: readonly LiveCompetition[] = []
        for (const c of changes) {
          live = apply(live, c)
          expect(instantWinMajority(shareOf(live))).toBe(false)
        }
      }),
    )
  })

  it("always allows a change that lowers the share, and refuses exactly what breaks it", () => {
    fc.assert(
      fc.property(liveSet, change, (live, c) => {
        const id = `c${c.target}`
        const after = liveAfter(live, id, c.next === null ? null : { id, instantWin: c.next })
        const refused = instantWinShareRefusal(live, after)
        const before = shareOf(live)
        const will = shareOf(after)
        const ratio = (s: typeof will) =>
          s.instantWin + s.other === 0 ? 0 : s.instantWin / (s.instantWin + s.other)
        if (ratio(will) <= ratio(before)) expect(refused).toBeNull()
        if (refused !== null) {
          expect(refused).toEqual(will)
          expect(instantWinMajority(will)).toBe(true)
        } else if (!instantWinMajority(before)) expect(instantWinMajority(will)).toBe(false)
      }),
    )
  })

  it("says how many live competitions of each kind there would be", () => {
    expect(instantWinShareDetail({ instantWin: 3, other: 2 })).toBe(
      "Instant-win competitions cannot be more than half of the live competitions. After this change there would be 3 live instant-win competitions and 2 other live competitions. Publish another competition without instant wins first, or keep this one hidden.",
    )
    expect(instantWinShareDetail({ instantWin: 1, other: 0 })).toContain(
      "1 live instant-win competition and 0 other live competitions",
    )
  })

  it("counts visible competitions that have not closed, scheduled ones included", () => {
    const c = (visibilityStatus: "Visible" | "Hidden", close: number) => ({
      visibilityStatus,
      closeDateTimeUtc: at(close),
    })
    expect(isLive(c("Visible", 1), NOW)).toBe(true)
    expect(isLive(c("Visible", 0), NOW)).toBe(false)
    expect(isLive(c("Hidden", 1), NOW)).toBe(false)
  })
})

describe("the minimum open duration", () => {
  const dated = (start: number, close: number, visible = false) => ({
    startDateTimeUtc: at(start),
    closeDateTimeUtc: at(close),
    visibilityStatus: visible ? ("Visible" as const) : ("Hidden" as const),
  })

  it("refuses a new competition open for less than the minimum, to the millisecond", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 1, max: 100 * HOUR }),
        fc.integer({ min: 0, max: 96 }),
        (start, length, minHours) => {
          const draft = {
            ...dated(start, 0),
            closeDateTimeUtc: new Date(at(start).getTime() + length),
          }
          expect(openTooShort(draft, minHours * HOUR)).toBe(length < minHours * HOUR)
        },
      ),
    )
  })

  it("judges an edit only when it moves the dates or publishes", () => {
    const short = dated(1, 5)
    expect(openTooShort(short, 24 * HOUR, short)).toBe(false)
    expect(openTooShort({ ...short, visibilityStatus: "Visible" }, 24 * HOUR, short)).toBe(true)
    expect(openTooShort(dated(1, 6), 24 * HOUR, short)).toBe(true)
    expect(openTooShort(dated(1, 25), 24 * HOUR, short)).toBe(false)
  })

  it("says the minimum as staff read it", () => {
    expect(durationText(24 * HOUR)).toBe("24 hours")
    expect(durationText(72 * HOUR)).toBe("3 days")
    expect(durationText(HOUR)).toBe("1 hour")
    expect(openTooShortMessage(24 * HOUR)).toBe(
      "The competition must be open for at least 24 hours: set the close date at least 24 hours after the start date",
    )
  })
})
