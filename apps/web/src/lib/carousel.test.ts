import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { nextIndex, previousIndex, shouldAutoAdvance, wrapIndex } from "./carousel"

describe("carousel index arithmetic", () => {
  it("wraps at both ends", () => {
    expect(nextIndex(2, 3)).toBe(0)
    expect(previousIndex(0, 3)).toBe(2)
    expect(nextIndex(0, 3)).toBe(1)
    expect(wrapIndex(-7, 3)).toBe(2)
    expect(wrapIndex(5, 0)).toBe(0)
  })

  it("always lands on a slide, and next undoes previous", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer(), (count, index) => {
        const i = wrapIndex(index, count)
        expect(i).toBeGreaterThanOrEqual(0)
        expect(i).toBeLessThan(count)
        expect(nextIndex(previousIndex(i, count), count)).toBe(i)
      }),
    )
  })

  it("visits every slide once in `count` steps", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), (count) => {
        const seen = new Set<number>()
        let i = 0
        for (let step = 0; step < count; step++) {
          seen.add(i)
          i = nextIndex(i, count)
        }
        expect(seen.size).toBe(count)
        expect(i).toBe(0)
      }),
    )
  })
})

describe("shouldAutoAdvance", () => {
  const still = { count: 3, paused: false, hovered: false, focused: false, reducedMotion: false }

  it("moves only when nothing holds it still", () => {
    expect(shouldAutoAdvance(still)).toBe(true)
    expect(shouldAutoAdvance({ ...still, count: 1 })).toBe(false)
    expect(shouldAutoAdvance({ ...still, paused: true })).toBe(false)
    expect(shouldAutoAdvance({ ...still, hovered: true })).toBe(false)
    expect(shouldAutoAdvance({ ...still, focused: true })).toBe(false)
    expect(shouldAutoAdvance({ ...still, reducedMotion: true })).toBe(false)
  })
})
