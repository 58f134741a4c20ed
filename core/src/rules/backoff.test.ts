import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { retryDelayMs } from "./backoff.js"

const MINUTE = 60_000

describe("retryDelayMs", () => {
  it("waits a minute after the first failure, then twice as long each time", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 60 * MINUTE))).toEqual([
      MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      8 * MINUTE,
    ])
  })

  it.prop(
    "never waits less than a minute or longer than the longest, and never less after more failures",
    [fc.integer({ min: -5, max: 10_000 }), fc.integer({ min: MINUTE, max: 24 * 60 * MINUTE })],
    ([attempts, longest]) => {
      const delay = retryDelayMs(attempts, longest)
      expect(delay).toBeGreaterThanOrEqual(MINUTE)
      expect(delay).toBeLessThanOrEqual(longest)
      expect(retryDelayMs(attempts + 1, longest)).toBeGreaterThanOrEqual(delay)
    },
  )
})
