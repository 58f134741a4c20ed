import { COMPLAINT_STATUSES, canMoveComplaint } from "@howzat/core/rules"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  complaintListParams,
  complaintSearch,
  harmSignalListParams,
  harmSignalSearch,
  statusChoices,
} from "./responsible-play"

describe("the complaints and harm-signals screens' logic", () => {
  it("keeps only the search params it understands", () => {
    expect(complaintSearch({ page: "2", status: "Resolved", x: 1 })).toEqual({
      page: 2,
      status: "Resolved",
    })
    expect(complaintSearch({ page: "0", status: "Lost" })).toEqual({
      page: undefined,
      status: undefined,
    })
    expect(harmSignalSearch({ show: "all" })).toEqual({ page: undefined, show: "all" })
    expect(harmSignalSearch({ show: "some" })).toEqual({ page: undefined, show: undefined })
  })

  it("asks the API for every complaint when no status is chosen", () => {
    expect(complaintListParams({})).toEqual({ Status: "All", PageNumber: undefined, PageSize: 20 })
    expect(harmSignalListParams({ show: "all", page: 3 })).toMatchObject({
      Status: "All",
      PageNumber: 3,
    })
    expect(harmSignalListParams({}).Status).toBe("AwaitingReview")
  })

  it("offers only moves the server accepts, the current status first", () => {
    fc.assert(
      fc.property(fc.constantFrom(...COMPLAINT_STATUSES), (current) => {
        const [first, ...moves] = statusChoices(current)
        expect(first).toBe(current)
        for (const to of moves) expect(canMoveComplaint(current, to)).toBe(true)
      }),
    )
  })
})
