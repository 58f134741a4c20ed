import type { BasketJson } from "@howzat/contracts/baskets"
import { describe, expect, it } from "vitest"
import { basketChanges, checkoutEvent } from "./basket-events"

/** A site-credit line, as a brand that sells credit through the basket shows it: no tickets. */
const credit = {
  itemType: "SiteCredit",
  id: "sitecredit",
  competitionTicketDetails: null,
  siteCreditDetails: { description: "Howzat Credit", creditAmount: 1000 },
}

const basket = (id: string, lines: [string, number][], withCredit = false): BasketJson =>
  ({
    id,
    items: [
      ...lines.map(([competitionId, quantity], i) => ({
        itemType: "CompetitionTickets",
        id: `item-${i}`,
        competitionTicketDetails: {
          competition: { id: competitionId, name: `Comp ${competitionId}` },
          quantity,
          price: 99,
          customerBoughtToDateTicketQuantity: 0,
        },
        siteCreditDetails: null,
      })),
      ...(withCredit ? [credit] : []),
    ],
  }) as unknown as BasketJson

describe("basket changes as marketing events", () => {
  it("reports tickets added and removed per competition", () => {
    const changes = basketChanges(
      basket("b", [
        ["a", 2],
        ["b", 3],
      ]),
      basket("b", [
        ["a", 5],
        ["c", 1],
      ]),
    )
    expect(changes.added).toEqual([
      { competitionId: "a", competitionName: "Comp a", quantity: 3, unitPrice: 99 },
      { competitionId: "c", competitionName: "Comp c", quantity: 1, unitPrice: 99 },
    ])
    expect(changes.removed).toEqual([
      { competitionId: "b", competitionName: "Comp b", quantity: 3, unitPrice: 99 },
    ])
  })

  it("reports nothing when nothing changed (a voucher, a donation)", () => {
    const same = basket("b", [["a", 2]])
    expect(basketChanges(same, basket("b", [["a", 2]]))).toEqual({ added: [], removed: [] })
  })

  it("counts a new basket from nothing: the old one belongs to an order now", () => {
    const changes = basketChanges(basket("old", [["a", 4]]), basket("new", [["a", 1]]))
    expect(changes.added).toHaveLength(1)
    expect(changes.added[0]?.quantity).toBe(1)
    expect(changes.removed).toEqual([])
  })

  it("describes a checkout by its goods less discounts and its tickets", () => {
    const b = {
      ...basket("b", [
        ["a", 2],
        ["c", 3],
      ]),
      itemTotal: 495,
      discountTotal: 50,
    } as BasketJson
    expect(checkoutEvent(b)).toEqual({ basketId: "b", value: 445, tickets: 5 })
  })

  it("counts tickets only: a site-credit line is no competition's", () => {
    const before = basket("b", [["a", 2]])
    const after = basket("b", [["a", 2]], true)
    expect(basketChanges(before, after)).toEqual({ added: [], removed: [] })
    expect(basketChanges(after, basket("b", [["a", 3]], true)).added).toEqual([
      { competitionId: "a", competitionName: "Comp a", quantity: 1, unitPrice: 99 },
    ])
  })
})
