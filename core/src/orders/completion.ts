import { Effect } from "effect"
import { CustomerRepo } from "../ports/accounts"
import { Mailer } from "../ports/mailer"
import { PromotionUses, type PromotionUsesShape } from "../ports/promotions"
import { orderPageLink, ShopLinks } from "../ports/shop-links"
import { clubCredit } from "../rules/promotions"
import { orderConfirmationEmail } from "./emails"
import type { Order } from "./model"

/**
 * Each club whose code the order used earns its share. The ledger records
 * it once per club and order, so even a second run changes nothing.
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
 * What paying an order sets off: the clubs' credit and the customer's
 * confirmation (through the outbox, so it goes out if and only if the
 * order's completion commits). Every path that completes an order runs it,
 * in the completing transaction and only when its own move made the order
 * Completed: a card payment (Payments), or site credit covering it all at
 * checkout. So a paid order sends one confirmation, however many racers.
 */
export const orderCompletion = Effect.gen(function* () {
  const uses = yield* PromotionUses
  const mailer = yield* Mailer
  const customers = yield* CustomerRepo
  const { origin } = yield* ShopLinks
  return (order: Order, at: Date) =>
    Effect.gen(function* () {
      yield* creditClubsFor(uses, order, at)
      const customer = yield* customers.byId(order.customerId)
      yield* mailer.send(
        orderConfirmationEmail(
          customer.email,
          customer.firstName,
          order,
          orderPageLink(origin, order.id),
        ),
      )
    }).pipe(
      // The order stands paid even if its customer record is gone; only the mail cannot go.
      Effect.catchTag("CustomerNotFound", () =>
        Effect.logWarning("paid order's customer not found; no confirmation sent", {
          orderId: order.id,
        }),
      ),
    )
})
