import { Context, Data, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Page, PageRequest } from "../competitions/model.js"
import type { CardFunding } from "../rules/credit-cards.js"
import type { Pence } from "../rules/money.js"
import type { PaymentStatus } from "../rules/payment-status.js"

/** The status machine is a rule (rules/payment-status); named here too, as the port's type. */
export type { PaymentStatus }

/** One card payment attempt on an order: a retry after a decline is a new payment. */
export interface Payment {
  readonly id: string
  readonly orderId: string
  readonly amount: Pence
  readonly status: PaymentStatus
  /** "sandbox" or the real provider's name (PaymentGateway.provider). */
  readonly provider: string
  /** The provider's intent id: the key its notifications carry. */
  readonly providerReference: string
  /** For the card form while the payment is pending; null once it is settled. */
  readonly clientToken: string | null
  readonly failureDetail: string | null
  readonly createdAt: Date
  /** The kind of card that paid, once it succeeded and the provider said (decision 0042). */
  readonly cardFunding?: CardFunding | null | undefined
  /**
   * Why a credit card may not pay this attempt, in the customer's words
   * (rules/credit-cards), fixed when the intent was made; null: it may.
   */
  readonly creditCardNotice?: string | null | undefined
}

export interface NewPayment {
  readonly orderId: string
  readonly amount: Pence
  readonly provider: string
  readonly providerReference: string
  readonly clientToken: string
  readonly createdAt: Date
  readonly creditCardNotice?: string | null | undefined
}

/**
 * Why money taken by card is owed back: the order could no longer take it,
 * or staff refunded the paid order (docs/decisions/0029).
 */
export type RefundReason =
  | "OrderCancelled"
  | "OrderExpired"
  | "StaffRefund"
  /** A credit card the rules do not allow paid it (decision 0042). */
  | "CreditCardRefused"

/**
 * Money the shop owes back on a card payment (docs/decisions/0011): Due
 * until the provider accepts the refund, then Refunded with the provider's
 * reference. Kept for good, so staff can see what went back and why.
 */
export interface PaymentRefund {
  readonly paymentId: string
  readonly orderId: string
  readonly amount: Pence
  readonly reason: RefundReason
  readonly status: "Due" | "Refunded"
  /** The payment's provider and intent: what the refund is made against. */
  readonly provider: string
  readonly providerReference: string
  readonly providerRefundReference: string | null
  /** Attempts the provider refused or never answered. */
  readonly attempts: number
  readonly lastError: string | null
  readonly dueAt: Date
  /** When the retry pass may try again (later after each failure). */
  readonly retryAt: Date
  readonly refundedAt: Date | null
}

/** A pending payment of a closed order, with how often voiding it was put off before. */
export interface OpenIntent {
  readonly payment: Payment
  readonly voidAttempts: number
}

/** What PaymentRepo.settle did: the payment as it now stands, and whether this call moved it. */
export interface SettledPayment {
  readonly payment: Payment
  readonly changed: boolean
}

export type PaymentOutcome =
  | {
      readonly status: "Succeeded"
      readonly cardFingerprint?: string | undefined
      readonly cardFunding?: CardFunding | undefined
    }
  | { readonly status: "Failed"; readonly failureDetail: string }

/**
 * Card payments and the notifications that settled them. Every method joins
 * the caller's transaction when there is one (Transactions.within).
 */
export interface PaymentRepoShape {
  /** Oldest first. */
  readonly forOrder: (orderId: string) => Effect.Effect<readonly Payment[], RepositoryError>
  /**
   * forOrder of several orders in one read, for a page of them (the back
   * office's orders list): each id asked maps to what forOrder answers for
   * it, in the same order ([] for an order with none or an id never seen).
   */
  readonly forOrders: (
    orderIds: readonly string[],
  ) => Effect.Effect<ReadonlyMap<string, readonly Payment[]>, RepositoryError>
  /**
   * Idempotent per (provider, providerReference): two tabs that got the same
   * intent from the provider (same idempotency key) record one payment, and
   * both are answered with it.
   */
  readonly record: (payment: NewPayment) => Effect.Effect<Payment, RepositoryError>
  readonly byProviderReference: (
    provider: string,
    providerReference: string,
  ) => Effect.Effect<Payment | null, RepositoryError>
  /**
   * Settles a Pending payment once: a payment already settled keeps its
   * outcome (the first word wins) and is answered as it stands, with one
   * exception: a success overrides a recorded failure, as a declined intent
   * stays open at a real provider and a card can still pay it (the money has
   * moved, so the shop must know). Which word moves which status is
   * `settleMoves` (rules/payment-status). Clears the client token. Says whether
   * this call changed the payment: of two racers settling it at once (a
   * webhook and the status sweep), only one did.
   */
  readonly settle: (
    paymentId: string,
    outcome: PaymentOutcome,
    at: Date,
  ) => Effect.Effect<SettledPayment, RepositoryError>
  /**
   * A succeeded credit-card payment the shop will not keep (decision 0042):
   * its failure detail says why, for the customer. Its refund is recorded
   * with refundDue in the same transaction.
   */
  readonly refuseCard: (
    paymentId: string,
    failureDetail: string,
    at: Date,
  ) => Effect.Effect<Payment, RepositoryError>
  /**
   * Records that a payment's money is owed back. Once per payment: a second
   * call (a replay, another process) answers the first record unchanged.
   */
  readonly refundDue: (refund: {
    readonly paymentId: string
    readonly orderId: string
    readonly amount: Pence
    readonly reason: RefundReason
    readonly at: Date
  }) => Effect.Effect<PaymentRefund, RepositoryError>
  /** Refunds still due whose retry time has come by `now`, earliest first: the retry pass's work. */
  readonly refundsDue: (
    now: Date,
    limit: number,
  ) => Effect.Effect<readonly PaymentRefund[], RepositoryError>
  /**
   * An attempt the provider refused or never answered: counted, with why,
   * and still due, not to be tried again before `retryAt`.
   */
  readonly refundAttemptFailed: (
    paymentId: string,
    failure: { readonly error: string; readonly at: Date; readonly retryAt: Date },
  ) => Effect.Effect<void, RepositoryError>
  /**
   * The provider accepted the refund: the refund and its payment become
   * Refunded together, once (a payment only from Succeeded: `refundMoves`,
   * rules/payment-status); a later call answers the record as it stands.
   */
  readonly refunded: (
    paymentId: string,
    providerRefundReference: string,
    at: Date,
  ) => Effect.Effect<PaymentRefund, RepositoryError>
  /** An order's refunds, due or made, oldest first: what staff see about it. */
  readonly refundsForOrder: (
    orderId: string,
  ) => Effect.Effect<readonly PaymentRefund[], RepositoryError>
  /**
   * One provider's pending payments of cancelled or expired orders, oldest
   * first (one put off waits for its retry time, then for those already
   * waiting): intents that may still be open at that provider and must be
   * voided. Only the provider that took them can void them.
   */
  readonly pendingOnClosedOrders: (
    provider: string,
    now: Date,
    limit: number,
  ) => Effect.Effect<readonly OpenIntent[], RepositoryError>
  /**
   * The provider would not void the payment's intent now: one more attempt
   * is counted, and the sweep leaves it until `retryAt`.
   */
  readonly voidPutOff: (paymentId: string, retryAt: Date) => Effect.Effect<void, RepositoryError>
  /**
   * Remembers a provider's notification event; false when it was seen
   * before (a replay), so it changes nothing the second time.
   */
  readonly rememberNotification: (
    provider: string,
    eventId: string,
    at: Date,
  ) => Effect.Effect<boolean, RepositoryError>
}
export class PaymentRepo extends Context.Tag("@howzat/core/PaymentRepo")<
  PaymentRepo,
  PaymentRepoShape
>() {}

/** A debit larger than what the customer holds: the ledger never goes below zero. */
export class InsufficientSiteCredit extends Data.TaggedError("InsufficientSiteCredit")<{
  readonly customerId: string
  readonly balance: Pence
  readonly requested: Pence
}> {}

export type SiteCreditReason =
  /** Credit spent on an order at checkout. */
  | "OrderDebit"
  /** The same credit given back when the order is cancelled or expires. */
  | "OrderRefund"
  /** Credit granted by the shop (a goodwill gesture, the demo customer). */
  | "Grant"
  /** An instant-win prize of site credit, once per winning ticket. */
  | "InstantWin"
  /** Staff's adjustment with a reason, either way (docs/decisions/0029). */
  | "Adjustment"
  /** £5 to a referred friend and to their referrer, once per referral (decision 0039). */
  | "ReferralReward"
  /** Credit bought on a paid order, once per order (docs/decisions/0038). */
  | "Purchase"
  /** Bought credit taken back when staff refund its order, once per order. */
  | "PurchaseReversal"

/** One line of the customer's site-credit account, as their site-credit page lists it. */
export interface SiteCreditEntry {
  readonly at: Date
  readonly description: string
  /** Positive credit given, negative credit spent. */
  readonly amount: Pence
  readonly reason: SiteCreditReason
}

/**
 * Site credit as an append-only ledger: the balance is the sum of its
 * entries, so every penny has a reason. Debits and refunds are once per
 * order, so a retried checkout or cancel cannot take or give twice.
 */
export interface SiteCreditLedgerShape {
  readonly balance: (customerId: string) => Effect.Effect<Pence, RepositoryError>
  /**
   * The balance, with the customer's credit held until the caller's
   * transaction ends, so two checkouts at once cannot spend it twice.
   */
  readonly balanceForUpdate: (customerId: string) => Effect.Effect<Pence, RepositoryError>
  /** Once per order; a second debit for the same order changes nothing. */
  readonly debitForOrder: (
    customerId: string,
    orderId: string,
    amount: Pence,
    at: Date,
  ) => Effect.Effect<void, InsufficientSiteCredit | RepositoryError>
  /** Gives back what the order was debited, once; answers what was given back. */
  readonly refundOrder: (orderId: string, at: Date) => Effect.Effect<Pence, RepositoryError>
  /** What was given back from the order (0 if nothing was): the order pages show it. */
  readonly refundedFor: (orderId: string) => Effect.Effect<Pence, RepositoryError>
  /**
   * refundedFor of several orders in one read, for a page of them: each id
   * asked maps to what refundedFor answers for it (0 if nothing came back).
   */
  readonly refundedForOrders: (
    orderIds: readonly string[],
  ) => Effect.Effect<ReadonlyMap<string, Pence>, RepositoryError>
  readonly grant: (
    customerId: string,
    amount: Pence,
    description: string,
    at: Date,
  ) => Effect.Effect<void, RepositoryError>
  /**
   * Credits an instant-win prize once per winning ticket: a second call for
   * the same ticket changes nothing. Answers whether this call credited it.
   */
  readonly creditInstantWin: (
    customerId: string,
    credit: {
      readonly instantWinTicketId: string
      readonly amount: Pence
      readonly description: string
    },
    at: Date,
  ) => Effect.Effect<boolean, RepositoryError>
  /**
   * Credits the site credit a paid order bought, once per order: a second
   * call (a racer, a replay) changes nothing. Answers whether this call credited it.
   */
  readonly creditForPurchase: (
    customerId: string,
    orderId: string,
    amount: Pence,
    description: string,
    at: Date,
  ) => Effect.Effect<boolean, RepositoryError>
  /**
   * Takes back what the order's purchase credited, once, under the
   * customer's hold: refused with InsufficientSiteCredit when the customer
   * has spent some of it (docs/decisions/0038). Answers what this call took
   * back (0 if the order bought nothing, or it was taken back before).
   */
  readonly reversePurchase: (
    orderId: string,
    at: Date,
  ) => Effect.Effect<Pence, InsufficientSiteCredit | RepositoryError>
  /** The customer's entries, newest first. */
  readonly entries: (
    customerId: string,
    page: PageRequest,
  ) => Effect.Effect<Page<SiteCreditEntry>, RepositoryError>
}
export class SiteCreditLedger extends Context.Tag("@howzat/core/SiteCreditLedger")<
  SiteCreditLedger,
  SiteCreditLedgerShape
>() {}
