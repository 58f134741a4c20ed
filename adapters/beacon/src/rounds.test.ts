import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { firstRoundAfter, publicationTimeMs } from "./rounds"

const QUICKNET = { genesisTime: 1692803367, period: 3 }

describe("the first drand round after a close", () => {
  it("is published strictly after the close, and the round before it was not", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_500_000_000, max: 4_000_000_000 }),
        fc.integer({ min: 1, max: 60 }),
        // From well before genesis to decades after, to the millisecond.
        fc.integer({ min: 1_000_000_000_000, max: 5_000_000_000_000 }),
        (genesisTime, period, closeMs) => {
          const chain = { genesisTime, period }
          const round = firstRoundAfter(chain, closeMs)
          expect(Number.isSafeInteger(round) && round >= 1).toBe(true)
          expect(publicationTimeMs(chain, round)).toBeGreaterThan(closeMs)
          if (round > 1) expect(publicationTimeMs(chain, round - 1)).toBeLessThanOrEqual(closeMs)
        },
      ),
    )
  })

  it("skips the round published at the very instant of the close", () => {
    const closeMs = publicationTimeMs(QUICKNET, 657413)
    expect(firstRoundAfter(QUICKNET, closeMs)).toBe(657414)
    expect(firstRoundAfter(QUICKNET, closeMs - 1)).toBe(657413)
  })

  it("is round 1 for a close before the chain began", () => {
    expect(firstRoundAfter(QUICKNET, Date.parse("2020-01-01T00:00:00Z"))).toBe(1)
    expect(publicationTimeMs(QUICKNET, 1)).toBe(1692803367000)
  })
})
