import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import {
  type BadRequest,
  Conflict,
  type NotFound,
  problemType,
  type ServiceUnavailable,
  validationProblem,
} from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import { CustomerAccounts } from "@howzat/core/accounts"
import { Catalogue } from "@howzat/core/competitions"
import { type SiteCreditAmountInvalid, SiteCreditPurchases } from "@howzat/core/orders"
import { formatMoney, pence } from "@howzat/core/rules"
import { Effect } from "effect"
import { basketProblem } from "./basket-problems"
import { basketToWire } from "./basket-wire"
import { presentOrder } from "./order-presenter"
import { orderProblem } from "./order-problems"
import { isPurchaseRefusal, purchaseRefusal } from "./standing-problems"

/** docs/product/constants.md: the minimum in its own words; the maximum is ours (0038). */
export const amountDetail = (error: SiteCreditAmountInvalid) =>
  error.refusal === "NotWholePence"
    ? "Enter an amount in pounds and pence."
    : error.refusal === "BelowMinimum"
      ? `The minimum purchase is ${formatMoney(pence(error.minimum))}.`
      : `The most you can buy at once is ${formatMoney(pence(error.maximum))}.`

const invalidAmount = (field: string) => (error: SiteCreditAmountInvalid) =>
  Effect.fail(validationProblem({ [field]: [amountDetail(error)] }))

/**
 * Buying site credit: core decides who may buy and how much; this maps its
 * answers to HTTP (docs/decisions/0038).
 */
export const SiteCreditHandlersLive = HttpApiBuilder.group(HowzatApi, "siteCredit", (handlers) =>
  Effect.gen(function* () {
    const purchases = yield* SiteCreditPurchases
    const accounts = yield* CustomerAccounts
    const catalogue = yield* Catalogue
    return handlers
      .handle("createOrder", ({ path, payload }) =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          const order = yield* purchases.buy(principal, path.customerId, payload.amount)
          return { order: yield* presentOrder(order, principal) }
        }).pipe(
          // Another customer's account is one that does not exist; the rest as for any order.
          Effect.catchAll(
            (error): Effect.Effect<never, BadRequest | NotFound | Conflict | ServiceUnavailable> =>
              error._tag === "SiteCreditAmountInvalid"
                ? invalidAmount("amount")(error)
                : isPurchaseRefusal(error)
                  ? purchaseRefusal(error)
                  : orderProblem(error),
          ),
        ),
      )
      .handle("addToBasket", ({ path, payload }) =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          const view = yield* purchases.addToBasket(
            path.basketId,
            payload.creditAmount,
            principal.customerId,
          )
          const balance = principal.customerId
            ? (yield* accounts.get(principal, principal.customerId)).siteCreditAccountBalance
            : 0
          return { basket: basketToWire(view, balance, yield* catalogue.now) }
        }).pipe(
          Effect.catchAll((error) =>
            error._tag === "DeferredSiteCreditPurchaseOff"
              ? Effect.fail(deferredOff())
              : error._tag === "SiteCreditAmountInvalid"
                ? invalidAmount("creditAmount")(error)
                : basketProblem(error),
          ),
        ),
      )
  }),
)

const deferredOff = () =>
  new Conflict({
    type: problemType("site-credit-purchase-not-deferred"),
    title: "Site credit is bought on its own",
    detail:
      "Site credit cannot be added to a basket here: buy it on its own from your site credit page.",
    status: 409,
  })
