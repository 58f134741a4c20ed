import type { CompetitionJson } from "@howzat/contracts/catalogue"
import { describe, expect, it } from "vitest"
import { brand } from "../brand"
import { competitionImages, phaseAt, skewFrom } from "./competition"
import { competitionJson } from "./competition-fixture"

const competition = (overrides: Partial<CompetitionJson> = {}): CompetitionJson =>
  competitionJson({
    description: "<p>A bat</p>",
    ticketsSoldToDate: 100,
    cashAlternativeValue: null,
    closeDateTimeUtc: "2025-03-10T00:00:00.000Z",
    drawDateTimeUtc: null,
    ...overrides,
  })

describe("skewFrom", () => {
  it("is how far the server's clock is ahead of this browser's", () => {
    const received = Date.parse("2025-03-05T00:00:00.000Z")
    expect(skewFrom("2025-03-05T00:00:30.000Z", received)).toBe(30_000)
    expect(skewFrom("2025-03-04T23:59:00.000Z", received)).toBe(-60_000)
  })

  it("is 0 without a readable server time", () => {
    expect(skewFrom(undefined, 0)).toBe(0)
    expect(skewFrom("not a date", 0)).toBe(0)
  })
})

describe("phaseAt", () => {
  it("counts to the close while open, and has no deadline once closed without a draw", () => {
    const c = competition()
    expect(phaseAt(c, new Date("2025-03-05T00:00:00Z"))).toEqual({
      phase: 1,
      deadline: new Date("2025-03-10T00:00:00Z"),
    })
    expect(phaseAt(c, new Date("2025-03-11T00:00:00Z"))).toEqual({ phase: 3, deadline: null })
  })
})

describe("competitionImages", () => {
  it("falls back to the brand's default picture", () => {
    expect(competitionImages(competition())).toEqual([
      { url: brand.defaultCompetitionImageUrl, alt: "Cricket Bat" },
    ])
  })

  it("describes each picture, numbering them when staff did not", () => {
    const c = competition({
      imageGroup: {
        id: "g",
        name: "g",
        description: "",
        images: [
          { id: "1", url: "/a.svg", description: "Cricket Bat" },
          { id: "2", url: "/b.svg", description: "The bat's grip" },
        ],
      },
    })
    expect(competitionImages(c)).toEqual([
      { url: "/a.svg", alt: "Cricket Bat, picture 1 of 2" },
      { url: "/b.svg", alt: "The bat's grip" },
    ])
  })
})
