import { Effect } from "effect"
import { Brand } from "../brand.js"
import { CustomerRepo } from "../ports/accounts.js"
import { Mailer } from "../ports/mailer.js"
import { SiteCreditLedger, type SiteCreditLedgerShape } from "../ports/payments.js"
import { PromotionUses, type PromotionUsesShape } from "../ports/promotions.js"
import { orderPageLink, ShopLinks } from "../ports/shop-links.js"
import { referralRewardOnCompletion } from "../referrals/referrals.js"
import { pence } from "../rules/money.js"
import { clubCredit } from "../rules/promotions.js"
import { orderConfirmationEmail } from "./emails.js"
import { instantWinEmail } from "./instant-win-email.js"
import { orderInstantWinAwards } from "./instant-wins.js"
import type { Order } from "./model.js"
import { siteCreditPurchaseEntry } from "./site-credit-policy.js"

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
 * The site credit the order bought lands on the ledger (docs/decisions/0038).
 * The ledger takes it once per order, so a second run changes nothing.
 */
export const creditPurchasedSiteCredit = (
  ledger: SiteCreditLedgerShape,
  brandCreditName: string,
  order: Order,
  at: Date,
) =>
  Effect.gen(function* () {
    const bought = order.creditItems.reduce((sum, item) => sum + item.lineTotal, 0)
    if (bought <= 0) return
    yield* ledger.creditForPurchase(
      order.customerId,
      order.id,
      pence(bought),
      siteCreditPurchaseEntry(brandCreditName, order.orderRef),
      at,
    )
  })

/**
 * What paying an order sets off: the clubs' credit, the site credit it
 * bought, the instant wins among
 * its tickets (site-credit prizes credited at once), the customer's
 * confirmation and, if anything was won, one "You've won" email (both
 * through the outbox, so they go out if and only if the order's completion
 * commits). Every path that completes an order runs it, in the completing
 * transaction and only when its own move made the order Completed: a card
 * payment (Payments), or site credit covering it all at checkout. So a paid
 * order sends one confirmation and wins once, however many racers.
 */
export const orderCompletion = Effect.gen(function* () {
  const uses = yield* PromotionUses
  const mailer = yield* Mailer
  const customers = yield* CustomerRepo
  const { origin } = yield* ShopLinks
  const awardInstantWins = yield* orderInstantWinAwards
  const rewardReferral = yield* referralRewardOnCompletion
  const ledger = yield* SiteCreditLedger
  const brand = yield* Brand
  const creditName = brand.siteCreditName
  return (order: Order, at: Date) =>
    Effect.gen(function* () {
      yield* creditClubsFor(uses, order, at)
      yield* creditPurchasedSiteCredit(ledger, creditName, order, at)
      // A referred friend's paid order may be the one that reaches £5 (decision 0039).
      yield* rewardReferral(order.customerId, at)
      const customer = yield* customers.byId(order.customerId)
      const won = yield* awardInstantWins(order, customer, at)
      const link = orderPageLink(origin, order.id)
      yield* mailer.send(
        orderConfirmationEmail(brand, customer.email, customer.firstName, order, link),
      )
      if (won.length > 0) {
        yield* mailer.send(
          instantWinEmail(brand, customer.email, customer.firstName, order, won, link),
        )
      }
    }).pipe(
      // The order stands paid even if its customer record is gone (an order's
      // customer is a foreign key, so this is a broken database): its mail
      // cannot go, and its numbers win nothing for a winner nobody can name.
      Effect.catchTag("CustomerNotFound", () =>
        Effect.logWarning("paid order's customer not found; no confirmation sent", {
          orderId: order.id,
        }),
      ),
    )
})
