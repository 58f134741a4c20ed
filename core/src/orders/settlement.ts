import { Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import { now } from "../ports/clock.js"
import { CreditCardSpend } from "../ports/credit-card-spend.js"
import { OrderRepo } from "../ports/orders.js"
import { type IntentStatus, PaymentGateways } from "../ports/payment-gateway.js"
import {
  type Payment,
  type PaymentRefund,
  PaymentRepo,
  SiteCreditLedger,
} from "../ports/payments.js"
import { PromotionUses } from "../ports/promotions.js"
import { ResponsiblePlayEvents } from "../ports/responsible-play-events.js"
import { ShopMetrics } from "../ports/shop-metrics.js"
import { Transactions } from "../ports/transactions.js"
import {
  creditCardNotice,
  creditCardTexts,
  creditCardVerdict,
  isCreditFunding,
  startOfLondonMonth,
} from "../rules/credit-cards.js"
import { canTransition, OrderStatus } from "../rules/order-status.js"
import { orderCompletion } from "./completion.js"
import type { OrderNotFound, OrderTransitionRefused } from "./errors.js"
import { gatewayOf } from "./gateways.js"
import type { Order } from "./model.js"
import { makeRefunding } from "./refunds.js"

/** Cancelled by the customer or expired: nothing can be paid for it any more. */
export const noLongerOpen = (status: OrderStatus): boolean =>
  status === OrderStatus.Cancelled || status === OrderStatus.SystemCancelled

/** What the provider said about one payment, once recorded. */
interface Asked {
  readonly payment: Payment
  /** The money went back: the order could not take it. */
  readonly refund: PaymentRefund | null
  /** The provider would not void it yet (mid-processing): it may still take money. */
  readonly stillOpen: boolean
}

/**
 * What every payment path shares (docs/decisions/0008, 0011): moving an
 * order to Completed or cancelling it, asking the provider about payments
 * (or voiding their intents) and recording its word, with what a success
 * sets off: the order completes, or, if it closed meanwhile, the money is
 * owed back and asked for after the transaction.
 */
export const makeSettlement = Effect.gen(function* () {
  const orders = yield* OrderRepo
  const payments = yield* PaymentRepo
  const ledger = yield* SiteCreditLedger
  const gateways = yield* PaymentGateways
  const transactions = yield* Transactions
  const promotionUses = yield* PromotionUses
  const completed = yield* orderCompletion
  const refunding = yield* makeRefunding
  const creditCards = yield* CreditCardSpend
  const events = yield* ResponsiblePlayEvents
  const metrics = yield* ShopMetrics

  /** Moves the order to Completed unless it already is; the row lock serialises racers. */
  const completeOrder = (
    orderId: string,
  ): Effect.Effect<Order, OrderNotFound | OrderTransitionRefused | RepositoryError> =>
    transactions
      .within(
        Effect.gen(function* () {
          const moved = yield* orders.transition(orderId, OrderStatus.Completed)
          // Only the call that moved it: one club credit, one confirmation.
          yield* completed(moved, yield* now)
          return moved
        }),
      )
      .pipe(
        Effect.catchTag(
          "OrderTransitionRefused",
          (
            refused,
          ): Effect.Effect<Order, OrderNotFound | OrderTransitionRefused | RepositoryError> =>
            // Refunded was Completed: staff gave the money back, and the refund owes it.
            refused.from === OrderStatus.Completed || refused.from === OrderStatus.Refunded
              ? orders.byId(orderId)
              : Effect.fail(refused),
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
   * A payment the provider says succeeded: it pays for its order, or, when
   * the order was cancelled or expired meanwhile, its money is owed back.
   * The order row's lock decides which, whoever else is racing.
   */
  const followSuccess = (
    payment: Payment,
  ): Effect.Effect<
    PaymentRefund | null,
    OrderNotFound | OrderTransitionRefused | RepositoryError
  > =>
    completeOrder(payment.orderId).pipe(
      Effect.as(null),
      Effect.catchTag(
        "OrderTransitionRefused",
        (refused): Effect.Effect<PaymentRefund, OrderTransitionRefused | RepositoryError> =>
          noLongerOpen(refused.from)
            ? Effect.flatMap(now, (at) =>
                payments.refundDue({
                  paymentId: payment.id,
                  orderId: payment.orderId,
                  amount: payment.amount,
                  reason:
                    refused.from === OrderStatus.SystemCancelled
                      ? "OrderExpired"
                      : "OrderCancelled",
                  at,
                }),
              )
            : Effect.fail(refused),
      ),
    )

  /**
   * The backstop of decision 0042, in the settling transaction: a credit
   * card that paid where the rules allow none (an instant-win order, or
   * over the monthly cap) does not complete the order. Its money is owed
   * back and the order stays payable by another card. The customer is held
   * while their month's credit-card money is summed, so two payments
   * settling at once cannot both fit under the cap. Answers null when the
   * payment may stand.
   */
  const refuseCreditCard = (
    payment: Payment,
    at: Date,
  ): Effect.Effect<Asked | null, OrderNotFound | RepositoryError> =>
    Effect.gen(function* () {
      if (payment.status !== "Succeeded" || !isCreditFunding(payment.cardFunding)) return null
      const refundIt = (paid: Payment) =>
        payments.refundDue({
          paymentId: paid.id,
          orderId: paid.orderId,
          amount: paid.amount,
          reason: "CreditCardRefused",
          at,
        })
      // Refused before (a racer, a replay): it stays refused, whatever the sums say now.
      if (payment.failureDetail !== null) {
        return { payment, refund: yield* refundIt(payment), stillOpen: false }
      }
      const order = yield* orders.byId(payment.orderId)
      // Only a payment that would complete its order is judged: a closed
      // order's is refunded anyway, and a paid order's was judged when it paid.
      if (!canTransition(order.status, OrderStatus.Completed)) return null
      const spentThisMonth = yield* creditCards.holdAndSpentSince(
        order.customerId,
        startOfLondonMonth(at),
        payment.id,
      )
      const instantWin = yield* creditCards.orderHasInstantWin(order.id)
      const verdict = creditCardVerdict({
        instantWin,
        buysSiteCredit: order.creditItems.length > 0,
        amount: payment.amount,
        spentThisMonth,
      })
      const notice = creditCardNotice(verdict)
      if (notice === null || verdict.allowed) return null
      const refused = yield* payments.refuseCard(payment.id, creditCardTexts.refused(notice), at)
      const refund = yield* refundIt(refused)
      // This transaction commits (nothing is rolled back), so the event joins it.
      yield* events.record({
        customerId: order.customerId,
        kind: "CreditCardRefused",
        at,
        detail: {
          orderId: order.id,
          paymentId: payment.id,
          amount: payment.amount,
          reason: verdict.reason,
          spentThisMonth,
          ...(verdict.reason === "MonthlyCap" ? { left: verdict.left } : {}),
        },
      })
      return { payment: refused, refund, stillOpen: false }
    })

  /**
   * A decline the customer's card met (not the shop's own void) is kept for
   * the harm signals. One in the shop's own credit-card words is the
   * provider refusing a credit card before money moved (the sandbox does,
   * as an operator's rule at a real provider would): a CreditCardRefused.
   * A notification racing the browser's return can record one decline
   * twice; the detail names the payment so readers count it once.
   */
  const noteDecline = (before: Payment, settled: Payment, at: Date) =>
    before.status === "Pending" && settled.status === "Failed"
      ? Effect.flatMap(orders.byId(settled.orderId), (order) =>
          events.record({
            customerId: order.customerId,
            kind:
              settled.creditCardNotice != null && settled.failureDetail === settled.creditCardNotice
                ? "CreditCardRefused"
                : "PaymentDeclined",
            at,
            detail: {
              orderId: order.id,
              paymentId: settled.id,
              amount: settled.amount,
              failureDetail: settled.failureDetail,
            },
          }),
        )
      : Effect.void

  /**
   * Records the provider's word on a payment and what a success sets off,
   * together. `how` says whether the shop asked (or heard) where the
   * payment stands, or voided it itself: only the former's failure is a decline.
   */
  const record = (payment: Payment, status: IntentStatus, how: "status" | "void" = "status") =>
    status.status === "Pending"
      ? Effect.succeed<Asked>({ payment, refund: null, stillOpen: true })
      : transactions
          .within(
            Effect.gen(function* () {
              const at = yield* now
              const { payment: settled, changed } = yield* payments.settle(payment.id, status, at)
              if (how === "status") yield* noteDecline(payment, settled, at)
              const refused = yield* refuseCreditCard(settled, at)
              if (refused !== null) return { asked: refused, changed }
              const refund = settled.status === "Succeeded" ? yield* followSuccess(settled) : null
              const asked: Asked = { payment: settled, refund, stillOpen: false }
              return { asked, changed }
            }),
          )
          .pipe(
            // Once committed, and only by the call that changed the payment: a
            // repeated answer, or a racer's (a webhook and the sweep at once, each
            // having read it Pending), is not another payment.
            Effect.tap(({ asked: { payment: settled }, changed }) =>
              Effect.sync(() => {
                if (!changed || settled.status === "Pending") return
                metrics.count({
                  kind: "Payment",
                  provider: settled.provider,
                  outcome:
                    settled.status === "Failed"
                      ? how === "void"
                        ? "Voided"
                        : "Declined"
                      : "Succeeded",
                })
              }),
            ),
            Effect.map(({ asked }) => asked),
          )

  /**
   * A payment one of the shop's gateways took (decision 0071). Another
   * provider's (the shop stopped using it since) cannot be asked about or
   * voided through these, which know none of its intents (docs/decisions/0011).
   */
  const ours = (payment: Payment) => gatewayOf(gateways, payment.provider) !== undefined

  /**
   * Asks the provider about each of its payments (`void` also voids any
   * intent still open), records the answers, then asks for any refund owed:
   * after the transactions, so no row lock waits on the provider. Other
   * providers' payments are left as recorded.
   */
  const ask = (list: readonly Payment[], how: "status" | "void") =>
    Effect.gen(function* () {
      const asked = yield* Effect.forEach(
        list.flatMap((payment) => {
          const gateway = gatewayOf(gateways, payment.provider)
          return gateway === undefined ? [] : [{ payment, gateway }]
        }),
        ({ payment, gateway }) =>
          Effect.flatMap(
            how === "void"
              ? gateway.cancelIntent(payment.providerReference)
              : gateway.intentStatus(payment.providerReference),
            (status) => record(payment, status, how),
          ),
      )
      yield* refunding.attemptAll(asked.flatMap((a) => (a.refund === null ? [] : [a.refund])))
      return { stillOpen: asked.some((a) => a.stillOpen) }
    })

  /**
   * Staff must settle a pending payment of another provider in that
   * provider's dashboard: the shop can neither void it nor hear of it.
   */
  const reportForeignPending = (list: readonly Payment[]) =>
    Effect.forEach(
      list.filter((p) => p.status === "Pending" && !ours(p)),
      (payment) =>
        Effect.logWarning(
          "a payment of a provider the shop no longer uses may still be open: void it there",
          {
            orderId: payment.orderId,
            paymentId: payment.id,
            provider: payment.provider,
            providerReference: payment.providerReference,
            currentProviders: gateways.offered.map((g) => g.provider),
          },
        ),
      { discard: true },
    )

  /**
   * Voids every intent of the order that could still take money: pending
   * ones, and declined ones too, which a real provider keeps open for
   * another card. Another provider's declined payment is closed as far as
   * the shop can tell, and its pending one cannot hold the order (0011):
   * it is reported for staff.
   */
  const voidOpenIntents = (orderId: string) =>
    Effect.flatMap(payments.forOrder(orderId), (list) =>
      Effect.zipRight(
        reportForeignPending(list),
        ask(
          list.filter((p) => p.status === "Pending" || p.status === "Failed"),
          "void",
        ),
      ),
    )

  /**
   * After the order was cancelled: an intent started meanwhile (another
   * tab's payment page) was not seen by the voiding before, so it is
   * voided now. Best effort; the retry pass sweeps any it cannot reach.
   */
  const voidLeftovers = (orderId: string) =>
    Effect.flatMap(payments.forOrder(orderId), (list) =>
      ask(
        list.filter((p) => p.status === "Pending"),
        "void",
      ),
    ).pipe(
      Effect.catchTag("PaymentGatewayUnavailable", (error) =>
        Effect.logWarning("an intent of a closed order is still open; the retry pass voids it", {
          orderId,
          reason: error.reason,
        }),
      ),
      Effect.asVoid,
    )

  return {
    ours,
    completeOrder,
    cancelOrder,
    record,
    ask,
    voidOpenIntents,
    voidLeftovers,
    attemptRefunds: refunding.attemptAll,
    retryRefunds: refunding.retryDue,
  }
})
