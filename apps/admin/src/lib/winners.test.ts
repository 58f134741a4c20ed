import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  mainWinnerKey,
  validateWinnersSearch,
  WINNER_STATUSES,
  WINNER_TABS,
  WINNER_VISIBILITIES,
  WINNERS_PAGE_SIZE,
  winnersQuery,
} from "./winners"

describe("the winners screen's search params", () => {
  it("keeps a known tab, status and page", () => {
    expect(
      validateWinnersSearch({
        tab: "instant",
        status: "NotProcessed",
        visibility: "Hidden",
        page: "3",
      }),
    ).toEqual({ tab: "instant", status: "NotProcessed", visibility: "Hidden", page: 3 })
  })

  it("drops defaults and anything it does not know, so a stale link still opens", () => {
    expect(
      validateWinnersSearch({ tab: "main", status: "All", visibility: "All", page: 1 }),
    ).toEqual({})
    expect(validateWinnersSearch({ visibility: "Private" })).toEqual({})
    expect(validateWinnersSearch({ tab: "bogus", status: "Done", page: "-2", q: "x" })).toEqual({})
  })

  it("asks the API for exactly the filter and page in the URL", () => {
    expect(winnersQuery({})).toEqual({
      WinnerProcessedStatus: "All",
      WinnerVisibility: "All",
      PageNumber: 1,
      PageSize: WINNERS_PAGE_SIZE,
    })
    expect(winnersQuery({ status: "Processed", visibility: "Visible", page: 4 })).toMatchObject({
      WinnerProcessedStatus: "Processed",
      WinnerVisibility: "Visible",
      PageNumber: 4,
    })
  })

  it("reads back what it writes (validate is idempotent)", () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            tab: fc.oneof(fc.constantFrom(...WINNER_TABS), fc.string()),
            status: fc.oneof(fc.constantFrom(...WINNER_STATUSES), fc.string()),
            visibility: fc.oneof(fc.constantFrom(...WINNER_VISIBILITIES), fc.string()),
            page: fc.oneof(fc.integer({ min: -5, max: 500 }), fc.string()),
          },
          { requiredKeys: [] },
        ),
        (raw) => {
          const once = validateWinnersSearch(raw)
          expect(validateWinnersSearch({ ...once })).toEqual(once)
          const query = winnersQuery(once)
          expect(query.PageNumber).toBeGreaterThanOrEqual(1)
          expect(WINNER_STATUSES).toContain(query.WinnerProcessedStatus)
          expect(WINNER_VISIBILITIES).toContain(query.WinnerVisibility)
        },
      ),
    )
  })

  it("names a main winner by competition and ticket, one key each", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), fc.nat(), fc.nat(), (a, b, x, y) => {
        const same =
          mainWinnerKey({ competition: { id: a }, ticketNumber: x }) ===
          mainWinnerKey({ competition: { id: b }, ticketNumber: y })
        expect(same).toBe(a === b && x === y)
      }),
    )
  })
})
