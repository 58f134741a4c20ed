import { Context } from "effect"

/**
 * What a checkout came to: an order waiting for its payment, one paid at
 * once (site credit covered it), or refused, with the refusal's tag (a
 * fixed set: the use case's own errors), never anything the customer typed.
 */
export type CheckoutCounted =
  | {
      readonly kind: "Checkout"
      readonly outcome: "AwaitingPayment" | "Completed"
      /** Tickets the order holds: counted as sold when the order is placed. */
      readonly tickets: number
    }
  | { readonly kind: "Checkout"; readonly outcome: "Refused"; readonly reason: string }

/**
 * A payment the provider settled, counted once, by the settlement that moved
 * it (PaymentRepo.settle's `changed`): out of Pending, paid, declined (the
 * customer's card, so a rate to alert on) or voided by the shop itself (an
 * abandoned or cancelled order); or a decline a card paid after all. Two
 * notices racing (a webhook and the status sweep) count it once.
 */
export interface PaymentCounted {
  readonly kind: "Payment"
  /** The gateway's provider name (sandbox, stripe, truelayer, checkoutcom): a handful. */
  readonly provider: string
  readonly outcome: "Succeeded" | "Declined" | "Voided"
}

/** A refund the provider made, or an attempt that failed and stays due. */
export interface RefundCounted {
  readonly kind: "Refund"
  readonly provider: string
  readonly outcome: "Made" | "Failed"
  /** In pence; only a made refund's amount is added up. */
  readonly amount: number
}

/** A draw made now (not one found already made): automatic, live, or a redraw. */
export interface DrawCounted {
  readonly kind: "Draw"
  readonly drawKind: "automatic" | "live" | "redraw"
}

export type ShopEvent = CheckoutCounted | PaymentCounted | RefundCounted | DrawCounted

export interface ShopMetricsShape {
  /**
   * Counts one event. Synchronous and infallible: a counter in memory,
   * never I/O, so a use case calls it after its transaction committed and
   * a metrics backend can neither slow nor fail a sale. No event carries
   * an id (order, customer, competition): each would be a series of its
   * own (docs/decisions/0088-what-an-operator-watches.md).
   */
  readonly count: (event: ShopEvent) => void
}

/**
 * The business counters an operator watches (checkouts, payments, refunds,
 * draws). A reference with a default that counts nothing, so every test
 * and every service that does not care needs nothing; the composition
 * root provides the Prometheus counters when METRICS_TOKEN is set
 * (`adapters/http/src/shop-counters.ts`).
 */
export class ShopMetrics extends Context.Reference<ShopMetrics>()("@howzat/core/ShopMetrics", {
  defaultValue: (): ShopMetricsShape => ({ count: () => {} }),
}) {}
