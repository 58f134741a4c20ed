/**
 * Tracking behind ports (Tracking in docs/product/overview.md, decision 0040). The storefront
 * speaks to these two shapes only; which provider stands behind them is the
 * brand's configuration, and the consent gate (gate.ts) decides when they
 * run. The first-party page-view report (POST /api/Logging) is not one of
 * them: it sets nothing in the browser and needs no consent.
 */

/** A session-replay tool: records how pages are used, to find what confuses people. */
export interface SessionReplay {
  /** Loads the provider's script (the first time) and starts recording. */
  readonly start: () => void
  /** Stops recording at once, unloads what it can and deletes the provider's cookies. */
  readonly stop: () => void
}

/** Tickets of one competition that went into or out of the basket. */
export interface BasketLineEvent {
  readonly competitionId: string
  readonly competitionName: string
  /** How many tickets were added or removed (always positive). */
  readonly quantity: number
  /** Ticket price, pence. */
  readonly unitPrice: number
}

export interface CheckoutEvent {
  readonly basketId: string
  /** Goods less discounts, pence. */
  readonly value: number
  readonly tickets: number
}

export interface OrderEvent {
  readonly orderId: string
  /** The order's total, pence. */
  readonly value: number
}

/** Basket and checkout events for a marketing-measurement service (an ad pixel, say). */
export interface MarketingEvents {
  readonly start: () => void
  readonly basketItemAdded: (line: BasketLineEvent) => void
  readonly basketItemRemoved: (line: BasketLineEvent) => void
  readonly checkoutStarted: (checkout: CheckoutEvent) => void
  readonly orderPlaced: (order: OrderEvent) => void
  readonly orderPaid: (order: OrderEvent) => void
  /** Stops sending at once, opts out with the provider and deletes its cookies. */
  readonly stop: () => void
}

/** What the storefront reports; the gate passes it on only while marketing consent holds. */
export type MarketingReporter = Omit<MarketingEvents, "start" | "stop">
