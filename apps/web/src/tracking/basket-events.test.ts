import type { BasketJson } from "@howzat/contracts/baskets"
import { describe, expect, it } from "vitest"
import { basketChanges, checkoutEvent } from "./basket-events"

const basket = (id: string, lines: [string, number][]): BasketJson =>
  ({
    id,
    items: lines.map(([competitionId, quantity], i) => ({
      id: `item-${i}`,
      competitionTicketDetails: {
        competition: { id: competitionId, name: `Comp ${competitionId}` },
        quantity,
        price: 99,
        customerBoughtToDateTicketQuantity: 0,
      },
    })),
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
})
