import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  DRAWS_PAGE_SIZE,
  drawAction,
  drawsQuery,
  publicCompetitionUrl,
  validateDrawsSearch,
} from "./draws"

describe("the draws screen", () => {
  it("turns the URL into the list's query, leaving out what is not set", () => {
    expect(drawsQuery(validateDrawsSearch({}))).toEqual({
      PageNumber: 1,
      PageSize: DRAWS_PAGE_SIZE,
    })
    expect(
      drawsQuery(validateDrawsSearch({ from: "2026-11-01", to: "2026-11-30", page: "2" })),
    ).toEqual({
      DrawFromDate: "2026-11-01",
      DrawToDate: "2026-11-30",
      PageNumber: 2,
      PageSize: DRAWS_PAGE_SIZE,
    })
  })

  it("reads back what it writes", () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            from: fc.oneof(
              fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
              fc.string(),
            ),
            to: fc.string(),
            page: fc.oneof(fc.integer(), fc.string()),
          },
          { requiredKeys: [] },
        ),
        (raw) => {
          const once = validateDrawsSearch(raw)
          expect(validateDrawsSearch({ ...once })).toEqual(once)
        },
      ),
    )
  })

  it("offers Draw now for a live competition only", () => {
    expect(drawAction({ drawType: "Live" }).canDraw).toBe(true)
    expect(drawAction({ drawType: "Automatic" }).canDraw).toBe(false)
    expect(drawAction({ drawType: "None" }).canDraw).toBe(false)
  })

  it("links to the storefront's page for the proof", () => {
    expect(publicCompetitionUrl("abc")).toBe("/Competitions/Competition/abc")
  })
})
