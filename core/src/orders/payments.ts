import { Data, Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import type { RepositoryError } from "../competitions/errors.js"
import { principalIds, useCaseSpan } from "../metrics/use-case-span.js"
import { now } from "../ports/clock.js"
import { CreditCardSpend } from "../ports/credit-card-spend.js"
import { OrderRepo } from "../ports/orders.js"
import {
  type IntentStatus,
  NotificationRejected,
  type PaymentGatewayShape,
  PaymentGateways,
  type PaymentGatewayUnavailable,
  type PaymentMethod,
} from "../ports/payment-gateway.js"
import { type Payment, PaymentRepo, SiteCreditLedger } from "../ports/payments.js"
import type { ResponsiblePlayEvents } from "../ports/responsible-play-events.js"
import type { SpendLimitStore } from "../ports/spend-limits.js"
import { Transactions } from "../ports/transactions.js"
import { PurchaseGate } from "../responsible-play/purchase-gate.js"
import type {
  SpendLimitReached,
  SpendLimitUnanswered,
} from "../responsible-play/spend-limit-errors.js"
import {
  ensureSpendLimitBeforePaying,
  recordSpendLimitReached,
} from "../responsible-play/spend-limits.js"
import { creditCardNotice, creditCardVerdict, startOfLondonMonth } from "../rules/credit-cards.js"
import { type Pence, ZERO_PENCE } from "../rules/money.js"
import { canTransition, OrderStatus } from "../rules/order-status.js"
import { type OrderReader, orderAsReadBy } from "../rules/ticket-visibility.js"
import { can } from "../staff/permissions.js"
import { cancelUnpaid } from "./cancellation.js"
import { OrderNotFound, OrderTransitionRefused, PaymentStillProcessing } from "./errors.js"
import { makeExpiry } from "./expiry.js"
import { gatewayFor, gatewayOf, type PaymentMethodNotOffered } from "./gateways.js"
import type { Order } from "./model.js"
import { makeSettlement, noLongerOpen } from "./settlement.js"

/** complete-order before the card payment succeeded: the storefront shows PaymentFailed. */
export class PaymentStillDue extends Data.TaggedError("PaymentStillDue")<{
  readonly orderId: string
  readonly balance: Pence
  /** The provider's words for the last failed attempt, if any. */
  readonly failureDetail: string | null
}> {}

export { PaymentStillProcessing } from "./errors.js"

export interface OrderWithPayments {
  readonly order: Order
  /** Oldest first. */
  readonly payments: readonly Payment[]
  /** Site credit given back when the order was cancelled or expired (0 if none). */
  readonly siteCreditReturned: Pence
}

/** Ignored: a genuine event of a kind the shop does not act on; acknowledged, nothing changed. */
export type NotificationVerdict = "Accepted" | "Replayed" | "Ignored"

/** A customer may see and pay only their own orders; staff may see any. */
export const mayReadOrder = (principal: Principal, order: Order): boolean =>
  can(principal, "ManageOrders") || principal.customerId === order.customerId

/** Staff who manage orders read them as the back office does; anyone else as a customer. */
export const orderReaderOf = (principal: Principal): OrderReader =>
  can(principal, "ManageOrders") ? "Staff" : "Customer"

/**
 * An order with its payments as the principal may read it: a customer's
 * unpaid order without its ticket numbers (rules/ticket-visibility). Every
 * use case that hands an order to its caller passes it through here.
 */
export const asReadBy =
  (principal: Principal) =>
  (read: OrderWithPayments): OrderWithPayments => ({
    ...read,
    order: orderAsReadBy(orderReaderOf(principal), read.order),
  })

/** Only the customer acts on their order (staff get audited back-office paths later). */
const mayActOnOrder = (principal: Principal, order: Order): boolean =>
  principal.customerId === order.customerId

/**
 * Whether the order may have given site credit back, so the ledger is worth
 * asking: it spent some, and it was cancelled, expired or refunded.
 */
const mayHaveReturnedCredit = (order: Order): boolean =>
  order.siteCreditDebit > 0 && (noLongerOpen(order.status) || order.status === OrderStatus.Refunded)

/** An order with its payments and any site credit it gave back, as the order pages read it. */
export const readOrderWithPayments =
  (
    payments: {
      readonly forOrder: (orderId: string) => Effect.Effect<readonly Payment[], RepositoryError>
    },
    ledger: { readonly refundedFor: (orderId: string) => Effect.Effect<Pence, RepositoryError> },
  ) =>
  (order: Order): Effect.Effect<OrderWithPayments, RepositoryError> =>
    Effect.all({
      order: Effect.succeed(order),
      payments: payments.forOrder(order.id),
      siteCreditReturned: mayHaveReturnedCredit(order)
        ? ledger.refundedFor(order.id)
        : Effect.succeed(ZERO_PENCE),
    })

/**
 * readOrderWithPayments for a page of orders, in two reads rather than two
 * per order (docs/decisions/0090): one of the page's payments and one of
 * the credit given back, asked only for the orders that may have some.
 * Answers the orders in the order given, each exactly as the single read would.
 */
export const readOrdersWithPayments =
  (
    payments: {
      readonly forOrders: (
        orderIds: readonly string[],
      ) => Effect.Effect<ReadonlyMap<string, readonly Payment[]>, RepositoryError>
    },
    ledger: {
      readonly refundedForOrders: (
        orderIds: readonly string[],
      ) => Effect.Effect<ReadonlyMap<string, Pence>, RepositoryError>
    },
  ) =>
  (orders: readonly Order[]): Effect.Effect<readonly OrderWithPayments[], RepositoryError> => {
    if (orders.length === 0) return Effect.succeed([])
    const returning = orders.filter(mayHaveReturnedCredit).map((order) => order.id)
    return Effect.map(
      Effect.all(
        [
          payments.forOrders(orders.map((order) => order.id)),
          returning.length === 0
            ? Effect.succeed(new Map<string, Pence>())
            : ledger.refundedForOrders(returning),
        ],
        { concurrency: "unbounded" },
      ),
      ([paymentsByOrder, returnedByOrder]) =>
        orders.map((order) => ({
          order,
          payments: paymentsByOrder.get(order.id) ?? [],
          siteCreditReturned: mayHaveReturnedCredit(order)
            ? (returnedByOrder.get(order.id) ?? ZERO_PENCE)
            : ZERO_PENCE,
        })),
    )
  }

/**
 * Paying for an order by card, and everything that settles it: the
 * browser's return, the provider's signed notification, the customer's
 * cancel and the expiry of unpaid orders (docs/decisions/0008, 0011).
 * Completing is idempotent (the order row's lock and the status machine
 * decide who moves it), so a notification racing the browser completes
 * the order once. Before an unpaid order is cancelled or expired every
 * intent that could still take money is voided at the provider; a payment
 * that succeeds for an order that can no longer take it anyway is refunded
 * automatically, once.
 */
export class Payments extends Effect.Service<Payments>()("@howzat/core/Payments", {
  effect: Effect.gen(function* () {
    const orders = yield* OrderRepo
    const payments = yield* PaymentRepo
    const ledger = yield* SiteCreditLedger
    const gateways = yield* PaymentGateways
    const transactions = yield* Transactions
    const creditCards = yield* CreditCardSpend
    const settlement = yield* makeSettlement
    const { ours, completeOrder, record, ask, voidOpenIntents, voidLeftovers, attemptRefunds } =
      settlement
    const { expireDue } = yield* makeExpiry(settlement)

    const withPayments = readOrderWithPayments(payments, ledger)
    const gate = yield* PurchaseGate
    const spendLimits = yield* Effect.context<SpendLimitStore | ResponsiblePlayEvents>()

    const ownOrder = (principal: Principal, orderId: string) =>
      Effect.filterOrFail(
        orders.byId(orderId),
        (order) => mayActOnOrder(principal, order),
        () => new OrderNotFound({ orderId }),
      )

    const refusedToComplete = (order: Order) =>
      new OrderTransitionRefused({
        orderId: order.id,
        from: order.status,
        to: OrderStatus.Completed,
      })

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
        refusedToComplete,
      )

    /**
     * Whether a credit card may pay the order, said up front (decision
     * 0042): a plain read, as the settling transaction checks again under
     * the customer's hold, and that check decides.
     */
    const creditCardNoticeFor = (order: Order) =>
      Effect.gen(function* () {
        const spentThisMonth = yield* creditCards.spentSince(
          order.customerId,
          startOfLondonMonth(yield* now),
        )
        const instantWin = yield* creditCards.orderHasInstantWin(order.id)
        return creditCardNotice(
          creditCardVerdict({
            instantWin,
            buysSiteCredit: order.creditItems.length > 0,
            amount: order.orderTotal,
            spentThisMonth,
          }),
        )
      })

    const startPayment = (principal: Principal, orderId: string, method?: PaymentMethod) =>
      Effect.gen(function* () {
        let order = yield* payableOrder(principal, orderId)
        if (order.status === OrderStatus.Completed) return yield* withPayments(order)
        // Before any form that takes money, a pending one included: the spend-limit
        // question registration promised to ask before the next purchase, and the
        // limit answered (decision 0041). A refusal is logged as checkout's are.
        const at = yield* now
        yield* ensureSpendLimitBeforePaying(order, at).pipe(
          Effect.provide(spendLimits),
          Effect.tapErrorTag("SpendLimitReached", (refusal) =>
            recordSpendLimitReached(refusal, at).pipe(
              Effect.provide(spendLimits),
              Effect.catchAll((error) =>
                Effect.logWarning("the spend-limit refusal was not logged", error),
              ),
            ),
          ),
        )
        const gateway = yield* gatewayFor(gateways, method)
        const existing = yield* payments.forOrder(orderId)
        const chosen = (p: Payment) => p.provider === gateway.provider
        // Only this provider's token fits its form; another's needs a new attempt.
        if (existing.some((p) => chosen(p) && p.status === "Pending" && p.clientToken !== null)) {
          return yield* withPayments(order)
        }
        if (
          existing.some(
            (p) => ours(p) && (p.status === "Failed" || (p.status === "Pending" && !chosen(p))),
          )
        ) {
          // A declined intent can still be paid at a real provider, and one of
          // the other method still can too: void them first, so two attempts
          // can never both take the money (decision 0071).
          if ((yield* voidOpenIntents(orderId)).stillOpen) {
            return yield* new PaymentStillProcessing({ orderId, attempted: "newPayment" })
          }
          order = yield* payableOrder(principal, orderId)
          if (order.status === OrderStatus.Completed) return yield* withPayments(order)
        }
        // A new attempt is a purchase: on a break, closed or not verified 18+,
        // an order placed just before cannot be paid now (decision 0043).
        yield* gate.check(order.customerId)
        const creditNotice = yield* creditCardNoticeFor(order)
        // Attempt n has key n: two tabs starting the same attempt get the
        // provider's one intent, and the repository records it once.
        const intent = yield* gateway.createIntent({
          orderId,
          amount: order.orderTotal,
          idempotencyKey: `${orderId}:${existing.length + 1}`,
          creditCardsAllowed: creditNotice === null,
          ...(creditNotice === null ? {} : { creditCardNotice: creditNotice }),
          // A bank payment must say who pays (decision 0069); card providers ignore it.
          payer: { name: principal.name, email: principal.email },
        })
        yield* payments.record({
          orderId,
          amount: order.orderTotal,
          provider: gateway.provider,
          providerReference: intent.providerReference,
          clientToken: intent.clientToken,
          createdAt: yield* now,
          creditCardNotice: creditNotice,
        })
        // A cancel that ran meanwhile did not see this intent: it must take no money.
        const after = yield* orders.byId(orderId)
        if (noLongerOpen(after.status)) {
          yield* voidLeftovers(orderId)
          return yield* refusedToComplete(after)
        }
        return yield* withPayments(after)
      })

    const complete = (principal: Principal, orderId: string) =>
      Effect.gen(function* () {
        const order = yield* ownOrder(principal, orderId)
        if (order.status === OrderStatus.Completed) return yield* withPayments(order)
        // Paid, then given back by staff: there is nothing left to pay.
        if (order.status === OrderStatus.Refunded) return yield* refusedToComplete(order)
        if (noLongerOpen(order.status)) {
          // Back from a card form that charged them after all: that money goes back.
          yield* voidLeftovers(orderId)
          return yield* refusedToComplete(order)
        }
        if (order.orderTotal === 0) return yield* withPayments(yield* completeOrder(orderId))
        const pending = (yield* payments.forOrder(orderId)).filter((p) => p.status === "Pending")
        yield* ask(pending, "status")
        const current = yield* orders.byId(orderId)
        if (current.status === OrderStatus.Completed) return yield* withPayments(current)
        if (noLongerOpen(current.status)) return yield* refusedToComplete(current)
        // A decline, or a credit card the shop refused (its money going back): the latest says why.
        const failed = (yield* payments.forOrder(orderId)).filter((p) => p.failureDetail !== null)
        return yield* new PaymentStillDue({
          orderId,
          balance: current.orderTotal,
          failureDetail: failed.at(-1)?.failureDetail ?? null,
        })
      })

    /**
     * The order a provider's payment belongs to, for the customer coming
     * back from that provider's page, which names only its own payment (a
     * bank's return address is one fixed address for every order). Another
     * customer's payment, or one the shop never recorded, is not found: a
     * payment's reference must not reveal whose order it is.
     */
    const orderOfPayment = (principal: Principal, provider: string, providerReference: string) =>
      Effect.gen(function* () {
        const payment = yield* payments.byProviderReference(provider, providerReference)
        if (payment === null) return yield* new OrderNotFound({ orderId: providerReference })
        const order = yield* orders.byId(payment.orderId)
        if (!mayReadOrder(principal, order)) {
          return yield* new OrderNotFound({ orderId: providerReference })
        }
        return yield* withPayments(order)
      })

    /** The customer gives up on an unpaid order (orders/cancellation). */
    const cancel = (principal: Principal, orderId: string) =>
      Effect.flatMap(ownOrder(principal, orderId), cancelUnpaid(settlement, orders, withPayments))

    /**
     * A provider's notification may not say what kind of card paid (Stripe's
     * webhook does not expand the card): the provider is asked, before any
     * transaction, as the credit-card rule needs it (decision 0042). If it
     * cannot be asked now, the payment is recorded without it (Unknown).
     */
    const withCardFunding = (
      gateway: PaymentGatewayShape,
      providerReference: string,
      outcome: IntentStatus,
    ) =>
      outcome.status !== "Succeeded" || outcome.cardFunding !== undefined
        ? Effect.succeed(outcome)
        : gateway.intentStatus(providerReference).pipe(
            Effect.map((asked) =>
              asked.status === "Succeeded" && asked.cardFunding !== undefined
                ? { ...outcome, ...asked }
                : outcome,
            ),
            Effect.catchTag("PaymentGatewayUnavailable", () => Effect.succeed(outcome)),
          )

    /**
     * A provider's signed notification, verified by that provider's gateway:
     * the one named (its own webhook address, decision 0071), or the default.
     */
    const handleNotification = (
      rawBody: string,
      headers: Readonly<Record<string, string | undefined>>,
      provider?: string,
    ): Effect.Effect<
      NotificationVerdict,
      NotificationRejected | OrderNotFound | OrderTransitionRefused | RepositoryError
    > =>
      Effect.gen(function* () {
        const gateway = provider === undefined ? gateways.offered[0] : gatewayOf(gateways, provider)
        if (gateway === undefined) {
          return yield* new NotificationRejected({ reason: `No payment provider ${provider}.` })
        }
        const notification = yield* gateway.verifyNotification(rawBody, headers)
        if (notification.kind === "Ignored") return "Ignored" as const
        const outcome = yield* withCardFunding(
          gateway,
          notification.providerReference,
          notification.outcome,
        )
        const at = yield* now
        const handled = yield* transactions.within(
          Effect.gen(function* () {
            const first = yield* payments.rememberNotification(
              gateway.provider,
              notification.eventId,
              at,
            )
            if (!first) return { verdict: "Replayed" as const, refund: null }
            const payment = yield* payments.byProviderReference(
              gateway.provider,
              notification.providerReference,
            )
            // An intent we never recorded is not ours to act on; acknowledging
            // it stops the provider retrying something that cannot succeed.
            if (payment === null) return { verdict: "Accepted" as const, refund: null }
            const { refund } = yield* record(payment, outcome)
            return { verdict: "Accepted" as const, refund }
          }),
        )
        // Once the notification's effect is committed: a refund owed stays due if this fails.
        if (handled.refund !== null) yield* attemptRefunds([handled.refund])
        return handled.verdict
      })

    return {
      /**
       * Starts a payment (an intent at the provider of the method chosen, the
       * default when none) unless one of that provider is already pending.
       */
      startPayment: (
        principal: Principal,
        orderId: string,
        method?: PaymentMethod,
      ): Effect.Effect<
        OrderWithPayments,
        | OrderNotFound
        | OrderTransitionRefused
        | PaymentStillProcessing
        | PaymentGatewayUnavailable
        | PaymentMethodNotOffered
        | SpendLimitUnanswered
        | SpendLimitReached
        | RepositoryError
        | Effect.Effect.Error<ReturnType<PurchaseGate["check"]>>
      > =>
        Effect.map(startPayment(principal, orderId, method), asReadBy(principal)).pipe(
          useCaseSpan("Payments.startPayment", { orderId, ...principalIds(principal) }),
        ),
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
      > =>
        Effect.map(complete(principal, orderId), asReadBy(principal)).pipe(
          useCaseSpan("Payments.complete", { orderId, ...principalIds(principal) }),
        ),
      orderOfPayment: (
        principal: Principal,
        provider: string,
        providerReference: string,
      ): Effect.Effect<OrderWithPayments, OrderNotFound | RepositoryError> =>
        Effect.map(orderOfPayment(principal, provider, providerReference), asReadBy(principal)),
      cancel: (
        principal: Principal,
        orderId: string,
      ): Effect.Effect<
        OrderWithPayments,
        | OrderNotFound
        | OrderTransitionRefused
        | PaymentStillProcessing
        | PaymentGatewayUnavailable
        | RepositoryError
      > =>
        Effect.map(cancel(principal, orderId), asReadBy(principal)).pipe(
          useCaseSpan("Payments.cancel", { orderId, ...principalIds(principal) }),
        ),
      handleNotification,
      expireDue: (limit?: number): Effect.Effect<readonly string[], RepositoryError> =>
        expireDue(limit),
    }
  }),
}) {}
