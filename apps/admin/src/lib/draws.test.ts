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
    const now = new Date("2026-12-03T20:30:00.000Z")
    const due = { drawDateTimeUtc: now.toISOString() }
    expect(drawAction({ drawType: "Live", ...due }, now).canDraw).toBe(true)
    expect(drawAction({ drawType: "Automatic", ...due }, now).canDraw).toBe(false)
    expect(drawAction({ drawType: "None", drawDateTimeUtc: null }, now).canDraw).toBe(false)
    // Closed early, its stream still to come: not before the time it advertised.
    const early = drawAction({ drawType: "Live", ...due }, new Date("2026-11-28T12:00:00.000Z"))
    expect(early.canDraw).toBe(false)
    expect(early.note).toMatch(/^Drawn live from .*, as advertised\.$/)
  })

  it("links to the storefront's page for the proof", () => {
    expect(publicCompetitionUrl("abc")).toBe("/Competitions/Competition/abc")
  })
})
