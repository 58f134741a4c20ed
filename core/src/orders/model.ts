import type { Pence } from "../rules/money.js"
import type { OrderStatus } from "../rules/order-status.js"

/**
 * A basket lives on the server under an unguessable id (a random uuid): the id
 * is the only thing an anonymous visitor holds, so it is the key to the basket.
 */
export interface BasketItem {
  readonly id: string
  readonly competitionId: string
  readonly quantity: number
}

export interface Basket {
  readonly id: string
  /** Set once the visitor logs in or registers at checkout. */
  readonly customerId: string | null
  readonly items: readonly BasketItem[]
  /** Normalised codes (see normaliseVoucherCode), in the order they were registered. */
  readonly promotionCodes: readonly string[]
  readonly autoRoundup: boolean
  /** What the customer asked to pay with site credit; clamped when totals are computed. */
  readonly siteCreditRequested: Pence
  /**
   * Site credit the basket buys, 0 for none: only when the brand defers the
   * purchase to the basket (docs/decisions/0038).
   */
  readonly siteCreditPurchase: Pence
  /**
   * Set once the basket is checked out: it then belongs to that order
   * (docs/product/states.md) and takes no more changes, so nothing added later is silently left
   * out of an order that has already been placed.
   */
  readonly orderId: string | null
}

/**
 * A voucher as the back office defines it; `competitionId` null means the
 * whole basket. Whether it applies is rules/promotions' promotionRefusal.
 */
export interface Promotion {
  readonly code: string
  readonly description: string
  readonly discount:
    | { readonly kind: "Percentage"; readonly percent: number }
    | { readonly kind: "Fixed"; readonly amount: Pence }
  readonly competitionId: string | null
  readonly validFrom: Date | null
  readonly validTo: Date | null
  /** null means unlimited. */
  readonly usageLimit: number | null
  readonly usageCount: number
  /** Spend before discounts it needs; null: the default of rules/promotions' minimumSpendOf. */
  readonly minimumSpend: Pence | null
  /** Uses per customer, counted like the overall limit; null means unlimited. */
  readonly perCustomerLimit: number | null
  /** Marked by staff as a free entry: it may take tickets below 1p each (rules/promotions). */
  readonly freeEntry: boolean
  /** A club's voucher: the club is credited when an order using it is paid. */
  readonly clubId: string | null
}

/** Why a line got fewer tickets than asked for, in the words of docs/product/errors.md. */
export interface AllocationException {
  readonly competitionName: string
  readonly exceptionReason: string
}

export interface OrderLine {
  readonly competitionId: string
  readonly competitionName: string
  /** Tickets actually allocated, which may be fewer than the basket asked for. */
  readonly quantity: number
  readonly price: Pence
  readonly preDiscountTotal: Pence
  readonly lineTotal: Pence
  readonly ticketNumbers: readonly number[]
}

/**
 * Site credit bought on the order (docs/decisions/0038): it lands on the
 * customer's ledger when the order is paid, once.
 */
export interface SiteCreditItem {
  readonly description: string
  readonly lineTotal: Pence
}

export interface Order {
  readonly id: string
  /** Short reference shown to the customer; the id stays the key. */
  readonly orderRef: string
  readonly basketId: string
  readonly customerId: string
  readonly status: OrderStatus
  readonly createdAt: Date
  /** An unpaid order past this instant is SystemCancelled and its tickets go back on sale. */
  readonly expiresAt: Date
  readonly lines: readonly OrderLine[]
  /** Site credit bought; an order of credit alone has no lines (docs/decisions/0038). */
  readonly creditItems: readonly SiteCreditItem[]
  /** The ticket lines before discounts; credit bought is in `creditItems`, not here. */
  readonly itemTotal: Pence
  readonly discountTotal: Pence
  readonly donation: Pence
  readonly siteCreditDebit: Pence
  readonly orderTotal: Pence
  readonly allocationExceptions: readonly AllocationException[]
}
