import { Context, Data, type Effect } from "effect"
import type { CardFunding } from "../rules/credit-cards.js"
import type { Pence } from "../rules/money.js"

/** The provider could not be reached or answered nonsense; the caller may retry. */
export class PaymentGatewayUnavailable extends Data.TaggedError("PaymentGatewayUnavailable")<{
  readonly provider: string
  readonly reason: string
}> {}

/** A status notification whose signature, timestamp or body does not check out. */
export class NotificationRejected extends Data.TaggedError("NotificationRejected")<{
  readonly reason: string
}> {}

/** How a customer pays: by card, or from their bank account (open banking, "pay by bank"). */
export type PaymentMethod = "Card" | "BankTransfer"

export const PAYMENT_METHODS: readonly PaymentMethod[] = ["Card", "BankTransfer"]

/** Where a payment intent stands at the provider. */
export type IntentStatus =
  | { readonly status: "Pending" }
  | {
      readonly status: "Succeeded"
      /**
       * The provider's fingerprint of the card that paid, when it gives one: the
       * same card always gives the same value, and the number cannot be read back
       * from it. Referrals compare it (decision 0039).
       */
      readonly cardFingerprint?: string | undefined
      /** Credit, debit or prepaid, when the provider says (decision 0042). */
      readonly cardFunding?: CardFunding | undefined
    }
  | { readonly status: "Failed"; readonly failureDetail: string }

/** A refund the provider accepted: the money is on its way back to the card. */
export interface ProviderRefund {
  /** The provider's id for the refund, kept on the shop's refund record for staff. */
  readonly refundReference: string
}

export interface PaymentIntent {
  /** The provider's id for the intent: unique per provider, the key notifications carry. */
  readonly providerReference: string
  /** Handed to the browser's card form; never enough on its own to move money. */
  readonly clientToken: string
}

/**
 * A notification after its signature and timestamp were verified: where a
 * payment intent stands, or an event of a kind the shop does not act on
 * (a real provider sends many: refunds, charges, customers). A genuine
 * event of either kind is acknowledged; only a forged, stale or unreadable
 * one is rejected, or the provider would retry it for days and may switch
 * the endpoint off.
 */
export type VerifiedNotification =
  | {
      readonly kind: "IntentStatus"
      readonly providerReference: string
      /** The provider's id for this event: a replay carries the same id. */
      readonly eventId: string
      readonly outcome: IntentStatus
    }
  | { readonly kind: "Ignored"; readonly eventId: string; readonly eventType: string }

/**
 * A card provider (docs/decisions/0008-payments-and-site-credit.md): an intent per
 * payment with a client token for the card form, the intent's status on
 * request, voiding an intent and refunding a payment, and signed status
 * notifications (HMAC over timestamp and body, with a window so an old one
 * cannot be replayed later). The sandbox and the real provider both sit
 * behind this port.
 */
export interface PaymentGatewayShape {
  /** "sandbox" or the provider's name; stored on each payment. */
  readonly provider: string
  /** What the customer pays with through it: a card, or their bank (pay by bank). */
  readonly method: PaymentMethod
  readonly createIntent: (request: {
    readonly orderId: string
    readonly amount: Pence
    /** The same key returns the same intent, so a retried call never makes two. */
    readonly idempotencyKey: string
    /**
     * False when the shop will not keep a credit card's money for this
     * payment (decision 0042): a provider that can refuse a credit card
     * before money moves does, in `creditCardNotice`'s words. The shop's own
     * check when the payment succeeds stays the authority.
     */
    readonly creditCardsAllowed: boolean
    readonly creditCardNotice?: string | undefined
    /**
     * Who pays, for a provider the rules oblige to name the payer (a bank
     * payment's provider, decision 0069). A card provider ignores it.
     */
    readonly payer?: { readonly name: string; readonly email: string } | undefined
  }) => Effect.Effect<PaymentIntent, PaymentGatewayUnavailable>
  readonly intentStatus: (
    providerReference: string,
  ) => Effect.Effect<IntentStatus, PaymentGatewayUnavailable>
  /**
   * Voids an open intent, so its client token can no longer take money, and
   * answers where the intent stands afterwards: Failed when voided (or it
   * had failed for good), Succeeded when the customer paid before the void
   * landed, Pending when the provider would not void it yet (a payment
   * mid-processing). Voiding a voided intent answers the same again.
   */
  readonly cancelIntent: (
    providerReference: string,
  ) => Effect.Effect<IntentStatus, PaymentGatewayUnavailable>
  /**
   * Gives a succeeded payment's money back to the card. The same key
   * answers the same refund, so a retry (or two processes retrying at once)
   * never refunds twice.
   */
  readonly refund: (request: {
    readonly providerReference: string
    readonly amount: Pence
    readonly idempotencyKey: string
  }) => Effect.Effect<ProviderRefund, PaymentGatewayUnavailable>
  /**
   * Checks a status notification exactly as it arrived: the raw body and the
   * request's headers (lower-case names), against the shared secret and the
   * clock. Anything forged, altered or outside the window is rejected; a
   * genuine event the shop does not act on is answered as Ignored.
   */
  readonly verifyNotification: (
    rawBody: string,
    headers: Readonly<Record<string, string | undefined>>,
  ) => Effect.Effect<VerifiedNotification, NotificationRejected>
}
export class PaymentGateway extends Context.Tag("@howzat/core/PaymentGateway")<
  PaymentGateway,
  PaymentGatewayShape
>() {}

/**
 * Every provider the shop takes payments with, at most one per method, the
 * default first (decision 0071): a new payment goes to the provider of the
 * method the customer chose, and everything after (status, void, refund,
 * notifications) to the provider that took it, which the payment records.
 */
export interface PaymentGatewaysShape {
  readonly offered: readonly [PaymentGatewayShape, ...PaymentGatewayShape[]]
}
export class PaymentGateways extends Context.Tag("@howzat/core/PaymentGateways")<
  PaymentGateways,
  PaymentGatewaysShape
>() {}
