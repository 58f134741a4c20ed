import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  COMPETITION_ORDER_ATTRIBUTE,
  compareForDisplay,
  type DisplayKey,
  displayRank,
} from "./display-order.js"

const attribute = (description: string, value: string) => ({
  attributeType: { description },
  value,
})

const keyArb: fc.Arbitrary<DisplayKey> = fc.record({
  rank: fc.option(fc.integer({ min: -3, max: 3 }), { nil: null }),
  close: fc.integer({ min: 0, max: 5 }).map((day) => new Date(Date.UTC(2025, 0, 1 + day))),
})

const sign = (n: number): number => Math.sign(n)

describe("displayRank", () => {
  it("is named as the back office names it", () => {
    expect(COMPETITION_ORDER_ATTRIBUTE).toBe("competitionOrder")
  })

  it.each<[string, ReturnType<typeof attribute>[], number | null]>([
    ["no attributes", [], null],
    ["another attribute", [attribute("colour", "3")], null],
    ["a rank", [attribute("competitionOrder", "3")], 3],
    [
      "a rank among others",
      [attribute("colour", "red"), attribute("competitionOrder", " 2.5 ")],
      2.5,
    ],
    ["different case", [attribute("CompetitionOrder", "1")], 1],
    ["an empty value", [attribute("competitionOrder", "  ")], null],
    ["a word", [attribute("competitionOrder", "first")], null],
  ])("reads %s", (_, attributes, rank) => {
    expect(displayRank(attributes)).toBe(rank)
  })
})

describe("compareForDisplay", () => {
  const close = (day: number) => new Date(Date.UTC(2025, 0, day))

  it("puts ranked first, lower ranks first, then the soonest to close", () => {
    const sorted = [
      { name: "unranked late", rank: null, close: close(20) },
      { name: "rank 2", rank: 2, close: close(1) },
      { name: "unranked early", rank: null, close: close(5) },
      { name: "rank 1 late", rank: 1, close: close(30) },
      { name: "rank 1 early", rank: 1, close: close(3) },
    ]
      .sort(compareForDisplay)
      .map((c) => c.name)
    expect(sorted).toEqual([
      "rank 1 early",
      "rank 1 late",
      "rank 2",
      "unranked early",
      "unranked late",
    ])
  })

  it("is reflexive and antisymmetric", () => {
    fc.assert(
      fc.property(keyArb, keyArb, (a, b) => {
        expect(compareForDisplay(a, a)).toBe(0)
        expect(sign(compareForDisplay(a, b)) + sign(compareForDisplay(b, a))).toBe(0)
      }),
    )
  })

  it("is transitive", () => {
    fc.assert(
      fc.property(keyArb, keyArb, keyArb, (a, b, c) => {
        if (compareForDisplay(a, b) <= 0 && compareForDisplay(b, c) <= 0) {
          expect(compareForDisplay(a, c)).toBeLessThanOrEqual(0)
        }
        if (compareForDisplay(a, b) === 0 && compareForDisplay(b, c) === 0) {
          expect(compareForDisplay(a, c)).toBe(0)
        }
      }),
    )
  })

  it("sorts every list into display order whatever order it arrives in", () => {
    fc.assert(
      fc.property(fc.array(keyArb), (keys) => {
        const sorted = [...keys].sort(compareForDisplay)
        for (let i = 1; i < sorted.length; i++) {
          const before = sorted[i - 1]
          const after = sorted[i]
          if (before === undefined || after === undefined) continue
          expect(compareForDisplay(before, after)).toBeLessThanOrEqual(0)
          if (before.rank === null) expect(after.rank).toBeNull()
        }
        expect([...keys].reverse().sort(compareForDisplay).map(describeKey)).toEqual(
          sorted.map(describeKey),
        )
      }),
    )
  })
})

const describeKey = (k: DisplayKey): string => `${k.rank}@${k.close.getTime()}`
