import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { compressTicketNumbers, expandTicketRanges } from "./ticket-numbers.js"

const sortedUnique = (xs: readonly number[]): number[] => [...new Set(xs)].sort((a, b) => a - b)

describe("compressTicketNumbers", () => {
  it.each<[number[], string]>([
    [[7, 1, 2, 3, 9, 10], "1-3, 7, 9-10"],
    [[], ""],
    [[5], "5"],
    [[5, 5, 5], "5"],
    [[2, 1], "1-2"],
    [[0, 2, 4], "0, 2, 4"],
    [[10, 100, 11, 1000], "10-11, 100, 1000"],
    [[3, -1, 1.5, 4], "3-4"],
  ])("writes %j as %j", (numbers, text) => {
    expect(compressTicketNumbers(numbers)).toBe(text)
  })

  it("never writes two runs that could have been one", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(200)), (xs) => {
        const runs = compressTicketNumbers(xs)
          .split(", ")
          .filter((r) => r !== "")
        const bounds = runs.map((run) => run.split("-").map(Number))
        for (let i = 1; i < bounds.length; i++) {
          const previousEnd = bounds[i - 1]?.at(-1) ?? Number.NaN
          const start = bounds[i]?.[0] ?? Number.NaN
          expect(start).toBeGreaterThan(previousEnd + 1)
        }
      }),
    )
  })
})

describe("expandTicketRanges", () => {
  it.each<[string, number[]]>([
    ["1-3, 7, 9-10", [1, 2, 3, 7, 9, 10]],
    ["", []],
    [" 4 - 6 ,2", [2, 4, 5, 6]],
    ["1,2,3", [1, 2, 3]],
    ["5-3", [3, 4, 5]],
    ["1-2, x, 8", [1, 2, 8]],
  ])("reads %j as %j", (text, numbers) => {
    expect(expandTicketRanges(text)).toEqual(numbers)
  })

  it("undoes compressTicketNumbers", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(100_000), { maxLength: 200 }), (xs) => {
        expect(expandTicketRanges(compressTicketNumbers(xs))).toEqual(sortedUnique(xs))
      }),
    )
  })

  it("undoes it for dense runs too", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(60), { maxLength: 60 }), (xs) => {
        expect(expandTicketRanges(compressTicketNumbers(xs))).toEqual(sortedUnique(xs))
      }),
    )
  })
})
