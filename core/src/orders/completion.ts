import { Effect } from "effect"
import { PromotionUses } from "../ports/promotions"
import { clubCredit } from "../rules/promotions"
import type { Order } from "./model"

/**
 * What paying an order sets off, run in the transaction that moves it to
 * Completed (only by the call that moved it): each club whose code the
 * order used earns its share. The ledger records it once per club and
 * order, so even a second run changes nothing.
 */
export const creditClubsFor = (order: Order, at: Date) =>
  Effect.gen(function* () {
    const uses = yield* PromotionUses
    const amount = clubCredit(order)
    if (amount <= 0) return
    const clubs = yield* uses.clubsOf(order.id)
    yield* Effect.forEach(clubs, (clubId) => uses.creditClub(clubId, order.id, amount, at), {
      discard: true,
    })
  })
