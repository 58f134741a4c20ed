import { Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { OrderRepoShape } from "../ports/orders.js"
import { OrderStatus } from "../rules/order-status.js"
import { OrderTransitionRefused, PaymentStillProcessing } from "./errors.js"
import type { Order } from "./model.js"
import type { makeSettlement } from "./settlement.js"

type Settlement = Effect.Effect.Success<typeof makeSettlement>

/**
 * Cancelling an unpaid order, whoever asks (the customer, or staff through
 * the back office). Its intents are voided first; if the provider says one
 * was paid after all, the order is completed instead: the customer paid,
 * so they keep their tickets.
 */
export const cancelUnpaid =
  <A>(
    settlement: Settlement,
    orders: OrderRepoShape,
    answer: (order: Order) => Effect.Effect<A, RepositoryError>,
  ) =>
  (order: Order) =>
    Effect.gen(function* () {
      const orderId = order.id
      if (order.status === OrderStatus.Cancelled) return yield* answer(order)
      // Paid already (by card or site credit), the customer keeps the order; expired, it has gone.
      if (order.status !== OrderStatus.Pending && order.status !== OrderStatus.AwaitingPayment) {
        return yield* new OrderTransitionRefused({
          orderId,
          from: order.status,
          to: OrderStatus.Cancelled,
        })
      }
      const voided = yield* settlement.voidOpenIntents(orderId)
      if (voided.stillOpen)
        return yield* new PaymentStillProcessing({ orderId, attempted: "cancel" })
      const current = yield* orders.byId(orderId)
      if (current.status === OrderStatus.Completed) return yield* answer(current)
      const cancelled = yield* settlement.cancelOrder(orderId, OrderStatus.Cancelled)
      yield* settlement.voidLeftovers(orderId)
      return yield* answer(cancelled)
    })
