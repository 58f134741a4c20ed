import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatMoney, parsePounds, pence } from "./money.js"

describe("formatMoney", () => {
  it.each([
    [0, "£0.00"],
    [49, "£0.49"],
    [2500, "£25.00"],
    [123450, "£1,234.50"],
    [100000000, "£1,000,000.00"],
    [-150, "-£1.50"],
  ])("formats %i pence as %s", (amount, text) => {
    expect(formatMoney(pence(amount))).toBe(text)
  })

  it("round-trips through parsePounds for every non-negative amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (amount) => {
        expect(parsePounds(formatMoney(pence(amount)))).toBe(amount)
      }),
    )
  })
})

describe("pence", () => {
  it("refuses fractions of a penny", () => {
    expect(() => pence(1.5)).toThrow(RangeError)
  })
})

describe("parsePounds", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["0.49", 49],
    ["£1,234.50", 123450],
    ["abc", undefined],
    ["", undefined],
    ["1.2.3", undefined],
  ])("reads %j as %j pence", (text, expected) => {
    expect(parsePounds(text)).toBe(expected)
  })
})
