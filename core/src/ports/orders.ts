import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors"
import type {
  BasketItemNotFound,
  BasketNotFound,
  OrderNotFound,
  OrderTransitionRefused,
} from "../orders/errors"
import type { AllocationException, Basket, Order, Promotion } from "../orders/model"
import type { Pence } from "../rules/money"
import type { OrderStatus } from "../rules/order-status"

export interface BasketRepoShape {
  readonly create: (customerId: string | null) => Effect.Effect<Basket, RepositoryError>
  readonly byId: (basketId: string) => Effect.Effect<Basket, BasketNotFound | RepositoryError>
  /** One item per competition: setting a quantity replaces the previous one. */
  readonly setItem: (
    basketId: string,
    competitionId: string,
    quantity: number,
  ) => Effect.Effect<Basket, BasketNotFound | RepositoryError>
  readonly removeItem: (
    basketId: string,
    itemId: string,
  ) => Effect.Effect<Basket, BasketNotFound | BasketItemNotFound | RepositoryError>
  readonly setPromotionCodes: (
    basketId: string,
    codes: readonly string[],
  ) => Effect.Effect<Basket, BasketNotFound | RepositoryError>
  readonly setExtras: (
    basketId: string,
    extras: { readonly autoRoundup: boolean; readonly siteCreditRequested: Pence },
  ) => Effect.Effect<Basket, BasketNotFound | RepositoryError>
  readonly setCustomer: (
    basketId: string,
    customerId: string,
  ) => Effect.Effect<Basket, BasketNotFound | RepositoryError>
  readonly promotionByCode: (code: string) => Effect.Effect<Promotion | null, RepositoryError>
}
export class BasketRepo extends Context.Tag("@howzat/core/BasketRepo")<
  BasketRepo,
  BasketRepoShape
>() {}

export interface NewOrder {
  readonly basketId: string
  readonly customerId: string
  readonly createdAt: Date
  readonly expiresAt: Date
}

/** What was allocated and what it costs, as core's basket-totals rule priced it. */
export interface RecordedAllocation {
  readonly lines: readonly {
    readonly competitionId: string
    readonly quantityRequested: number
    readonly quantity: number
    readonly unitPrice: Pence
    readonly preDiscountTotal: Pence
    readonly lineTotal: Pence
  }[]
  readonly itemTotal: Pence
  readonly discountTotal: Pence
  readonly donation: Pence
  readonly siteCreditDebit: Pence
  readonly orderTotal: Pence
  readonly exceptions: readonly AllocationException[]
}

export interface OrderRepoShape {
  /**
   * Idempotent per basket: a double click, a retry or a second tab gets the
   * order the first call created, with `created: false`. Run it in the same
   * transaction as the allocation so that a failed allocation leaves no order.
   */
  readonly createForBasket: (
    order: NewOrder,
  ) => Effect.Effect<{ readonly order: Order; readonly created: boolean }, RepositoryError>
  readonly recordAllocation: (
    orderId: string,
    allocation: RecordedAllocation,
  ) => Effect.Effect<Order, OrderNotFound | RepositoryError>
  readonly byId: (orderId: string) => Effect.Effect<Order, OrderNotFound | RepositoryError>
  /**
   * Refuses any move rules/order-status does not list. A move to Cancelled or
   * SystemCancelled returns the order's tickets to the pool in the same transaction.
   */
  readonly transition: (
    orderId: string,
    to: OrderStatus,
  ) => Effect.Effect<Order, OrderNotFound | OrderTransitionRefused | RepositoryError>
}
export class OrderRepo extends Context.Tag("@howzat/core/OrderRepo")<OrderRepo, OrderRepoShape>() {}

export interface AllocationRequest {
  readonly orderId: string
  /** The competition must be open at this instant (from Effect's Clock, so tests can pin it). */
  readonly at: Date
  readonly customerId: string
  readonly lines: readonly { readonly competitionId: string; readonly quantity: number }[]
}

export interface AllocatedLine {
  readonly competitionId: string
  readonly competitionName: string
  readonly requested: number
  readonly ticketNumbers: readonly number[]
}

export interface AllocationResult {
  readonly lines: readonly AllocatedLine[]
  readonly exceptions: readonly AllocationException[]
}

/**
 * Claims random ticket numbers from the pool for an order, all lines in one
 * transaction. Never oversells, never hands a number out twice and never
 * lets a customer pass a competition's maximum, across any number of server
 * processes; a line that cannot be met in full gets what is left and an
 * exception saying why.
 */
export interface TicketAllocatorShape {
  readonly allocate: (
    request: AllocationRequest,
  ) => Effect.Effect<AllocationResult, RepositoryError>
  /**
   * Tickets the customer holds in a competition: completed orders and unpaid
   * ones alike, as both hold rows of the pool.
   */
  readonly ticketsHeld: (
    customerId: string,
    competitionId: string,
  ) => Effect.Effect<number, RepositoryError>
  /** Returns an order's tickets to the pool; answers how many went back. */
  readonly release: (orderId: string) => Effect.Effect<number, RepositoryError>
}
export class TicketAllocator extends Context.Tag("@howzat/core/TicketAllocator")<
  TicketAllocator,
  TicketAllocatorShape
>() {}
