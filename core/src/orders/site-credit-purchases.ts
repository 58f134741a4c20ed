import { Effect } from "effect"
import { CustomerNotFound } from "../accounts/errors.js"
import type { Principal } from "../accounts/model.js"
import { Brand } from "../brand.js"
import { now } from "../ports/clock.js"
import { BasketRepo, OrderRepo } from "../ports/orders.js"
import { Transactions } from "../ports/transactions.js"
import { PurchaseGate } from "../responsible-play/purchase-gate.js"
import { pence, ZERO_PENCE } from "../rules/money.js"
import { OrderStatus } from "../rules/order-status.js"
import {
  MAXIMUM_SITE_CREDIT_PURCHASE,
  MINIMUM_SITE_CREDIT_PURCHASE,
  siteCreditPurchaseRefusal,
} from "../rules/site-credit-purchase.js"
import { type BasketCaller, Baskets } from "./baskets.js"
import { CheckoutPolicy } from "./checkout.js"
import {
  BasketCheckedOut,
  DeferredSiteCreditPurchaseOff,
  SiteCreditAmountInvalid,
} from "./errors.js"
import { SiteCreditPolicy, siteCreditItemDescription } from "./site-credit-policy.js"

/** Fails unless the amount may be bought: whole pence, £1.00 to £1,000. */
export const checkPurchaseAmount = (amount: number) => {
  const refusal = siteCreditPurchaseRefusal(amount)
  return refusal === null
    ? Effect.succeed(pence(amount))
    : Effect.fail(
        new SiteCreditAmountInvalid({
          amount,
          refusal,
          minimum: MINIMUM_SITE_CREDIT_PURCHASE,
          maximum: MAXIMUM_SITE_CREDIT_PURCHASE,
        }),
      )
}

/**
 * Buying site credit straight away (docs/product/validation.md, deferred purchase off): an
 * order of one credit item and no tickets, waiting for its card payment
 * like any other, and expiring like any other if it is not paid. Nothing
 * reaches the ledger here: the credit lands when the payment succeeds, in
 * the completing transaction (completion.ts), once. The order stands on a
 * basket of its own, made and checked out in the same transaction, so the
 * order keeps its one-basket shape and the customer's own basket is untouched.
 */
export class SiteCreditPurchases extends Effect.Service<SiteCreditPurchases>()(
  "@howzat/core/SiteCreditPurchases",
  {
    effect: Effect.gen(function* () {
      const baskets = yield* BasketRepo
      const orders = yield* OrderRepo
      const transactions = yield* Transactions
      const basketViews = yield* Baskets
      const { deferredPurchase } = yield* SiteCreditPolicy
      const name = (yield* Brand).siteCreditName
      const { unpaidOrderMinutes } = yield* CheckoutPolicy
      const gate = yield* PurchaseGate

      /** Only the signed-in customer buys, and only for themselves: anyone else's account is not found. */
      const buy = (principal: Principal, customerId: string, amount: number) =>
        Effect.gen(function* () {
          if (principal.customerId === null || principal.customerId !== customerId) {
            return yield* new CustomerNotFound({ customerId })
          }
          const bought = yield* checkPurchaseAmount(amount)
          yield* gate.check(customerId)
          return yield* transactions.within(
            Effect.gen(function* () {
              const at = yield* now
              const basket = yield* baskets.create(customerId)
              const { order } = yield* orders.createForBasket({
                basketId: basket.id,
                customerId,
                createdAt: at,
                expiresAt: new Date(at.getTime() + unpaidOrderMinutes * 60_000),
              })
              yield* orders.recordAllocation(order.id, {
                lines: [],
                itemTotal: ZERO_PENCE,
                discountTotal: ZERO_PENCE,
                donation: ZERO_PENCE,
                siteCreditDebit: ZERO_PENCE,
                orderTotal: bought,
                exceptions: [],
                creditItems: [{ description: siteCreditItemDescription(name), lineTotal: bought }],
              })
              return yield* orders.transition(order.id, OrderStatus.AwaitingPayment)
            }),
          )
        })

      /**
       * docs/product/api.md's add-site-credit: only when the brand defers the purchase to
       * the basket (this brand does not, docs/product/screens.md: refused before anything is
       * read or changed). The basket then buys this amount (one a basket,
       * replacing any before; 0 removes it) with its tickets, paid by card
       * at checkout and credited when the order is paid. Who may change the
       * basket is the Baskets rule, claiming one no one owns.
       */
      const addToBasket = (basketId: string, amount: number, caller: BasketCaller) =>
        Effect.gen(function* () {
          if (!deferredPurchase) return yield* new DeferredSiteCreditPurchaseOff({ basketId })
          const bought = amount === 0 ? ZERO_PENCE : yield* checkPurchaseAmount(amount)
          const { basket } = yield* basketViews.view(basketId, caller)
          if (basket.orderId !== null) {
            return yield* new BasketCheckedOut({ basketId, orderId: basket.orderId })
          }
          yield* baskets.setSiteCreditPurchase({ basketId, owner: basket.customerId }, bought)
          return yield* basketViews.view(basketId, caller)
        })

      return { buy, addToBasket }
    }),
  },
) {}
