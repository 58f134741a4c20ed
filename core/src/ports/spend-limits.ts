import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Pence } from "../rules/money.js"
import type { OrderSpend, SpendLimitChange, SpendLimitSetting } from "../rules/spend-limits.js"

/** Who asked for a change: the customer on their account pages or at registration. */
export type SpendLimitChangedBy = "Customer"

/**
 * What checkout needs to know about the customer at one step, read under
 * the customer's hold (see `positionForCheckout`): the site credit they can
 * spend and every fact the monthly spend limit is decided on.
 */
export interface CheckoutPosition {
  readonly siteCreditBalance: Pence
  /** The setting as stored (a pending change may have come due: see rules' settledAt). */
  readonly setting: SpendLimitSetting
  /** As `completedOrders`: only needed while the limit was never answered. */
  readonly completedOrders: number
  /** As `ordersSince(customerId, since, exceptOrderId)`. */
  readonly ordersSince: readonly OrderSpend[]
}

/**
 * The customers' monthly spend-limit settings and their history (decision
 * 0041). Every method joins the caller's transaction (Transactions.within).
 */
export interface SpendLimitStoreShape {
  /** The setting as stored (a pending change may have come due: see rules' settledAt). */
  readonly setting: (customerId: string) => Effect.Effect<SpendLimitSetting, RepositoryError>
  /**
   * The setting, holding the customer's row until the transaction ends: the
   * customer's one lock, shared with checkout's site-credit hold, so a change
   * and a checkout, or two changes, take turns.
   */
  readonly settingForUpdate: (
    customerId: string,
  ) => Effect.Effect<SpendLimitSetting, RepositoryError>
  /** Stores the new setting and appends the change to the history. */
  readonly save: (
    customerId: string,
    setting: SpendLimitSetting,
    change: SpendLimitChange & { readonly changedBy: SpendLimitChangedBy },
  ) => Effect.Effect<void, RepositoryError>
  /** The customer's orders created at or after `since`, except `exceptOrderId`. */
  readonly ordersSince: (
    customerId: string,
    since: Date,
    exceptOrderId?: string,
  ) => Effect.Effect<readonly OrderSpend[], RepositoryError>
  /** How many of the customer's orders were ever completed (refunded ones included). */
  readonly completedOrders: (customerId: string) => Effect.Effect<number, RepositoryError>
  /**
   * Holds the customer's row until the transaction ends (the same one lock
   * as `settingForUpdate` and site credit's hold), then reads the customer's
   * position for checkout as of after the hold: a second tab's checkout
   * waits here and then sees the first one's order and debit.
   */
  readonly positionForCheckout: (
    customerId: string,
    since: Date,
    exceptOrderId: string,
  ) => Effect.Effect<CheckoutPosition, RepositoryError>
}
export class SpendLimitStore extends Context.Tag("@howzat/core/SpendLimitStore")<
  SpendLimitStore,
  SpendLimitStoreShape
>() {}
