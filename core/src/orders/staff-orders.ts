import { Data, Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import type { RepositoryError } from "../competitions/errors.js"
import { principalIds, useCaseSpan } from "../metrics/use-case-span.js"
import { now } from "../ports/clock.js"
import { OrderRefundRepo } from "../ports/order-refunds.js"
import { OrderRepo } from "../ports/orders.js"
import { type PaymentRefund, PaymentRepo, SiteCreditLedger } from "../ports/payments.js"
import { Transactions } from "../ports/transactions.js"
import { OrderStatus } from "../rules/order-status.js"
import { refundPlan, ticketFate } from "../rules/refunds.js"
import { auditor } from "../staff/audit.js"
import { authorize } from "../staff/permissions.js"
import { cancelUnpaid } from "./cancellation.js"
import {
  type OrderNotFound,
  type OrderTransitionRefused,
  PurchasedSiteCreditSpent,
} from "./errors.js"
import type { Order } from "./model.js"
import { readOrderWithPayments } from "./payments.js"
import { makeSettlement } from "./settlement.js"

/** A ticket of the order won a prize: the refund is refused and the prize kept (decision 0029). */
export class OrderWon extends Data.TaggedError("OrderWon")<{
  readonly orderId: string
  readonly prize: "Main" | "InstantWin"
  readonly ticketNumber: number
}> {}

/** A competition of the order has closed and awaits its draw: the tickets are its entries. */
export class RefundMustWaitForDraw extends Data.TaggedError("RefundMustWaitForDraw")<{
  readonly orderId: string
  readonly competitionName: string
}> {}

const auditedStatus = (order: Order) => ({ status: order.status })

/**
 * The back office's order work (decision 0029): cancel any unpaid order, and
 * refund a paid one. Core authorizes ManageOrders and records each change
 * in the audit log, in the change's own transaction.
 */
export class StaffOrders extends Effect.Service<StaffOrders>()("@howzat/core/StaffOrders", {
  effect: Effect.gen(function* () {
    const orders = yield* OrderRepo
    const payments = yield* PaymentRepo
    const ledger = yield* SiteCreditLedger
    const refunds = yield* OrderRefundRepo
    const audit = yield* auditor
    const transactions = yield* Transactions
    const settlement = yield* makeSettlement
    const withPayments = readOrderWithPayments(payments, ledger)

    const found = (orderId: string) => orders.byId(orderId)

    /** As a customer's cancel, for any customer's order, and audited when it cancelled. */
    const cancel = (principal: Principal, orderId: string) =>
      Effect.gen(function* () {
        yield* authorize(principal, "ManageOrders")
        const before = yield* found(orderId)
        const after = yield* cancelUnpaid(settlement, orders, withPayments)(before)
        if (after.order.status !== before.status)
          yield* audit(principal, {
            action: "Order.Cancel",
            subject: { type: "Order", id: orderId },
            before: auditedStatus(before),
            after: auditedStatus(after.order),
          })
        return after
      })

    /**
     * Everything a paid order took goes back where it came from, all in one
     * transaction under the order's row lock: the card payments are owed
     * back (asked of the provider after the commit, decision 0011), the site
     * credit returns to the ledger, site credit the order bought comes off it
     * (refused when the customer has spent some, docs/decisions/0038), the club credit it earned is reversed,
     * and its tickets go back on sale where the competition is still open.
     * A refunded order is answered as it is: a second refund changes nothing.
     */
    const refund = (principal: Principal, orderId: string) =>
      Effect.gen(function* () {
        yield* authorize(principal, "ManageOrders")
        const order = yield* found(orderId)
        if (order.status === OrderStatus.Refunded) return yield* withPayments(order)
        const done = yield* transactions
          .within(
            Effect.gen(function* () {
              // The row lock: of two refunds at once, the second waits and meets Refunded.
              const refunded = yield* orders.transition(orderId, OrderStatus.Refunded)
              const at = yield* now
              const facts = yield* refunds.facts(orderId)
              const won = facts.winningTickets[0]
              if (won !== undefined)
                return yield* new OrderWon({
                  orderId,
                  prize: won.prize,
                  ticketNumber: won.ticketNumber,
                })
              const waiting = facts.competitions.find((c) => ticketFate(c, at) === "WaitForDraw")
              if (waiting !== undefined)
                return yield* new RefundMustWaitForDraw({
                  orderId,
                  competitionName: waiting.name,
                })
              const ticketsReturned = yield* refunds.returnTickets(
                orderId,
                facts.competitions
                  .filter((c) => ticketFate(c, at) === "ReturnToPool")
                  .map((c) => c.competitionId),
              )
              const plan = refundPlan(order, yield* payments.forOrder(orderId))
              // Credit the order bought comes off the ledger whole, or the refund is refused (0038).
              const purchaseReversed = yield* ledger.reversePurchase(orderId, at).pipe(
                Effect.catchTag(
                  "InsufficientSiteCredit",
                  (short) =>
                    new PurchasedSiteCreditSpent({
                      orderId,
                      balance: short.balance,
                      bought: short.requested,
                    }),
                ),
              )
              const siteCreditReturned = yield* ledger.refundOrder(orderId, at)
              const clubCreditReversed = yield* refunds.reverseClubCredit(orderId, at)
              const cardRefunds: PaymentRefund[] = yield* Effect.forEach(plan.card, (card) =>
                payments.refundDue({
                  paymentId: card.paymentId,
                  orderId,
                  amount: card.amount,
                  reason: "StaffRefund",
                  at,
                }),
              )
              yield* audit(principal, {
                action: "Order.Refund",
                subject: { type: "Order", id: orderId },
                before: auditedStatus(order),
                after: {
                  status: refunded.status,
                  cardRefunded: plan.card.reduce((sum, c) => sum + c.amount, 0),
                  siteCreditReturned,
                  purchasedCreditTakenBack: purchaseReversed,
                  clubCreditReversed,
                  ticketsReturned,
                },
                at,
              })
              return { refunded, cardRefunds }
            }),
          )
          .pipe(
            Effect.catchTag(
              "OrderTransitionRefused",
              (
                refused,
              ): Effect.Effect<
                { readonly refunded: Order; readonly cardRefunds: readonly PaymentRefund[] },
                OrderTransitionRefused | OrderNotFound | RepositoryError
              > =>
                // Refunded meanwhile by someone else: the same answer as a second refund.
                refused.from === OrderStatus.Refunded
                  ? Effect.map(found(orderId), (refunded) => ({ refunded, cardRefunds: [] }))
                  : Effect.fail(refused),
            ),
          )
        // After the commit: a provider that cannot be reached leaves the refund due for the retry pass.
        yield* settlement.attemptRefunds(done.cardRefunds)
        return yield* withPayments(yield* found(orderId))
      })

    return {
      cancel: (principal: Principal, orderId: string) => cancel(principal, orderId),
      refund: (principal: Principal, orderId: string) =>
        refund(principal, orderId).pipe(
          useCaseSpan("StaffOrders.refund", { orderId, ...principalIds(principal) }),
        ),
    }
  }),
}) {}
