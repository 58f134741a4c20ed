import { describe, expect, it } from "vitest"
import { makeReportLimiter } from "./logging-handlers"

describe("the storefront report limiter", () => {
  it("lets an address report its share per minute, then drops the rest until the next minute", () => {
    const allow = makeReportLimiter(3)
    const verdicts = [0, 1, 2, 3, 4].map((i) => allow("a", 1_000 + i))
    expect(verdicts).toEqual([true, true, true, false, false])
    expect(allow("b", 1_005)).toBe(true)
    expect(allow("a", 61_000)).toBe(true)
  })
})
