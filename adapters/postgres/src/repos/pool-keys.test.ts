import { describe, expect, it } from "vitest"
import { keysAbove } from "./pool-keys"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** As PostgreSQL orders uuids: bytewise, which lower-case hex of one length compares alike. */
const above = (key: string, lowest: string) => key > lowest

describe("sort keys for tickets joining the pool", () => {
  it("draws uuids strictly above the first free key, however high it is", () => {
    for (const lowest of [
      "00000000-0000-4000-8000-000000000000",
      "7f3e2a10-9b1c-4d2e-8f00-123456789abc",
      "ffffffff-ffff-4fff-bfff-fffffffffff0",
      "ffffffff-ffff-ffff-ffff-fffffffffffe",
    ]) {
      const keys = keysAbove(lowest, 200)
      expect(keys).toHaveLength(200)
      for (const key of keys) {
        expect(key).toMatch(UUID)
        expect(above(key, lowest)).toBe(true)
      }
    }
    expect(keysAbove("ffffffff-ffff-ffff-ffff-fffffffffffe", 1)).toEqual([
      "ffffffff-ffff-ffff-ffff-ffffffffffff",
    ])
  })

  it("spreads them evenly above it, and over the whole range when nothing is free", () => {
    // Half the range above 8000…: about half of 2,000 draws in each half (never under 800).
    const lowest = "80000000-0000-0000-0000-000000000000"
    const upper = keysAbove(lowest, 2_000).filter((k) => k > "c0000000").length
    expect(upper).toBeGreaterThan(800)
    expect(upper).toBeLessThan(1_200)
    const anywhere = keysAbove(null, 2_000).filter((k) => k < "80000000").length
    expect(anywhere).toBeGreaterThan(800)
    expect(anywhere).toBeLessThan(1_200)
  })
})
