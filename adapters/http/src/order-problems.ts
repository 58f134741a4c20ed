import {
  type BadRequest,
  badRequest,
  Conflict,
  type Forbidden,
  forbidden,
  type NotFound,
  notFound,
  type PaymentRequired,
  paymentFailed,
  problemType,
  ServiceUnavailable,
} from "@howzat/contracts/problems"
import type { CustomerNotFound, NotStaff } from "@howzat/core/accounts"
import type { CompetitionNotFound, RepositoryError } from "@howzat/core/competitions"
import type {
  OrderNotFound,
  OrderTransitionRefused,
  OrderWon,
  PaymentMethodNotOffered,
  PaymentStillDue,
  PaymentStillProcessing,
  PurchasedSiteCreditSpent,
  RefundMustWaitForDraw,
} from "@howzat/core/orders"
import type { PaymentGatewayUnavailable } from "@howzat/core/ports"
import { formatMoney, type OrderStatus, pence } from "@howzat/core/rules"
import { Effect } from "effect"
import { repositoryProblem } from "./repository-problem"

/** What the customer is told when an order has moved on (paid, cancelled, expired). */
const statusWords: Record<OrderStatus, string> = {
  Pending: "is still being placed",
  AwaitingPayment: "is waiting for payment",
  Completed: "has been paid",
  Cancelled: "has been cancelled",
  SystemCancelled: "has expired: it was not paid in time and its tickets went back on sale",
  Refunded: "has been refunded",
}

const attemptWords: Partial<Record<OrderStatus, string>> = {
  Completed: "paid",
  Refunded: "refunded",
  Cancelled: "cancelled",
  SystemCancelled: "cancelled",
}

export const transitionRefusedDetail = (error: OrderTransitionRefused): string =>
  `This order ${statusWords[error.from]}, so it can no longer be ${attemptWords[error.to] ?? "changed"}.`

export const orderConflict = (detail: string): Conflict =>
  new Conflict({ type: problemType("order-changed"), title: "Order changed", detail, status: 409 })

/** The provider, not the database, is what could not be reached: the customer may retry. */
export const paymentProviderUnavailable = (): ServiceUnavailable =>
  new ServiceUnavailable({
    type: problemType("payment-provider-unavailable"),
    title: "Service unavailable",
    detail: "We could not reach our card payment provider. Please try again in a moment.",
    status: 503,
  })

/** A payment mid-processing blocks the cancel: a conflict until it settles, not an outage. */
export const CANNOT_CANCEL_YET =
  "A payment is still being processed, so the order cannot be cancelled yet. Please try again in a moment."
export const CANNOT_START_PAYMENT_YET =
  "An earlier payment for this order is still being processed, so another cannot be started yet. Please check My Orders in a moment."

export const paymentStillProcessing = (error: PaymentStillProcessing): Conflict =>
  new Conflict({
    type: problemType("payment-still-processing"),
    title: "Payment still processing",
    detail: error.attempted === "cancel" ? CANNOT_CANCEL_YET : CANNOT_START_PAYMENT_YET,
    status: 409,
  })

/** No words from the provider yet: the card form was not submitted or has not settled. */
export const PAYMENT_NOT_RECEIVED = "We have not received your payment yet."

export type OrderFailure =
  | OrderNotFound
  | OrderTransitionRefused
  | PaymentStillDue
  | PaymentStillProcessing
  | PaymentGatewayUnavailable
  | OrderWon
  | RefundMustWaitForDraw
  | PurchasedSiteCreditSpent
  | NotStaff
  | CustomerNotFound
  | CompetitionNotFound
  | PaymentMethodNotOffered
  | RepositoryError

/** The problem each failure becomes, so an endpoint's errors are only those it can meet. */
export type ProblemOf<E extends OrderFailure> = E extends
  | OrderNotFound
  | CustomerNotFound
  | CompetitionNotFound
  ? NotFound
  : E extends
        | OrderTransitionRefused
        | PaymentStillProcessing
        | OrderWon
        | RefundMustWaitForDraw
        | PurchasedSiteCreditSpent
    ? Conflict
    : E extends PaymentStillDue
      ? PaymentRequired
      : E extends NotStaff
        ? Forbidden
        : E extends PaymentMethodNotOffered
          ? BadRequest
          : ServiceUnavailable

/**
 * Core's order and payment failures as problem+json, for `Effect.catchAll`.
 * Someone else's order is answered as one that does not exist (core already
 * fails OrderNotFound for it), so ids cannot be probed.
 */
export const orderProblem = <E extends OrderFailure>(
  error: E,
): Effect.Effect<never, ProblemOf<E>> => problemFor(error) as Effect.Effect<never, ProblemOf<E>>

const problemFor = (
  error: OrderFailure,
): Effect.Effect<
  never,
  NotFound | Conflict | PaymentRequired | Forbidden | BadRequest | ServiceUnavailable
> => {
  switch (error._tag) {
    case "PaymentMethodNotOffered":
      return Effect.fail(
        badRequest(
          "Payment method not offered",
          `This shop takes payment by ${error.offered.map((m) => (m === "Card" ? "card" : "bank transfer")).join(" or ")}.`,
        ),
      )
    case "OrderNotFound":
      return Effect.fail(notFound("Not Found", "no such order"))
    case "CustomerNotFound":
      return Effect.fail(notFound("Not Found", "no such customer"))
    case "CompetitionNotFound":
      return Effect.fail(notFound("Not Found", "no such competition"))
    case "NotStaff":
      return Effect.fail(forbidden("Only staff may search orders or read other customers' orders."))
    case "OrderTransitionRefused":
      return Effect.fail(orderConflict(transitionRefusedDetail(error)))
    case "PaymentStillProcessing":
      return Effect.fail(paymentStillProcessing(error))
    case "OrderWon":
      return Effect.fail(
        orderConflict(
          `Ticket ${error.ticketNumber} of this order won ${error.prize === "Main" ? "the main prize" : "an instant prize"}, so the order cannot be refunded: the prize stands.`,
        ),
      )
    case "RefundMustWaitForDraw":
      return Effect.fail(
        orderConflict(
          `${error.competitionName} has closed and its tickets are entries of the coming draw: refund the order once it is drawn.`,
        ),
      )
    case "PurchasedSiteCreditSpent":
      return Effect.fail(
        orderConflict(
          `This order bought ${formatMoney(pence(error.bought))} of site credit and the customer now holds ${formatMoney(pence(error.balance))}: some of it has been spent, so the order cannot be refunded.`,
        ),
      )
    case "PaymentStillDue":
      // The storefront shows the detail after "Oh no! We received this error ..." (docs/product/errors.md).
      return Effect.fail(paymentFailed(error.failureDetail ?? PAYMENT_NOT_RECEIVED))
    case "PaymentGatewayUnavailable":
      return Effect.zipRight(
        Effect.logWarning("card provider unreachable", {
          provider: error.provider,
          reason: error.reason,
        }),
        Effect.fail(paymentProviderUnavailable()),
      )
    case "RepositoryError":
      return repositoryProblem(error)
  }
}
