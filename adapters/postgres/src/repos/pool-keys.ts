import { randomBytes } from "node:crypto"
import { type Kysely, sql } from "kysely"
import type { Database } from "../schema"

/**
 * Sort keys for tickets that join a pool after it opened: released by a
 * cancelled, expired or refunded order, or added when the pool grows
 * (decision 0060). Claims take the lowest free keys (decision 0006), and the
 * free keys lie uniformly above the lowest of them (every key was drawn
 * uniformly, and claims only ever took the ones below). A key drawn
 * uniformly above that lowest key is then a uniformly random place among
 * the free tickets, and never the front: the ticket neither jumps the queue
 * (the same customer's next checkout getting the number back) nor waits at
 * the back (a guessable stretch of numbers at the end of the sale).
 */

const TOP = 1n << 128n

const toUuid = (value: bigint) => {
  const hex = value.toString(16).padStart(32, "0")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * `count` keys, each uniform over the uuids strictly above `lowest` (over
 * all of them when nothing is free), from the operating system's secure
 * generator: a key must not be predictable from earlier ones. PostgreSQL
 * compares uuids bytewise, so a uuid is read as a 128-bit big-endian number.
 * Uniform by rejection: draws of the span's bit length below the span are
 * kept, at least half of them.
 */
export const keysAbove = (lowest: string | null, count: number): string[] => {
  const floor = lowest === null ? -1n : BigInt(`0x${lowest.replaceAll("-", "")}`)
  const span = TOP - floor - 1n
  // Only the all-ones key has nothing above it; a tie with it is harmless.
  if (span <= 0n) return Array.from({ length: count }, () => toUuid(TOP - 1n))
  const bits = (span - 1n).toString(2).length
  const mask = (1n << BigInt(bits)) - 1n
  const keys: string[] = []
  while (keys.length < count) {
    // Enough for every key still wanted, if none is rejected; the loop draws more if some are.
    const bytes = randomBytes(16 * (count - keys.length))
    for (let at = 0; at < bytes.length; at += 16) {
      const drawn = BigInt(`0x${bytes.toString("hex", at, at + 16)}`) & mask
      if (drawn < span) keys.push(toUuid(floor + 1n + drawn))
    }
  }
  return keys
}

/**
 * The lowest sort key among a competition's free tickets, or null when none
 * is free: one step along the free-ticket index (tickets_free_idx).
 */
export const lowestFreeKey = async (
  q: Kysely<Database>,
  competitionId: string,
): Promise<string | null> => {
  const { rows } = await sql<{ sortKey: string }>`
    select sort_key from tickets
    where competition_id = ${competitionId} and order_id is null
    order by sort_key limit 1
  `.execute(q)
  return rows[0]?.sortKey ?? null
}
