import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import fc from "fast-check"
import { SecureRandom } from "../ports/secure-random.js"
import {
  chooseDistinctTicketNumbers,
  chooseFreeTicketNumbers,
  freeNumbersAtRanks,
  uniformIntBelow,
} from "./secure-choice.js"

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

/** Some numbers of 1..total marked taken, as other instant-win groups hold them. */
const totalAndTaken = fc
  .integer({ min: 1, max: 400 })
  .chain((total) =>
    fc.tuple(
      fc.constant(total),
      fc.uniqueArray(fc.integer({ min: 1, max: total }), { maxLength: total }),
    ),
  )

describe("freeNumbersAtRanks", () => {
  it("maps the ranks 1..free one to one onto the numbers not taken, in order", () => {
    fc.assert(
      fc.property(totalAndTaken, ([total, taken]) => {
        const takenSet = new Set(taken)
        const free = Array.from({ length: total }, (_, i) => i + 1).filter((n) => !takenSet.has(n))
        const ranks = free.map((_, i) => i + 1)
        const sorted = [...taken].sort((a, b) => a - b)
        expect(freeNumbersAtRanks(sorted, ranks)).toEqual(free)
        // In any order of ranks, each answer is still the free number of that rank.
        const shuffled = [...ranks].reverse()
        expect(freeNumbersAtRanks(sorted, shuffled)).toEqual(shuffled.map((r) => free[r - 1]))
      }),
    )
  })
})

describe("chooseFreeTicketNumbers", () => {
  it("chooses distinct numbers within 1..total that no other group holds", () => {
    fc.assert(
      fc.property(
        totalAndTaken.chain(([total, taken]) =>
          fc.tuple(
            fc.constant(total),
            fc.constant(taken),
            fc.integer({ min: 0, max: total - taken.length }),
            fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 6, maxLength: 64 }),
          ),
        ),
        ([total, taken, count, script]) => {
          const chosen = Effect.runSync(
            chooseFreeTicketNumbers(total, new Set(taken), count).pipe(
              Effect.provide(scriptedRandom([...script, 1, 2, 3, 4, 5, 6])),
            ),
          )
          expect(chosen).toHaveLength(count)
          expect(new Set(chosen).size).toBe(count)
          for (const n of chosen) {
            expect(taken).not.toContain(n)
            expect(n).toBeGreaterThanOrEqual(1)
            expect(n).toBeLessThanOrEqual(total)
          }
        },
      ),
    )
  })

  it("gives every free number the same chance", () => {
    // 3 of 10 taken, one number chosen from the 7 left: each of the 7 is hit
    // by exactly the same number of the 256^6 byte strings' accepted values,
    // so over many real draws every free number turns up, and no taken one.
    const taken = new Set([2, 5, 9])
    const counts = new Map<number, number>()
    const random = Layer.succeed(SecureRandom, {
      bytes: (length: number) =>
        Effect.sync(() => globalThis.crypto.getRandomValues(new Uint8Array(length))),
    })
    for (let i = 0; i < 7000; i++) {
      const [n = 0] = Effect.runSync(
        chooseFreeTicketNumbers(10, taken, 1).pipe(Effect.provide(random)),
      )
      counts.set(n, (counts.get(n) ?? 0) + 1)
    }
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([1, 3, 4, 6, 7, 8, 10])
    // Chi-square with 6 degrees of freedom: a fair choice exceeds 40 once in
    // about two million runs; one that favoured a number by a fifth would, typically.
    const chiSquare = [...counts.values()].reduce((sum, c) => sum + (c - 1000) ** 2 / 1000, 0)
    expect(chiSquare).toBeLessThan(40)
  })
})
