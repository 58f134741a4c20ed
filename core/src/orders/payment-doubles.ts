/**
 * In-memory doubles of the ports the payment use cases need, keeping the
 * behaviour those use cases rely on: the status machine on transitions,
 * idempotent intents per key, first-outcome-wins settling, notifications
 * remembered by event id and a ledger that debits and refunds once per order.
 */

import { Effect, Layer, TestClock } from "effect"
import type { Customer, MailMessage, Principal, UserWithPassword } from "../accounts/model.js"
import { addCustomer } from "../accounts/user-and-customer-doubles.js"
import { RepositoryError } from "../competitions/errors.js"
import { CustomerRepo } from "../ports/accounts.js"
import { CreditCardSpend } from "../ports/credit-card-spend.js"
import { Mailer } from "../ports/mailer.js"
import { OrderRepo } from "../ports/orders.js"
import {
  type IntentStatus,
  NotificationRejected,
  PaymentGateway,
  type PaymentGatewayShape,
  PaymentGateways,
  PaymentGatewayUnavailable,
  type PaymentMethod,
} from "../ports/payment-gateway.js"
import {
  type Payment,
  type PaymentRefund,
  PaymentRepo,
  type SettledPayment,
  SiteCreditLedger,
} from "../ports/payments.js"
import { PromotionUses } from "../ports/promotions.js"
import {
  type ResponsiblePlayEvent,
  ResponsiblePlayEvents,
} from "../ports/responsible-play-events.js"
import { SpendLimitStore } from "../ports/spend-limits.js"
import { Transactions } from "../ports/transactions.js"
import { PurchaseGate } from "../responsible-play/purchase-gate.js"
import type {
  AccountNotInGoodStanding,
  AgeNotVerified,
} from "../responsible-play/standing-errors.js"
import { creditCardMoneyKept, isInstantWinOrder } from "../rules/credit-cards.js"
import { type Pence, pence, ZERO_PENCE } from "../rules/money.js"
import { releasesTickets } from "../rules/order-status.js"
import { refundMoves, settleMoves } from "../rules/payment-status.js"
import type { SpendLimitSetting } from "../rules/spend-limits.js"
import { testBrandLayer } from "../testing/mail-and-limits.js"
import { paymentGateways } from "./gateways.js"
import { type InstantWinRow, instantWinRepoOver } from "./instant-win-doubles.js"
import type { Order, Promotion } from "./model.js"
import { customerSearchFields, memoryOrderRepo } from "./order-repo-doubles.js"
import { Payments } from "./payments.js"
import { memoryPromotionUses, type PromotionUseRow } from "./promotion-uses-doubles.js"
import {
  memoryCustomerRepoOverLedger,
  memorySiteCreditLedger,
  type SiteCreditLine,
  siteCreditBalanceOf,
} from "./site-credit-doubles.js"
import { orderCustomer } from "./test-doubles.js"

export interface PaymentStore {
  readonly orders: Map<string, Order>
  /** Customers the purchase gate refuses (on a break, closed, not verified 18+: decision 0043). */
  readonly purchaseRefusals: Map<string, AccountNotInGoodStanding | AgeNotVerified>
  readonly payments: Payment[]
  /** The shop's refund records, one per payment. */
  readonly refunds: PaymentRefund[]
  readonly notifications: Set<string>
  /** Ledger lines (site-credit-doubles): positive credit, negative debit. */
  readonly ledger: SiteCreditLine[]
  /** Customer records and sign-ins (user-and-customer-doubles): Ann and Bob, unless a test adds more. */
  users: UserWithPassword[]
  customers: Customer[]
  /** The instant-win numbers of the orders' competitions. */
  readonly instantWins: InstantWinRow[]
  /** Provider side: intent reference → status; key → reference. */
  readonly intents: Map<string, IntentStatus>
  readonly intentKeys: Map<string, string>
  /** Orders whose tickets went back to the pool, in order. */
  readonly released: string[]
  /** Every move the repository made, `${orderId}:${to}`. */
  readonly moves: string[]
  /** The vouchers by code (promotion-uses-doubles): a club's names its club. */
  readonly promotions: Map<string, Promotion>
  /** One row per voucher use an order holds. */
  readonly promotionUses: PromotionUseRow[]
  /** Club credit, once per `${clubId}/${orderId}`. */
  readonly clubCredits: Map<string, Pence>
  /** Provider side: refunds made, and idempotency key → refund reference. */
  readonly providerRefunds: {
    providerReference: string
    amount: Pence
    refundReference: string
  }[]
  readonly refundKeys: Map<string, string>
  /** Every intent the shop asked the provider to void, in order. */
  readonly voided: string[]
  /** Mail handed to the outbox, in order. */
  readonly mail: MailMessage[]
  /** Intents mid-processing: the provider will not void them yet. */
  readonly processing: Set<string>
  /** Expiries and sweep voids put off: orderId or paymentId → attempts and when to try again. */
  readonly expiryPutOffs: Map<string, { readonly attempts: number; readonly retryAt: Date }>
  readonly voidPutOffs: Map<string, { readonly attempts: number; readonly retryAt: Date }>
  /** Runs once, as the next order is cancelled or expires: what a racing process does. */
  whileClosing: (() => void) | undefined
  /** The shop offers pay by bank too, through a second provider, "bank-double" (decision 0071). */
  payByBank: boolean
  gatewayDown: boolean
  /**
   * The provider's status answer comes back over the network: the asking
   * fiber yields first, so two fibers asking about one payment at once both
   * read it before either records the answer (a webhook racing the sweep).
   */
  providerYields: boolean
  /** Competitions with at least one instant-win group: an order with a line of one is an instant-win order. */
  readonly instantWinCompetitions: Set<string>
  /** When each payment succeeded: the credit-card month is counted by it. */
  readonly succeededAt: Map<string, Date>
  /** The responsible-play log, in order. */
  readonly events: ResponsiblePlayEvent[]
  /** What each intent was created with: whether a credit card may pay it. */
  readonly intentCreditCards: Map<string, boolean>
  /**
   * Spend-limit settings by customer; a customer with none has answered "no
   * limit", as the shop's test helpers do, so tests about payments are not asked.
   */
  readonly spendLimits: Map<string, SpendLimitSetting>
}

/** A store with no orders, payments or credit; Ann and Bob are its customers. */
export const emptyPaymentStore = (): PaymentStore => {
  const store: PaymentStore = {
    orders: new Map(),
    purchaseRefusals: new Map(),
    payments: [],
    refunds: [],
    notifications: new Set(),
    ledger: [],
    instantWins: [],
    intents: new Map(),
    intentKeys: new Map(),
    released: [],
    moves: [],
    promotions: new Map(),
    promotionUses: [],
    clubCredits: new Map(),
    providerRefunds: [],
    refundKeys: new Map(),
    voided: [],
    mail: [],
    processing: new Set(),
    expiryPutOffs: new Map(),
    voidPutOffs: new Map(),
    whileClosing: undefined,
    gatewayDown: false,
    providerYields: false,
    payByBank: false,
    instantWinCompetitions: new Set(),
    succeededAt: new Map(),
    events: [],
    intentCreditCards: new Map(),
    users: [],
    customers: [],
    spendLimits: new Map(),
  }
  for (const principal of [ANN, BOB]) addCustomer(store, customerRecordOf(principal))
  return store
}

/**
 * Credit-card money kept: of the customer's payments (but `excludingPaymentId`),
 * those core's rule counts towards the cap (`countsTowardsCreditCardCap`).
 */
export const creditCardSpendOf = (
  store: PaymentStore,
  customerId: string,
  since: Date,
  excludingPaymentId?: string,
): Pence =>
  creditCardMoneyKept(
    store.payments
      .filter(
        (p) =>
          p.id !== excludingPaymentId && store.orders.get(p.orderId)?.customerId === customerId,
      )
      .map((p) => ({
        ...p,
        // A payment a test put in the store as succeeded, with no time: from the start of time.
        succeededAt: store.succeededAt.get(p.id) ?? (p.status === "Succeeded" ? new Date(0) : null),
        owedBack: store.refunds.some((r) => r.paymentId === p.id),
      })),
    since,
  )

/** A signed notification as the double's gateway reads it: the "signature" header must say "valid". */
export const notificationFor = (
  providerReference: string,
  eventId: string,
  outcome: IntentStatus,
): [string, Record<string, string>] => [
  JSON.stringify({ kind: "IntentStatus", providerReference, eventId, outcome }),
  { signature: "valid" },
]

/** A signed event of a kind the shop does not act on (a refund's, a customer's). */
export const ignoredNotification = (
  eventId: string,
  eventType: string,
): [string, Record<string, string>] => [
  JSON.stringify({ kind: "Ignored", eventId, eventType }),
  { signature: "valid" },
]

/** What a refund's last error keeps, as the payment_refunds table does. */
const REFUND_ERROR_LENGTH = 500

export const paymentDoublesOver = (store: PaymentStore) => {
  // Orders are seeded whole here (no pool, no baskets): the lines keep the numbers they were given.
  const orderRepo = Layer.succeed(
    OrderRepo,
    memoryOrderRepo(store, {
      // What a racing process does just as the order closes (a test's race), once.
      beforeClosing: () => {
        const meanwhile = store.whileClosing
        store.whileClosing = undefined
        meanwhile?.()
      },
      moved: (orderId, to) => {
        store.moves.push(`${orderId}:${to}`)
        if (releasesTickets(to)) store.released.push(orderId)
      },
      customerOf: customerSearchFields(store),
    }),
  )

  /** What the database answers for a row it does not have: a RepositoryError, not a defect. */
  const missing = (operation: string, what: string) =>
    Effect.fail(new RepositoryError({ operation, cause: `No ${what}` }))
  /** Postgres's LIMIT of a whole number of rows; none for zero or less. */
  const upTo = (limit: number) => Math.max(0, Math.floor(limit))

  // Oldest first, as the table orders them; attempts made at the same instant keep their order.
  const paymentsOf = (orderId: string) =>
    store.payments
      .filter((p) => p.orderId === orderId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())

  const paymentRepo = Layer.succeed(PaymentRepo, {
    forOrder: (orderId) => Effect.sync(() => paymentsOf(orderId)),
    forOrders: (orderIds) =>
      Effect.sync(() => new Map(orderIds.map((orderId) => [orderId, paymentsOf(orderId)]))),
    record: (payment) =>
      Effect.sync(() => {
        const existing = store.payments.find(
          (p) =>
            p.provider === payment.provider && p.providerReference === payment.providerReference,
        )
        if (existing !== undefined) return existing
        const recorded: Payment = {
          id: `payment-${store.payments.length + 1}`,
          orderId: payment.orderId,
          amount: payment.amount,
          status: "Pending",
          provider: payment.provider,
          providerReference: payment.providerReference,
          clientToken: payment.clientToken,
          failureDetail: null,
          createdAt: payment.createdAt,
          cardFunding: null,
          creditCardNotice: payment.creditCardNotice ?? null,
        }
        store.payments.push(recorded)
        return recorded
      }),
    byProviderReference: (provider, reference) =>
      Effect.sync(
        () =>
          store.payments.find(
            (p) => p.provider === provider && p.providerReference === reference,
          ) ?? null,
      ),
    settle: (paymentId, outcome, at) =>
      Effect.suspend((): Effect.Effect<SettledPayment, RepositoryError> => {
        const index = store.payments.findIndex((p) => p.id === paymentId)
        const payment = store.payments[index]
        if (payment === undefined) return missing("payments.settle", `payment ${paymentId}`)
        // The status machine is core's (rules/payment-status), as the Postgres adapter's is.
        if (!settleMoves(payment.status, outcome.status))
          return Effect.succeed({ payment, changed: false })
        const settled: Payment = {
          ...payment,
          status: outcome.status,
          clientToken: null,
          failureDetail: outcome.status === "Failed" ? outcome.failureDetail : null,
          cardFunding: outcome.status === "Succeeded" ? (outcome.cardFunding ?? "Unknown") : null,
        }
        store.payments[index] = settled
        if (settled.status === "Succeeded") store.succeededAt.set(paymentId, at)
        return Effect.succeed({ payment: settled, changed: true })
      }),
    refuseCard: (paymentId, failureDetail) =>
      Effect.suspend(() => {
        const index = store.payments.findIndex((p) => p.id === paymentId)
        const payment = store.payments[index]
        if (payment === undefined) return missing("payments.refuseCard", `payment ${paymentId}`)
        const refused: Payment = { ...payment, failureDetail }
        store.payments[index] = refused
        return Effect.succeed(refused)
      }),
    refundDue: (refund) =>
      Effect.suspend(() => {
        const known = store.refunds.find((r) => r.paymentId === refund.paymentId)
        if (known !== undefined) return Effect.succeed(known)
        const payment = store.payments.find((p) => p.id === refund.paymentId)
        if (payment === undefined)
          return missing("payments.refundDue", `payment ${refund.paymentId}`)
        const recorded: PaymentRefund = {
          paymentId: refund.paymentId,
          orderId: refund.orderId,
          amount: refund.amount,
          reason: refund.reason,
          status: "Due",
          provider: payment.provider,
          providerReference: payment.providerReference,
          providerRefundReference: null,
          attempts: 0,
          lastError: null,
          dueAt: refund.at,
          retryAt: refund.at,
          refundedAt: null,
        }
        store.refunds.push(recorded)
        return Effect.succeed(recorded)
      }),
    refundsDue: (now, limit) =>
      Effect.sync(() =>
        store.refunds
          .filter((r) => r.status === "Due" && r.retryAt.getTime() <= now.getTime())
          .sort((a, b) => a.retryAt.getTime() - b.retryAt.getTime())
          .slice(0, upTo(limit)),
      ),
    refundAttemptFailed: (paymentId, { error, at, retryAt }) =>
      Effect.sync(() => {
        const index = store.refunds.findIndex(
          (r) => r.paymentId === paymentId && r.status === "Due",
        )
        const refund = store.refunds[index]
        if (refund === undefined) return
        store.refunds[index] = {
          ...refund,
          attempts: refund.attempts + 1,
          // As the table keeps it: when, then why, cut to what staff need.
          lastError: `${at.toISOString()} ${error}`.slice(0, REFUND_ERROR_LENGTH),
          retryAt,
        }
      }),
    refunded: (paymentId, providerRefundReference, at) =>
      Effect.suspend(() => {
        const index = store.refunds.findIndex((r) => r.paymentId === paymentId)
        const refund = store.refunds[index]
        if (refund === undefined) return missing("payments.refunded", `refund for ${paymentId}`)
        if (refund.status !== "Due") return Effect.succeed(refund)
        const done: PaymentRefund = {
          ...refund,
          status: "Refunded",
          providerRefundReference,
          refundedAt: at,
        }
        store.refunds[index] = done
        const paymentIndex = store.payments.findIndex((p) => p.id === paymentId)
        const payment = store.payments[paymentIndex]
        if (payment !== undefined && refundMoves(payment.status)) {
          store.payments[paymentIndex] = { ...payment, status: "Refunded" }
        }
        return Effect.succeed(done)
      }),
    refundsForOrder: (orderId) =>
      Effect.sync(() =>
        store.refunds
          .filter((r) => r.orderId === orderId)
          .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime()),
      ),
    pendingOnClosedOrders: (provider, now, limit) =>
      Effect.sync(() => {
        const dueAt = (p: Payment) =>
          (store.voidPutOffs.get(p.id)?.retryAt ?? p.createdAt).getTime()
        return store.payments
          .filter((p) => {
            const status = store.orders.get(p.orderId)?.status
            return (
              p.provider === provider &&
              p.status === "Pending" &&
              (status === "Cancelled" || status === "SystemCancelled") &&
              dueAt(p) <= now.getTime()
            )
          })
          .sort((a, b) => dueAt(a) - dueAt(b))
          .slice(0, upTo(limit))
          .map((payment) => ({
            payment,
            voidAttempts: store.voidPutOffs.get(payment.id)?.attempts ?? 0,
          }))
      }),
    voidPutOff: (paymentId, retryAt) =>
      Effect.sync(() => {
        const attempts = (store.voidPutOffs.get(paymentId)?.attempts ?? 0) + 1
        store.voidPutOffs.set(paymentId, { attempts, retryAt })
      }),
    rememberNotification: (provider, eventId) =>
      Effect.sync(() => {
        const key = `${provider}/${eventId}`
        if (store.notifications.has(key)) return false
        store.notifications.add(key)
        return true
      }),
  })

  const ledger = Layer.succeed(
    SiteCreditLedger,
    memorySiteCreditLedger(store, {
      orderRefOf: (orderId) => store.orders.get(orderId)?.orderRef,
      undatedAt: new Date(PAYMENTS_NOW),
    }),
  )

  const unavailable = () =>
    new PaymentGatewayUnavailable({ provider: "double", reason: "switched off by the test" })
  const unknownIntent = (reference: string) =>
    new PaymentGatewayUnavailable({ provider: "double", reason: `No such intent: ${reference}` })
  /**
   * A provider over the store's intents; the second (pay by bank) prefixes
   * its references and keys, so the two never share an intent.
   */
  const doubleGateway = (provider: string, method: PaymentMethod): PaymentGatewayShape => {
    const prefix = provider === "double" ? "" : `${provider}:`
    return {
      provider,
      method,
      createIntent: ({ idempotencyKey, creditCardsAllowed }) =>
        Effect.suspend(() => {
          if (store.gatewayDown) return Effect.fail(unavailable())
          let reference = store.intentKeys.get(`${prefix}${idempotencyKey}`)
          if (reference === undefined) {
            reference = `${prefix}intent-${store.intentKeys.size + 1}`
            store.intentKeys.set(`${prefix}${idempotencyKey}`, reference)
            store.intents.set(reference, { status: "Pending" })
            store.intentCreditCards.set(reference, creditCardsAllowed)
          }
          return Effect.succeed({ providerReference: reference, clientToken: `token-${reference}` })
        }),
      intentStatus: (reference) =>
        Effect.zipRight(
          store.providerYields ? Effect.yieldNow() : Effect.void,
          Effect.suspend(() => {
            if (store.gatewayDown) return Effect.fail(unavailable())
            const status = store.intents.get(reference)
            return status === undefined
              ? Effect.fail(unknownIntent(reference))
              : Effect.succeed(status)
          }),
        ),
      cancelIntent: (reference) =>
        Effect.suspend(() => {
          if (store.gatewayDown) return Effect.fail(unavailable())
          const status = store.intents.get(reference)
          // As a real provider answers an intent it never made (Stripe's 404).
          if (status === undefined) return Effect.fail(unknownIntent(reference))
          store.voided.push(reference)
          if (status.status !== "Pending" || store.processing.has(reference)) {
            return Effect.succeed(status)
          }
          const voided = { status: "Failed", failureDetail: "The payment was cancelled." } as const
          store.intents.set(reference, voided)
          return Effect.succeed(voided)
        }),
      refund: ({ providerReference, amount, idempotencyKey }) =>
        Effect.suspend(() => {
          if (store.gatewayDown) return Effect.fail(unavailable())
          const known = store.refundKeys.get(idempotencyKey)
          if (known !== undefined) return Effect.succeed({ refundReference: known })
          const refundReference = `refund-${store.refundKeys.size + 1}`
          store.refundKeys.set(idempotencyKey, refundReference)
          store.providerRefunds.push({ providerReference, amount, refundReference })
          return Effect.succeed({ refundReference })
        }),
      verifyNotification: (rawBody, headers) =>
        headers.signature === "valid"
          ? Effect.try({
              try: () => JSON.parse(rawBody),
              catch: () => new NotificationRejected({ reason: "unreadable" }),
            })
          : Effect.fail(new NotificationRejected({ reason: "The signature does not match." })),
    }
  }
  const card = doubleGateway("double", "Card")
  const gateway = Layer.mergeAll(
    Layer.succeed(PaymentGateway, card),
    Layer.sync(PaymentGateways, () =>
      paymentGateways(
        store.payByBank ? [card, doubleGateway("bank-double", "BankTransfer")] : [card],
      ),
    ),
  )

  const transactions = Layer.succeed(Transactions, { within: (effect) => effect })

  const mailer = Layer.succeed(Mailer, {
    send: (message) => Effect.sync(() => void store.mail.push(message)),
  })

  const customers = Layer.succeed(CustomerRepo, memoryCustomerRepoOverLedger(store))

  const promotionUses = Layer.succeed(
    PromotionUses,
    memoryPromotionUses(store, (orderId) => store.orders.get(orderId)?.customerId),
  )

  const creditCards = Layer.succeed(CreditCardSpend, {
    spentSince: (customerId, since, excluding) =>
      Effect.sync(() => creditCardSpendOf(store, customerId, since, excluding)),
    holdAndSpentSince: (customerId, since, excluding) =>
      Effect.sync(() => creditCardSpendOf(store, customerId, since, excluding)),
    orderHasInstantWin: (orderId) =>
      Effect.sync(() =>
        isInstantWinOrder(
          (store.orders.get(orderId)?.lines ?? []).map((line) => ({
            // The store keeps which competitions have a group, not how many.
            instantWinGroups: store.instantWinCompetitions.has(line.competitionId) ? 1 : 0,
          })),
        ),
      ),
  })
  const events = Layer.succeed(ResponsiblePlayEvents, {
    record: (event) => Effect.sync(() => void store.events.push(event)),
    forCustomer: (customerId, since) =>
      Effect.sync(() =>
        store.events
          .filter((e) => e.customerId === customerId && e.at >= since)
          .map((e, i) => ({ ...e, id: String(i + 1) })),
      ),
    ofKinds: (kinds, since) =>
      Effect.sync(() =>
        store.events
          .filter((e) => kinds.includes(e.kind) && e.at >= since)
          .map((e, i) => ({ ...e, id: String(i + 1) })),
      ),
  })

  const gate = Layer.succeed(
    PurchaseGate,
    PurchaseGate.make({
      check: (customerId) => {
        const refusal = store.purchaseRefusals.get(customerId)
        return refusal === undefined ? Effect.void : Effect.fail(refusal)
      },
    }),
  )

  // Payments reads only the setting (the question before paying); checkout's facts are not kept here.
  const settingOf = (customerId: string): SpendLimitSetting =>
    store.spendLimits.get(customerId) ?? { current: { kind: "NoLimit" }, pending: null }
  const spendLimits = Layer.succeed(SpendLimitStore, {
    setting: (customerId) => Effect.sync(() => settingOf(customerId)),
    settingForUpdate: (customerId) => Effect.sync(() => settingOf(customerId)),
    save: (customerId, setting) =>
      Effect.sync(() => void store.spendLimits.set(customerId, setting)),
    ordersSince: () => Effect.succeed([]),
    completedOrders: () => Effect.succeed(0),
    positionForCheckout: (customerId) =>
      Effect.sync(() => ({
        siteCreditBalance: siteCreditBalanceOf(store, customerId),
        setting: settingOf(customerId),
        completedOrders: 0,
        ordersSince: [],
      })),
  })

  return Layer.mergeAll(
    gate,
    spendLimits,
    creditCards,
    events,
    orderRepo,
    paymentRepo,
    ledger,
    gateway,
    transactions,
    promotionUses,
    mailer,
    testBrandLayer,
    customers,
    instantWinRepoOver(store.instantWins),
  )
}

let orders = 0

/** The customer whose orders `awaitingOrder` makes by default. */
export const ANN: Principal = {
  userId: "user-ann",
  role: "Customer",
  customerId: "customer-ann",
  email: "ann@example.com",
  name: "Ann Buyer",
}
/** Another customer: Ann's orders are none of his business. */
export const BOB: Principal = {
  ...ANN,
  userId: "user-bob",
  customerId: "customer-bob",
  email: "bob@example.com",
  name: "Bob Batter",
}

/** The customer record behind a signed-in customer of these tests. */
export const customerRecordOf = (principal: Principal): Customer => {
  const [firstName = "", lastName = ""] = principal.name.split(" ")
  return orderCustomer(principal.customerId ?? "", {
    userId: principal.userId,
    firstName,
    lastName,
    email: principal.email,
  })
}

/** An order waiting for its card payment, placed at `createdAt` with 15 minutes to pay. */
export const awaitingOrder = (overrides: Partial<Order> = {}): Order => {
  orders += 1
  const createdAt = overrides.createdAt ?? new Date("2026-06-15T12:00:00Z")
  return {
    id: `order-${orders}`,
    orderRef: `REF${orders}`,
    basketId: `basket-${orders}`,
    customerId: ANN.customerId ?? "",
    status: "AwaitingPayment",
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 15 * 60_000),
    lines: [],
    creditItems: [],
    itemTotal: pence(1000),
    discountTotal: ZERO_PENCE,
    donation: ZERO_PENCE,
    siteCreditDebit: ZERO_PENCE,
    orderTotal: pence(1000),
    allocationExceptions: [],
    ...overrides,
  }
}

/** The clock of the payment tests: five minutes into an order placed at noon. */
export const PAYMENTS_NOW = Date.parse("2026-06-15T12:05:00Z")

export const setUpPayments = (...orders: Order[]) => {
  const store = emptyPaymentStore()
  for (const order of orders) store.orders.set(order.id, order)
  return store
}

/** Runs a test of Payments over the doubles, at PAYMENTS_NOW. */
export const runPayments = <A, E>(store: PaymentStore, test: Effect.Effect<A, E, Payments>) =>
  Effect.provide(
    Effect.zipRight(TestClock.setTime(PAYMENTS_NOW), test),
    Payments.Default.pipe(Layer.provide(paymentDoublesOver(store))),
  )

/** The provider's side: the customer's card was confirmed (or declined) on the intent. */
export const setIntentOutcome = (
  store: PaymentStore,
  reference: string,
  outcome: "Succeeded" | "Declined",
) =>
  store.intents.set(
    reference,
    outcome === "Succeeded"
      ? { status: "Succeeded" }
      : { status: "Failed", failureDetail: "Your card was declined." },
  )

export const orderStatusOf = (store: PaymentStore, orderId: string) =>
  store.orders.get(orderId)?.status
