import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { forbidden } from "@howzat/contracts/problems"
import { CurrentUser, MaybeCurrentUser } from "@howzat/contracts/security"
import { CustomerAccounts, type Principal } from "@howzat/core/accounts"
import { Catalogue } from "@howzat/core/competitions"
import { type AllocationException, Baskets, type BasketView, Checkout } from "@howzat/core/orders"
import { pence } from "@howzat/core/rules"
import { Effect, Option } from "effect"
import { basketCheckedOut, basketProblem } from "./basket-problems"
import { basketToWire, voucherChangeToWire } from "./basket-wire"
import { presentOrder } from "./order-presenter"
import { purchaseRefusals } from "./standing-problems"

const callerOf = (principal: Principal | undefined) => principal?.customerId ?? null

/**
 * docs/product/api.md's baskets. Who may read or change a basket is core's rule
 * (Baskets and Checkout take the caller); these handlers only translate:
 * the session's customer in, problem+json out.
 */
export const BasketHandlersLive = HttpApiBuilder.group(HowzatApi, "baskets", (handlers) =>
  Effect.gen(function* () {
    const baskets = yield* Baskets
    const accounts = yield* CustomerAccounts
    const catalogue = yield* Catalogue
    const checkout = yield* Checkout

    const caller = Effect.map(MaybeCurrentUser, Option.getOrUndefined)

    const siteCreditOf = (principal: Principal | undefined) =>
      principal?.customerId
        ? Effect.map(
            accounts.get(principal, principal.customerId),
            (customer) => customer.siteCreditAccountBalance as number,
          )
        : Effect.succeed(0)

    const answer = (
      view: BasketView,
      principal: Principal | undefined,
      exceptions: readonly AllocationException[] = [],
    ) =>
      Effect.gen(function* () {
        const balance = yield* siteCreditOf(principal)
        return { basket: basketToWire(view, balance, yield* catalogue.now, exceptions) }
      })

    /** Runs one of core's basket use cases as the session's caller and answers with the basket. */
    const asCaller = <E, R>(use: (caller: string | null) => Effect.Effect<BasketView, E, R>) =>
      Effect.gen(function* () {
        const principal = yield* caller
        return yield* answer(yield* use(callerOf(principal)), principal)
      })

    return handlers
      .handle("create", ({ urlParams }) =>
        Effect.gen(function* () {
          const principal = yield* caller
          const customerId = callerOf(principal)
          // Without ForceCreateNew a signed-in customer gets the basket that follows them.
          if (urlParams.ForceCreateNew === undefined && customerId !== null)
            return yield* answer(
              yield* baskets.follow(customerId, urlParams.BasketId ?? null),
              principal,
            )
          const basket = yield* baskets.create(customerId)
          return yield* answer(yield* baskets.view(basket.id, callerOf(principal)), principal)
        }).pipe(Effect.catchAll(basketProblem)),
      )
      .handle("byId", ({ path }) =>
        Effect.gen(function* () {
          const principal = yield* caller
          const view = yield* baskets.view(path.basketId, callerOf(principal))
          // Checkout answered with it already; for shopping on, it is gone.
          if (view.basket.orderId !== null) return yield* Effect.fail(basketCheckedOut())
          return yield* answer(view, principal)
        }).pipe(Effect.catchAll(basketProblem)),
      )
      .handle("update", ({ path, payload }) =>
        asCaller((customerId) =>
          baskets.setExtras(
            path.basketId,
            {
              autoRoundup: payload.charitableDonation.autoRoundup,
              siteCreditRequested: pence(payload.siteCreditDebitAmount),
            },
            customerId,
          ),
        ).pipe(Effect.catchAll(basketProblem)),
      )
      .handle("addItem", ({ path, payload }) =>
        asCaller((customerId) =>
          baskets.addItem(path.basketId, payload.competitionID, payload.ticketQuantity, customerId),
        ).pipe(Effect.catchAll(basketProblem)),
      )
      .handle("clearItems", ({ path }) =>
        asCaller((customerId) => baskets.clearItems(path.basketId, customerId)).pipe(
          Effect.catchAll(basketProblem),
        ),
      )
      .handle("setItem", ({ path, payload }) =>
        asCaller((customerId) =>
          baskets.setQuantity(path.basketId, path.itemId, payload.ticketQuantity, customerId),
        ).pipe(Effect.catchAll(basketProblem)),
      )
      .handle("removeItem", ({ path }) =>
        asCaller((customerId) => baskets.removeItem(path.basketId, path.itemId, customerId)).pipe(
          Effect.catchAll(basketProblem),
        ),
      )
      .handle("registerPromotion", ({ path, payload }) =>
        Effect.gen(function* () {
          const principal = yield* caller
          const { view, change } = yield* baskets.applyVoucher(
            path.basketId,
            payload.promotionCode,
            callerOf(principal),
            payload.replaces,
          )
          // One code per order, said aloud: what replaced what travels with the basket.
          return { ...(yield* answer(view, principal)), voucherChange: voucherChangeToWire(change) }
        }).pipe(Effect.catchAll(basketProblem)),
      )
      .handle("clearPromotions", ({ path }) =>
        asCaller((customerId) => baskets.setVoucher(path.basketId, "", customerId)).pipe(
          Effect.catchAll(basketProblem),
        ),
      )
      .handle("removePromotion", ({ path }) =>
        asCaller((customerId) =>
          baskets.removeVoucher(path.basketId, path.promotionCode, customerId),
        ).pipe(Effect.catchAll(basketProblem)),
      )
      .handle("checkout", ({ path, payload }) =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          const customerId = principal.customerId
          if (customerId === null)
            return yield* Effect.fail(forbidden("Only a customer can check out a basket."))
          const outcome = yield* checkout.checkout(path.basketId, customerId, payload)
          const view = yield* baskets.view(path.basketId, customerId)
          const { basket } = yield* answer(view, principal, outcome.exceptions)
          const order = yield* presentOrder(outcome.order, principal, outcome.addresses)
          return { basket, order }
        }).pipe(Effect.catchTags(purchaseRefusals), Effect.catchAll(basketProblem)),
      )
  }),
)
