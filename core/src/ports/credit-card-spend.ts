import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Pence } from "../rules/money.js"

/**
 * What the credit-card rule (rules/credit-cards, decision 0042) reads: the
 * customer's credit-card money kept this month, and whether an order has an
 * instant-win competition in it. Joins the caller's transaction.
 */
export interface CreditCardSpendShape {
  /**
   * Credit-funded card payments of the customer's orders that succeeded at
   * or after `since`, less those refunded or owed back, leaving out
   * `excludingPaymentId` (the payment being judged). A plain read: what the
   * payment page says up front.
   */
  readonly spentSince: (
    customerId: string,
    since: Date,
    excludingPaymentId?: string,
  ) => Effect.Effect<Pence, RepositoryError>
  /**
   * The same sum with the customer held (their customers row, as checkout
   * holds it) until the caller's transaction ends: two payments settling at
   * once are judged one after the other, each seeing the other's money.
   */
  readonly holdAndSpentSince: (
    customerId: string,
    since: Date,
    excludingPaymentId: string,
  ) => Effect.Effect<Pence, RepositoryError>
  /** The order has at least one line of a competition with instant-win prizes. */
  readonly orderHasInstantWin: (orderId: string) => Effect.Effect<boolean, RepositoryError>
}
export class CreditCardSpend extends Context.Tag("@howzat/core/CreditCardSpend")<
  CreditCardSpend,
  CreditCardSpendShape
>() {}
