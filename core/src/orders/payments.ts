import { Clock, Data, Effect } from "effect"
import { isStaff } from "../accounts/customer-accounts"
import type { Principal } from "../accounts/model"
import type { RepositoryError } from "../competitions/errors"
import { OrderRepo } from "../ports/orders"
import {
  type NotificationRejected,
  PaymentGateway,
  type PaymentGatewayUnavailable,
} from "../ports/payment-gateway"
import { type Payment, PaymentRepo, SiteCreditLedger } from "../ports/payments"
import { PromotionUses } from "../ports/promotions"
import { Transactions } from "../ports/transactions"
import type { Pence } from "../rules/money"
import { canTransition, OrderStatus } from "../rules/order-status"
import { creditClubsFor } from "./completion"
import { OrderNotFound, OrderTransitionRefused } from "./errors"
import type { Order } from "./model"

/** complete-order before the card payment succeeded: the storefront shows PaymentFailed. */
export class PaymentStillDue extends Data.TaggedError("PaymentStillDue")<{
  readonly orderId: string
  readonly balance: Pence
  /** The provider's words for the last failed attempt, if any. */
  readonly failureDetail: string | null
}> {}

export interface OrderWithPayments {
  readonly order: Order
  /** Oldest first. */
  readonly payments: readonly Payment[]
}

export type NotificationVerdict = "Accepted" | "Replayed"

/** A customer may see and pay only their own orders; staff may see any. */
export const mayReadOrder = (principal: Principal, order: Order): boolean =>
  isStaff(principal) || principal.customerId === order.customerId

/** Only the customer acts on their order (staff get audited back-office paths later). */
const mayActOnOrder = (principal: Principal, order: Order): boolean =>
  principal.customerId === order.customerId

/** How many due orders one expiry pass looks at; the next pass takes the rest. */
export const EXPIRY_BATCH = 100

const now = Effect.map(Clock.currentTimeMillis, (millis) => new Date(millis))

/**
 * Paying for an order by card, and everything that settles it (a club's
 * credit on completion, the voucher's use given back on cancellation): the
 * browser's return, the provider's signed notification, the customer's
 * cancel and the expiry of unpaid orders. Completing is idempotent (the
 * order row's lock and the status machine decide who moves it), so a
 * notification racing the browser completes the order once, and a replayed
 * notification changes nothing. Before an unpaid order is cancelled or
 * expired the provider is asked about its pending payments, so money taken
 * is never met with a cancelled order.
 */
export class Payments extends Effect.Service<Payments>()("@howzat/core/Payments", {
  effect: Effect.gen(function* () {
    const orders = yield* OrderRepo
    const payments = yield* PaymentRepo
    const ledger = yield* SiteCreditLedger
    const gateway = yield* PaymentGateway
    const transactions = yield* Transactions
    const promotionUses = yield* PromotionUses

    const withPayments = (order: Order) =>
      Effect.map(
        payments.forOrder(order.id),
        (list): OrderWithPayments => ({
          order,
          payments: list,
        }),
      )

    const ownOrder = (principal: Principal, orderId: string) =>
      Effect.filterOrFail(
        orders.byId(orderId),
        (order) => mayActOnOrder(principal, order),
        () => new OrderNotFound({ orderId }),
      )

    /**
     * The customer's order, paid or still payable. A cancelled or expired one
     * is refused: no payment can bring it back, so "still due" would mislead.
     */
    const payableOrder = (principal: Principal, orderId: string) =>
      Effect.filterOrFail(
        ownOrder(principal, orderId),
        (order) =>
          order.status === OrderStatus.Completed ||
          canTransition(order.status, OrderStatus.Completed),
        (order) =>
          new OrderTransitionRefused({ orderId, from: order.status, to: OrderStatus.Completed }),
      )

    /** Moves the order to Completed unless it already is; the row lock serialises racers. */
    const completeOrder = (
      orderId: string,
    ): Effect.Effect<Order, OrderNotFound | OrderTransitionRefused | RepositoryError> =>
      transactions
        .within(
          Effect.gen(function* () {
            const completed = yield* orders.transition(orderId, OrderStatus.Completed)
            // Only the call that moved it: clubs are credited once per paid order.
            yield* creditClubsFor(promotionUses, completed, yield* now)
            return completed
          }),
        )
        .pipe(
          Effect.catchTag(
            "OrderTransitionRefused",
            (
              refused,
            ): Effect.Effect<Order, OrderNotFound | OrderTransitionRefused | RepositoryError> =>
              refused.from === OrderStatus.Completed ? orders.byId(orderId) : Effect.fail(refused),
          ),
        )

    /** Cancels (by the customer or the system) and gives back the site credit, together. */
    const cancelOrder = (orderId: string, to: typeof OrderStatus.Cancelled | "SystemCancelled") =>
      transactions.within(
        Effect.gen(function* () {
          const order = yield* orders.transition(orderId, to)
          yield* ledger.refundOrder(orderId, yield* now)
          // Like the tickets, the voucher's use goes back for someone else.
          yield* promotionUses.release(orderId)
          return order
        }),
      )

    /**
     * Asks the provider about every pending payment and records what it
     * says. Answers the payments as they now stand.
     */
    const refreshPending = (orderId: string) =>
      Effect.gen(function* () {
        const list = yield* payments.forOrder(orderId)
        return yield* Effect.forEach(list, (payment) =>
          payment.status !== "Pending"
            ? Effect.succeed(payment)
            : Effect.flatMap(gateway.intentStatus(payment.providerReference), (status) =>
                status.status === "Pending"
                  ? Effect.succeed(payment)
                  : Effect.flatMap(now, (at) => payments.settle(payment.id, status, at)),
              ),
        )
      })

    const isPaid = (order: Order, list: readonly Payment[]) =>
      list.some((p) => p.status === "Succeeded" && p.amount >= order.orderTotal)

    const startPayment = (principal: Principal, orderId: string) =>
      Effect.gen(function* () {
        const order = yield* payableOrder(principal, orderId)
        if (order.status === OrderStatus.Completed) return yield* withPayments(order)
        const existing = yield* payments.forOrder(orderId)
        if (existing.some((p) => p.status === "Pending" && p.clientToken !== null)) {
          return { order, payments: existing }
        }
        // Attempt n has key n: two tabs starting the same attempt get the
        // provider's one intent, and the repository records it once.
        const intent = yield* gateway.createIntent({
          orderId,
          amount: order.orderTotal,
          idempotencyKey: `${orderId}:${existing.length + 1}`,
        })
        yield* payments.record({
          orderId,
          amount: order.orderTotal,
          provider: gateway.provider,
          providerReference: intent.providerReference,
          clientToken: intent.clientToken,
          createdAt: yield* now,
        })
        return yield* withPayments(order)
      })

    const complete = (principal: Principal, orderId: string) =>
      Effect.gen(function* () {
        const order = yield* payableOrder(principal, orderId)
        if (order.status === OrderStatus.Completed) return yield* withPayments(order)
        if (order.orderTotal === 0) return yield* withPayments(yield* completeOrder(orderId))
        const list = yield* refreshPending(orderId)
        if (isPaid(order, list)) return yield* withPayments(yield* completeOrder(orderId))
        const failed = list.filter((p) => p.status === "Failed").at(-1)
        return yield* new PaymentStillDue({
          orderId,
          balance: order.orderTotal,
          failureDetail: failed?.failureDetail ?? null,
        })
      })

    /**
     * The customer gives up on an unpaid order. If the provider says a
     * payment went through after all, the order is completed instead: the
     * customer paid, so they keep their tickets.
     */
    const cancel = (principal: Principal, orderId: string) =>
      Effect.gen(function* () {
        const order = yield* ownOrder(principal, orderId)
        if (order.status === OrderStatus.Cancelled) return yield* withPayments(order)
        // Paid already (by card or site credit): the customer keeps the order.
        if (order.status === OrderStatus.Completed) {
          return yield* new OrderTransitionRefused({
            orderId,
            from: order.status,
            to: OrderStatus.Cancelled,
          })
        }
        const list = yield* refreshPending(orderId)
        if (isPaid(order, list)) return yield* withPayments(yield* completeOrder(orderId))
        return yield* withPayments(yield* cancelOrder(orderId, OrderStatus.Cancelled))
      })

    const handleNotification = (
      rawBody: string,
      headers: Readonly<Record<string, string | undefined>>,
    ): Effect.Effect<
      NotificationVerdict,
      NotificationRejected | OrderNotFound | OrderTransitionRefused | RepositoryError
    > =>
      Effect.gen(function* () {
        const notification = yield* gateway.verifyNotification(rawBody, headers)
        const at = yield* now
        return yield* transactions.within(
          Effect.gen(function* () {
            const first = yield* payments.rememberNotification(
              gateway.provider,
              notification.eventId,
              at,
            )
            if (!first) return "Replayed" as const
            const payment = yield* payments.byProviderReference(
              gateway.provider,
              notification.providerReference,
            )
            // An intent we never recorded is not ours to act on; acknowledging
            // it stops the provider retrying something that cannot succeed.
            if (payment === null || notification.outcome.status === "Pending") {
              return "Accepted" as const
            }
            const settled = yield* payments.settle(payment.id, notification.outcome, at)
            if (settled.status === "Succeeded") {
              const order = yield* orders.byId(settled.orderId)
              if (canTransition(order.status, OrderStatus.Completed)) {
                yield* completeOrder(order.id)
              } else if (order.status !== OrderStatus.Completed) {
                // Paid for an order already cancelled: the money must go back.
                yield* Effect.logError("payment succeeded for an order no longer open: refund it", {
                  orderId: order.id,
                  status: order.status,
                  paymentId: settled.id,
                })
              }
            }
            return "Accepted" as const
          }),
        )
      })

    /**
     * One pass of the expiry job. Each due order is settled on its own: a
     * payment the provider confirms completes it, anything else cancels it
     * and its tickets and site credit go back. Two processes passing at once
     * both try; the status machine lets one move each order, and the other
     * skips it. A provider that cannot be reached leaves that order for the
     * next pass.
     */
    const expireDue = (limit = EXPIRY_BATCH) =>
      Effect.gen(function* () {
        const due = yield* orders.dueForExpiry(yield* now, limit)
        const expired = yield* Effect.forEach(due, (orderId) =>
          Effect.gen(function* () {
            const order = yield* orders.byId(orderId)
            const list = yield* refreshPending(orderId)
            if (isPaid(order, list)) {
              yield* completeOrder(orderId)
              return []
            }
            yield* cancelOrder(orderId, OrderStatus.SystemCancelled)
            return [orderId]
          }).pipe(
            Effect.catchTags({
              OrderTransitionRefused: () => Effect.succeed([]),
              OrderNotFound: () => Effect.succeed([]),
              PaymentGatewayUnavailable: (error) =>
                Effect.as(
                  Effect.logWarning("expiry: provider unreachable; order left for the next pass", {
                    orderId,
                    reason: error.reason,
                  }),
                  [],
                ),
            }),
          ),
        )
        return expired.flat()
      })

    return {
      /** Starts a card payment (a payment intent) unless one is already pending. */
      startPayment: (
        principal: Principal,
        orderId: string,
      ): Effect.Effect<
        OrderWithPayments,
        OrderNotFound | OrderTransitionRefused | PaymentGatewayUnavailable | RepositoryError
      > => startPayment(principal, orderId),
      /** The browser's return: completes a paid order, once, or says the payment is still due. */
      complete: (
        principal: Principal,
        orderId: string,
      ): Effect.Effect<
        OrderWithPayments,
        | OrderNotFound
        | OrderTransitionRefused
        | PaymentStillDue
        | PaymentGatewayUnavailable
        | RepositoryError
      > => complete(principal, orderId),
      cancel: (
        principal: Principal,
        orderId: string,
      ): Effect.Effect<
        OrderWithPayments,
        OrderNotFound | OrderTransitionRefused | PaymentGatewayUnavailable | RepositoryError
      > => cancel(principal, orderId),
      handleNotification,
      expireDue: (limit?: number): Effect.Effect<readonly string[], RepositoryError> =>
        expireDue(limit),
    }
  }),
}) {}
