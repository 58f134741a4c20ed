/**
 * What a basket change did, as marketing events: tickets of a competition
 * added or removed, found by comparing the basket before and after. A new
 * basket (another id) starts from nothing.
 */
import type { BasketJson } from "@howzat/contracts/baskets"
import { ticketItems } from "../lib/basket"
import type { BasketLineEvent, CheckoutEvent } from "./ports"

export interface BasketChanges {
  readonly added: readonly BasketLineEvent[]
  readonly removed: readonly BasketLineEvent[]
}

interface Line {
  readonly name: string
  readonly quantity: number
  readonly unitPrice: number
}

const linesOf = (basket: BasketJson | null): Map<string, Line> => {
  const lines = new Map<string, Line>()
  for (const item of ticketItems(basket)) {
    const details = item.competitionTicketDetails
    const id = details.competition.id
    const earlier = lines.get(id)
    lines.set(id, {
      name: details.competition.name,
      quantity: (earlier?.quantity ?? 0) + details.quantity,
      unitPrice: details.price,
    })
  }
  return lines
}

export const basketChanges = (before: BasketJson | null, after: BasketJson): BasketChanges => {
  const old = linesOf(before !== null && before.id === after.id ? before : null)
  const now = linesOf(after)
  const added: BasketLineEvent[] = []
  const removed: BasketLineEvent[] = []
  for (const id of new Set([...old.keys(), ...now.keys()])) {
    const was = old.get(id)
    const is = now.get(id)
    const difference = (is?.quantity ?? 0) - (was?.quantity ?? 0)
    const line = (is ?? was) as Line
    const event = {
      competitionId: id,
      competitionName: line.name,
      quantity: Math.abs(difference),
      unitPrice: line.unitPrice,
    }
    if (difference > 0) added.push(event)
    else if (difference < 0) removed.push(event)
  }
  return { added, removed }
}

/** A basket going to checkout: its goods less discounts, and how many tickets. */
export const checkoutEvent = (basket: BasketJson): CheckoutEvent => ({
  basketId: basket.id,
  value: basket.itemTotal - basket.discountTotal,
  tickets: ticketItems(basket).reduce(
    (sum, item) => sum + item.competitionTicketDetails.quantity,
    0,
  ),
})
