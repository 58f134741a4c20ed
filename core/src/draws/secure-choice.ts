import { Effect } from "effect"
import { SecureRandom } from "../ports/secure-random.js"

/** 2^48: six random bytes give an integer in [0, 2^48), exact in a double. */
const RANGE = 2 ** 48

const readUint48 = (bytes: Uint8Array): number =>
  bytes.reduce((value, byte) => value * 256 + byte, 0)

/**
 * A uniform integer in [0, bound) without modulo bias: values from the top
 * partial block of 2^48 are rejected and drawn again, so every outcome has
 * exactly the same number of preimages. This is the documented mapping that
 * makes a draw verifiable.
 */
export const uniformIntBelow = (bound: number): Effect.Effect<number, never, SecureRandom> =>
  Effect.gen(function* () {
    if (!Number.isSafeInteger(bound) || bound < 1 || bound > RANGE) {
      return yield* Effect.dieMessage(`uniformIntBelow: bound out of range: ${bound}`)
    }
    const random = yield* SecureRandom
    const limit = RANGE - (RANGE % bound)
    for (;;) {
      const value = readUint48(yield* random.bytes(6))
      if (value < limit) return value % bound
    }
  })

/**
 * `count` distinct ticket numbers from 1..total, e.g. the instant-win numbers
 * fixed before a competition opens. Partial Fisher–Yates over a sparse map,
 * so choosing 10 numbers of 100,000 costs 10 draws, not 100,000.
 */
export const chooseDistinctTicketNumbers = (
  total: number,
  count: number,
): Effect.Effect<number[], never, SecureRandom> =>
  Effect.gen(function* () {
    if (count > total || count < 0) {
      return yield* Effect.dieMessage(`cannot choose ${count} of ${total} tickets`)
    }
    const swapped = new Map<number, number>()
    const at = (i: number) => swapped.get(i) ?? i + 1
    const chosen: number[] = []
    for (let i = 0; i < count; i++) {
      const j = i + (yield* uniformIntBelow(total - i))
      const picked = at(j)
      swapped.set(j, at(i))
      chosen.push(picked)
    }
    return chosen
  })

/**
 * The free numbers at the given 1-based ranks: rank r is the r-th number of
 * 1, 2, 3, ... that is not in `taken`. One pass over both sorted lists.
 */
export const freeNumbersAtRanks = (
  takenAscending: readonly number[],
  ranks: readonly number[],
): number[] => {
  const order = ranks.map((rank, i) => ({ rank, i })).sort((a, b) => a.rank - b.rank)
  const numbers = new Array<number>(ranks.length)
  let skipped = 0
  let t = 0
  for (const { rank, i } of order) {
    // The r-th free number is r plus the taken numbers at or below it.
    let candidate = rank + skipped
    while (t < takenAscending.length && (takenAscending[t] as number) <= candidate) {
      skipped++
      t++
      candidate = rank + skipped
    }
    numbers[i] = candidate
  }
  return numbers
}

/**
 * `count` distinct numbers of 1..total that are not in `taken`, each free
 * number equally likely: distinct ranks among the free numbers are chosen
 * uniformly (chooseDistinctTicketNumbers), and rank to number is a bijection.
 * So a new instant-win group never lands on another group's number.
 */
export const chooseFreeTicketNumbers = (
  total: number,
  taken: ReadonlySet<number>,
  count: number,
): Effect.Effect<number[], never, SecureRandom> =>
  Effect.gen(function* () {
    const takenAscending = [...taken].filter((n) => n >= 1 && n <= total).sort((a, b) => a - b)
    const free = total - takenAscending.length
    if (count > free || count < 0) {
      return yield* Effect.dieMessage(`cannot choose ${count} of ${free} free tickets`)
    }
    const ranks = yield* chooseDistinctTicketNumbers(free, count)
    return freeNumbersAtRanks(takenAscending, ranks)
  })
