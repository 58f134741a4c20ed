import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { subjectScreen } from "./audit-subjects"

const id = "0b9c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3"

describe("an audit-log subject's screen", () => {
  it("opens the record's own screen where there is one", () => {
    expect(subjectScreen({ action: "Club.Payout", subject: { type: "Club", id } })).toEqual({
      screen: "club",
      id,
    })
    expect(
      subjectScreen({ action: "Promotion.Update", subject: { type: "Promotion", id } }),
    ).toEqual({ screen: "voucher", id })
    expect(subjectScreen({ action: "Order.Refund", subject: { type: "Order", id } })).toEqual({
      screen: "order",
      id,
    })
  })

  it("opens a draw's and a main-prize winner's competition", () => {
    expect(subjectScreen({ action: "Draw.Make", subject: { type: "Draw", id } })).toEqual({
      screen: "competition",
      id,
    })
    expect(
      subjectScreen({
        action: "Winner.SetProcessed",
        subject: { type: "MainPrizeWinner", id: `${id}/42` },
      }),
    ).toEqual({ screen: "competition", id })
  })

  it("opens the list screen for subjects shown only in a list", () => {
    expect(
      subjectScreen({ action: "Resource.Update", subject: { type: "Resource", id: "content-x" } }),
    ).toEqual({ screen: "list", to: "/content" })
    expect(subjectScreen({ action: "User.Delete", subject: { type: "User", id } })).toEqual({
      screen: "list",
      to: "/staff",
    })
  })

  it("offers no screen for a deleted record, an unknown type or an id that is not one", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("Competition", "Category", "Club", "Promotion", "ImageGroup"),
        (type) => {
          expect(subjectScreen({ action: `${type}.Delete`, subject: { type, id } })).toBeUndefined()
          expect(
            subjectScreen({ action: `${type}.Update`, subject: { type, id: "not-an-id" } }),
          ).toBeUndefined()
        },
      ),
    )
    expect(
      subjectScreen({ action: "WinnerNote.Add", subject: { type: "WinnerNote", id } }),
    ).toBeUndefined()
  })
})
