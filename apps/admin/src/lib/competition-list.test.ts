import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { competitionListQuery, readCompetitionListSearch } from "./competition-list"

describe("the competitions list's search params", () => {
  it("keeps the filters it knows and drops defaults and junk", () => {
    expect(
      readCompetitionListSearch({ page: "3", q: " car ", phase: "Past", visibility: "HiddenOnly" }),
    ).toEqual({ page: 3, q: "car", phase: "Past", visibility: "HiddenOnly" })
    expect(
      readCompetitionListSearch({ page: 1, q: "  ", phase: "Drawn", visibility: "All", x: 1 }),
    ).toEqual({})
  })

  it("asks staff's query: every visibility and period unless filtered", () => {
    expect(competitionListQuery({})).toEqual({
      TimePeriod: "All",
      VisibilityStatus: "All",
      PageNumber: 1,
      PageSize: 20,
    })
    expect(competitionListQuery({ q: "car", phase: "Current", page: 2 })).toMatchObject({
      Name: "car",
      TimePeriod: "Current",
      PageNumber: 2,
    })
  })

  it("reads back what it wrote", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("page", "q", "phase", "visibility"), fc.anything()),
        (raw) => {
          const once = readCompetitionListSearch(raw)
          expect(readCompetitionListSearch({ ...once })).toEqual(once)
        },
      ),
    )
  })
})
