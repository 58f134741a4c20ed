import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import fc from "fast-check"
import { SecureRandom } from "../ports/secure-random"
import { chooseDistinctTicketNumbers, uniformIntBelow } from "./secure-choice"

/** Replays the given bytes in order (cycling), so tests control every draw. */
const scriptedRandom = (script: readonly number[]) => {
  let position = 0
  return Layer.succeed(SecureRandom, {
    bytes: (length) =>
      Effect.sync(() => Uint8Array.from({ length }, () => script[position++ % script.length] ?? 0)),
  })
}

describe("uniformIntBelow", () => {
  it.effect("rejects the biased top block and draws again", () =>
    Effect.gen(function* () {
      // 0xff.. x6 = 2^48 - 1, which lies in the rejected block for bound 3
      // (2^48 mod 3 = 1), so the second draw (value 5) decides: 5 mod 3 = 2.
      const value = yield* uniformIntBelow(3)
      expect(value).toBe(2)
    }).pipe(Effect.provide(scriptedRandom([255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 5]))),
  )

  it("stays within [0, bound) for any bytes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 6, maxLength: 60 }),
        (bound, script) => {
          const value = Effect.runSync(
            uniformIntBelow(bound).pipe(
              Effect.provide(scriptedRandom([...script, 0, 0, 0, 0, 0, 0])),
            ),
          )
          expect(value).toBeGreaterThanOrEqual(0)
          expect(value).toBeLessThan(bound)
        },
      ),
    )
  })
})

describe("chooseDistinctTicketNumbers", () => {
  it("chooses distinct numbers within 1..total", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5000 })
          .chain((total) =>
            fc.tuple(
              fc.constant(total),
              fc.integer({ min: 0, max: Math.min(total, 50) }),
              fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 6, maxLength: 64 }),
            ),
          ),
        ([total, count, script]) => {
          const chosen = Effect.runSync(
            chooseDistinctTicketNumbers(total, count).pipe(
              Effect.provide(scriptedRandom([...script, 1, 2, 3, 4, 5, 6])),
            ),
          )
          expect(chosen).toHaveLength(count)
          expect(new Set(chosen).size).toBe(count)
          for (const n of chosen) {
            expect(n).toBeGreaterThanOrEqual(1)
            expect(n).toBeLessThanOrEqual(total)
          }
        },
      ),
    )
  })

  it("can choose every ticket, giving a permutation", () => {
    const chosen = Effect.runSync(
      chooseDistinctTicketNumbers(10, 10).pipe(
        Effect.provide(scriptedRandom([7, 3, 9, 1, 200, 42])),
      ),
    )
    expect([...chosen].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })
})
