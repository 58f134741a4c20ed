import { Clock, Context, Effect } from "effect"
import { Brand } from "../brand.js"
import { useCaseSpan } from "../metrics/use-case-span.js"
import { BasketRepo, OrderRepo, TicketAllocator } from "../ports/orders.js"
import { SiteCreditLedger } from "../ports/payments.js"
import { PromotionUses } from "../ports/promotions.js"
import type { ResponsiblePlayEvents } from "../ports/responsible-play-events.js"
import { ShopMetrics } from "../ports/shop-metrics.js"
import { SpendLimitStore } from "../ports/spend-limits.js"
import { Transactions } from "../ports/transactions.js"
import { PurchaseGate } from "../responsible-play/purchase-gate.js"
import {
  enforceSpendLimit,
  recordSpendLimitReached,
  spendLimitMonthStart,
} from "../responsible-play/spend-limits.js"
import { allocationExceptions } from "../rules/allocation.js"
import { roundUpApplies } from "../rules/basket.js"
import { basketTotals, type PricedLine } from "../rules/basket-totals.js"
import {
  type CheckoutAddresses,
  checkoutAddressErrors,
  cleanCheckoutAddresses,
} from "../rules/checkout-details.js"
import { pence } from "../rules/money.js"
import { OrderStatus } from "../rules/order-status.js"
import { promotionRefusal, spendFor } from "../rules/promotions.js"
import { orderAsReadBy } from "../rules/ticket-visibility.js"
import { mayUseBasket } from "./baskets.js"
import { Charities } from "./charities.js"
import { orderCompletion } from "./completion.js"
import {
  BasketEmpty,
  BasketNotFound,
  CheckoutDetailsInvalid,
  PickedNumbersTaken,
} from "./errors.js"
import type { AllocationException, Order } from "./model.js"
import { siteCreditItemDescription } from "./site-credit-policy.js"

/** How long an unpaid order keeps its tickets before the expiry job cancels it. */
export class CheckoutPolicy extends Context.Reference<CheckoutPolicy>()(
  "@howzat/core/CheckoutPolicy",
  { defaultValue: () => ({ unpaidOrderMinutes: 15 }) },
) {}

export interface CheckoutOutcome {
  /** As its customer reads it: no ticket numbers until it is paid (rules/ticket-visibility). */
  readonly order: Order
  /** False when this basket had already been checked out: the earlier order is returned. */
  readonly created: boolean
  readonly exceptions: readonly AllocationException[]
  /** The addresses given, cleaned as the account pages clean them; null: the saved one. */
  readonly addresses: CheckoutAddresses
}

/**
 * Turns a basket into an order, all in one transaction: the order row (one
 * per basket, so a double click or a second tab gets the same order), the
 * tickets from the pool, the lines priced on what was actually allocated,
 * and the basket cut down to match so the customer sees what changed.
 * If nothing at all could be allocated the whole transaction rolls back and
 * the customer is told the basket is empty, with the reasons. Site credit
 * is taken and voucher uses counted in the same transaction, and the order
 * leaves it awaiting the card payment, or completed when site credit paid
 * for all of it. Only the basket's owner may check it out; a basket no one
 * owns yet becomes the customer's.
 */
export class Checkout extends Effect.Service<Checkout>()("@howzat/core/Checkout", {
  effect: Effect.gen(function* () {
    const baskets = yield* BasketRepo
    const orders = yield* OrderRepo
    const allocator = yield* TicketAllocator
    const ledger = yield* SiteCreditLedger
    const transactions = yield* Transactions
    const promotionUses = yield* PromotionUses
    const completed = yield* orderCompletion
    const charities = (yield* Charities).list.length
    const creditName = (yield* Brand).siteCreditName
    const gate = yield* PurchaseGate
    const spendLimits = yield* SpendLimitStore
    const responsiblePlay = yield* Effect.context<SpendLimitStore | ResponsiblePlayEvents>()
    const metrics = yield* ShopMetrics

    /**
     * The basket's vouchers that apply to what was actually allocated, with
     * a use of each counted for the order. Each promotion is held (locked)
     * before its rule is checked, so one customer's checkouts racing with a
     * one-per-customer code see each other's uses; a code that stopped
     * applying (its last use taken a moment ago, the customer's own limit
     * reached, the order cut below its minimum spend) is simply not applied.
     */
    const countedPromotions = (
      order: Order,
      codes: readonly string[],
      lines: readonly PricedLine[],
      at: Date,
    ) =>
      Effect.gen(function* () {
        // One lock order for everyone, so two checkouts never wait on each other's codes.
        const held = yield* Effect.forEach([...new Set(codes)].sort(), (code) =>
          promotionUses.holdForCheckout(code, order.customerId),
        )
        const applying = held.flatMap((h) =>
          h !== null &&
          promotionRefusal(h.promotion, {
            at,
            spend: spendFor(h.promotion, lines),
            customerUses: h.customerUses,
          }) === null
            ? [h.promotion]
            : [],
        )
        if (applying.length === 0) return []
        const counted = yield* promotionUses.claim(
          order.id,
          applying.map((promotion) => promotion.code),
        )
        return applying.filter((promotion) => counted.includes(promotion.code))
      })

    const checkout = (basketId: string, customerId: string) =>
      Effect.gen(function* () {
        const held = yield* baskets.holdForCheckout(basketId)
        // Decided under the basket's lock: no one can claim it in between.
        if (!mayUseBasket(customerId, held)) {
          return yield* Effect.fail(new BasketNotFound({ basketId }))
        }
        if (held.items.length === 0 && held.siteCreditPurchase === 0) {
          return yield* Effect.fail(new BasketEmpty({ basketId, exceptions: [] }))
        }
        const basket = held.customerId === null ? yield* baskets.claim(basketId, customerId) : held
        const at = new Date(yield* Clock.currentTimeMillis)
        const { unpaidOrderMinutes } = yield* CheckoutPolicy
        const { order, created } = yield* orders.createForBasket({
          basketId,
          customerId,
          createdAt: at,
          expiresAt: new Date(at.getTime() + unpaidOrderMinutes * 60_000),
        })
        if (!created) return { order, created, exceptions: order.allocationExceptions }

        // Credit bought through the basket (deferred purchase, 0038) is paid by card with the tickets.
        const credit = basket.siteCreditPurchase
        const allocation =
          basket.items.length === 0
            ? { lines: [] }
            : yield* allocator.allocate({
                orderId: order.id,
                customerId,
                basketId,
                at,
                lines: basket.items.map((item) => ({
                  competitionId: item.competitionId,
                  quantity: item.quantity,
                })),
              })
        // A picked number someone else took once its hold ran out: nothing is
        // allocated at all (the transaction rolls back) and the customer is told which.
        const lost = allocation.lines.flatMap((line) =>
          line.pickedLost === undefined || line.pickedLost.length === 0
            ? []
            : [
                {
                  competitionId: line.competitionId,
                  competitionName: line.competitionName,
                  numbers: line.pickedLost,
                },
              ],
        )
        if (lost.length > 0) return yield* Effect.fail(new PickedNumbersTaken({ basketId, lost }))
        const exceptions = allocationExceptions(allocation.lines, at)
        const allocated = allocation.lines.filter((line) => line.ticketNumbers.length > 0)
        if (allocated.length === 0 && credit === 0) {
          return yield* Effect.fail(new BasketEmpty({ basketId, exceptions }))
        }

        const prices = new Map(allocated.map((line) => [line.competitionId, line.unitPrice]))
        const lines: readonly PricedLine[] = allocated.map((line) => ({
          competitionId: line.competitionId,
          unitPrice: prices.get(line.competitionId) ?? pence(0),
          quantity: line.ticketNumbers.length,
        }))
        const promotions = yield* countedPromotions(order, basket.promotionCodes, lines, at)
        // The customer is held until the transaction ends: two checkouts at once
        // cannot spend the same credit twice or both fit under the spend limit.
        const position = yield* spendLimits.positionForCheckout(
          customerId,
          spendLimitMonthStart(at),
          order.id,
        )
        const totals = basketTotals({
          lines,
          vouchers: promotions,
          autoRoundup: roundUpApplies(basket.autoRoundup, charities),
          siteCreditRequested: basket.siteCreditRequested,
          siteCreditBalance: position.siteCreditBalance,
        })
        // Under the customer's hold, after pricing: over the limit, the whole order rolls back.
        // An order site credit pays in full completes here, so an unanswered question is asked now.
        yield* enforceSpendLimit(
          customerId,
          position,
          pence(totals.basketTotal + totals.siteCreditDebit),
          at,
          totals.basketTotal + credit === 0,
        )
        const recorded = yield* orders.recordAllocation(order.id, {
          lines: allocated.map((line, index) => ({
            competitionId: line.competitionId,
            quantityRequested: line.requested,
            quantity: line.ticketNumbers.length,
            unitPrice: prices.get(line.competitionId) ?? pence(0),
            preDiscountTotal: totals.lines[index]?.preDiscountTotal ?? pence(0),
            lineTotal: totals.lines[index]?.lineTotal ?? pence(0),
          })),
          itemTotal: totals.itemTotal,
          discountTotal: totals.discountTotal,
          donation: totals.donation,
          siteCreditDebit: totals.siteCreditDebit,
          orderTotal: pence(totals.basketTotal + credit),
          exceptions,
          creditItems:
            credit > 0
              ? [{ description: siteCreditItemDescription(creditName), lineTotal: credit }]
              : [],
        })

        if (totals.siteCreditDebit > 0) {
          yield* ledger.debitForOrder(customerId, order.id, totals.siteCreditDebit, at)
        }
        // Pending lives only inside this transaction: the order leaves it
        // waiting for the card, or paid already when site credit covered it all.
        const placed = yield* orders.transition(
          order.id,
          recorded.orderTotal === 0 ? OrderStatus.Completed : OrderStatus.AwaitingPayment,
        )
        if (placed.status === OrderStatus.Completed) yield* completed(placed, at)

        // The basket now shows what was bought, so the storefront can say what changed.
        const cut = allocation.lines.filter(
          (line) =>
            line.ticketNumbers.length !==
            basket.items.find((item) => item.competitionId === line.competitionId)?.quantity,
        )
        if (cut.length > 0) {
          yield* baskets.recordBought(
            basketId,
            cut.map((line) => ({
              competitionId: line.competitionId,
              quantity: line.ticketNumbers.length,
            })),
          )
        }
        return { order: placed, created, exceptions }
      })

    return {
      /**
       * The billing and shipping details are checked before anything else,
       * so a bad one holds no basket, claims no ticket and makes no order.
       */
      checkout: (basketId: string, customerId: string, addresses: CheckoutAddresses = {}) =>
        Effect.gen(function* () {
          const cleaned = cleanCheckoutAddresses(addresses)
          const errors = checkoutAddressErrors(cleaned)
          if (Object.keys(errors).length > 0) {
            return yield* Effect.fail(new CheckoutDetailsInvalid({ errors }))
          }
          // On a break, closed or not verified 18+: refused before anything is held (0043).
          yield* gate.check(customerId)
          const placed = yield* transactions.within(checkout(basketId, customerId)).pipe(
            // Outside the rolled-back transaction, or the refusal would vanish with it.
            Effect.tapErrorTag("SpendLimitReached", (refusal) =>
              Effect.gen(function* () {
                const at = new Date(yield* Clock.currentTimeMillis)
                yield* recordSpendLimitReached(refusal, at).pipe(
                  Effect.provide(responsiblePlay),
                  Effect.catchAll((error) =>
                    Effect.logWarning("the spend-limit refusal was not logged", error),
                  ),
                )
              }),
            ),
          )
          yield* Effect.annotateCurrentSpan("orderId", placed.order.id)
          // Counted once committed, and only for the order this call made (not a repeat's).
          if (placed.created) {
            const { status, lines } = placed.order
            metrics.count({
              kind: "Checkout",
              outcome: status === OrderStatus.Completed ? "Completed" : "AwaitingPayment",
              tickets: lines.reduce((sum, line) => sum + line.quantity, 0),
            })
          }
          // The answer goes to the customer: an unpaid order's numbers stay out of it.
          return {
            ...placed,
            order: orderAsReadBy("Customer", placed.order),
            addresses: cleaned,
          } satisfies CheckoutOutcome
        }).pipe(
          // The refusal's tag only: a fixed set of this use case's errors, never the input.
          Effect.tapError((error) =>
            Effect.sync(() =>
              metrics.count({ kind: "Checkout", outcome: "Refused", reason: error._tag }),
            ),
          ),
          useCaseSpan("Checkout.checkout", { basketId, customerId }),
        ),
    }
  }),
}) {}
