import { Effect } from "effect"
import { PromotionUses, type PromotionUsesShape } from "../ports/promotions"
import { clubCredit } from "../rules/promotions"
import type { Order } from "./model"

/**
 * What paying an order sets off, run in the transaction that moves it to
 * Completed (only by the call that moved it): each club whose code the
 * order used earns its share. The ledger records it once per club and
 * order, so even a second run changes nothing.
 */
export const creditClubsFor = (uses: PromotionUsesShape, order: Order, at: Date) =>
  Effect.gen(function* () {
    const amount = clubCredit(order)
    if (amount <= 0) return
    const clubs = yield* uses.clubsOf(order.id)
    yield* Effect.forEach(clubs, (clubId) => uses.creditClub(clubId, order.id, amount, at), {
      discard: true,
    })
  })

/**
 * The step every path that completes an order runs, in the completing
 * transaction and only when its own move made the order Completed: a card
 * payment (Payments) or site credit covering it all at checkout.
 */
export const orderCompletion = Effect.gen(function* () {
  const uses = yield* PromotionUses
  return (order: Order, at: Date) => creditClubsFor(uses, order, at)
})
