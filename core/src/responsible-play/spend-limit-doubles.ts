import { Effect, Layer } from "effect"
import { siteCreditBalanceOf } from "../orders/site-credit-doubles.js"
import type { OrderStore } from "../orders/test-doubles.js"
import {
  type RecordedResponsiblePlayEvent,
  ResponsiblePlayEvents,
} from "../ports/responsible-play-events.js"
import { SpendLimitStore } from "../ports/spend-limits.js"
import { pence } from "../rules/money.js"
import { OrderStatus } from "../rules/order-status.js"
import type { SpendLimitChange, SpendLimitSetting } from "../rules/spend-limits.js"

/** What the double keeps beside the orders: settings by customer and the history. */
export interface SpendLimitDoubleState {
  readonly settings: Map<string, SpendLimitSetting>
  readonly history: (SpendLimitChange & { readonly customerId: string })[]
  /**
   * A customer with no setting stored: tests that are not about limits say
   * "no limit", as the shop's test helpers answer the question explicitly.
   */
  readonly fallback: SpendLimitSetting
  /** The responsible-play log; checkout's transaction double rolls it back with the rest. */
  readonly events: RecordedResponsiblePlayEvent[]
}

export const spendLimitState = (
  fallback: SpendLimitSetting = { current: { kind: "NoLimit" }, pending: null },
): SpendLimitDoubleState => ({ settings: new Map(), history: [], fallback, events: [] })

/** The spend-limit store in memory, reading the month's orders from checkout's order store. */
export const spendLimitStoreOver = (store: OrderStore, state: SpendLimitDoubleState) => {
  const settingOf = (customerId: string) => state.settings.get(customerId) ?? state.fallback
  const ordersSince = (customerId: string, since: Date, exceptOrderId?: string) =>
    [...store.orders.values()]
      .filter(
        (order) =>
          order.customerId === customerId &&
          order.id !== exceptOrderId &&
          order.createdAt.getTime() >= since.getTime(),
      )
      .map((order) => ({
        status: order.status,
        orderTotal: order.orderTotal,
        siteCreditDebit: order.siteCreditDebit,
        creditBought: pence(order.creditItems.reduce((sum, item) => sum + item.lineTotal, 0)),
      }))
  const completedOrders = (customerId: string) =>
    [...store.orders.values()].filter(
      (order) =>
        order.customerId === customerId &&
        (order.status === OrderStatus.Completed || order.status === OrderStatus.Refunded),
    ).length
  return Layer.succeed(SpendLimitStore, {
    setting: (customerId) => Effect.sync(() => settingOf(customerId)),
    settingForUpdate: (customerId) => Effect.sync(() => settingOf(customerId)),
    save: (customerId, setting, change) =>
      Effect.sync(() => {
        state.settings.set(customerId, setting)
        state.history.push({ ...change, customerId })
      }),
    ordersSince: (customerId, since, exceptOrderId) =>
      Effect.sync(() => ordersSince(customerId, since, exceptOrderId)),
    completedOrders: (customerId) => Effect.sync(() => completedOrders(customerId)),
    // The same facts the methods above and the order store's ledger give, in one call.
    positionForCheckout: (customerId, since, exceptOrderId) =>
      Effect.sync(() => ({
        siteCreditBalance: siteCreditBalanceOf(store, customerId),
        setting: settingOf(customerId),
        completedOrders: completedOrders(customerId),
        ordersSince: ordersSince(customerId, since, exceptOrderId),
      })),
  })
}

/** The responsible-play log over the same state, so a rolled-back transaction loses its events. */
export const responsiblePlayEventsOver = (state: SpendLimitDoubleState) =>
  Layer.succeed(ResponsiblePlayEvents, {
    record: (event) =>
      Effect.sync(() => void state.events.push({ ...event, id: String(state.events.length + 1) })),
    forCustomer: (customerId, since) =>
      Effect.sync(() => state.events.filter((e) => e.customerId === customerId && e.at >= since)),
    ofKinds: (kinds, since) =>
      Effect.sync(() => state.events.filter((e) => kinds.includes(e.kind) && e.at >= since)),
  })
