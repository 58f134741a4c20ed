import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Page, PageRequest } from "../competitions/model.js"
import type {
  BasketCheckedOut,
  BasketItemNotFound,
  BasketNotFound,
  OrderNotFound,
  OrderTransitionRefused,
} from "../orders/errors.js"
import type {
  AllocationException,
  Basket,
  Order,
  Promotion,
  SiteCreditItem,
} from "../orders/model.js"
import type { ReportedLine } from "../rules/allocation.js"
import type { BasketContents } from "../rules/basket-follow.js"
import type { Pence } from "../rules/money.js"
import type { OrderStatus } from "../rules/order-status.js"

/**
 * Changes to a checked-out basket fail with BasketCheckedOut, decided under
 * the basket's lock, so a change racing a checkout either lands before the
 * order is created (and is in it) or is refused.
 */
type BasketChange = Effect.Effect<Basket, BasketNotFound | BasketCheckedOut | RepositoryError>

/**
 * The basket a change is for, as core found it: the change is made only
 * while the basket still belongs to `owner` (null: to no one), checked under
 * the basket's lock, else it fails with BasketNotFound. Core decides who may
 * change a basket (orders/baskets); this keeps a change from landing after
 * someone else claimed the basket in between.
 */
export interface BasketKey {
  readonly basketId: string
  readonly owner: string | null
}

export interface BasketRepoShape {
  readonly create: (customerId: string | null) => Effect.Effect<Basket, RepositoryError>
  readonly byId: (basketId: string) => Effect.Effect<Basket, BasketNotFound | RepositoryError>
  /**
   * Checkout's read: the basket, held until the transaction ends, so changes
   * wait for the order and then see the basket checked out.
   */
  readonly holdForCheckout: (
    basketId: string,
  ) => Effect.Effect<Basket, BasketNotFound | RepositoryError>
  /** One item per competition: setting a quantity replaces the previous one. */
  readonly setItem: (key: BasketKey, competitionId: string, quantity: number) => BasketChange
  readonly removeItem: (
    key: BasketKey,
    itemId: string,
  ) => Effect.Effect<
    Basket,
    BasketNotFound | BasketItemNotFound | BasketCheckedOut | RepositoryError
  >
  readonly setPromotionCodes: (key: BasketKey, codes: readonly string[]) => BasketChange
  readonly setExtras: (
    key: BasketKey,
    extras: { readonly autoRoundup: boolean; readonly siteCreditRequested: Pence },
  ) => BasketChange
  /** Sets the site credit the basket buys (0 removes it): one amount a basket. */
  readonly setSiteCreditPurchase: (key: BasketKey, amount: Pence) => BasketChange
  /**
   * Makes a basket no one owns the customer's; the customer's own basket is
   * answered as it is. One that has become someone else's is BasketNotFound,
   * so two customers racing for one anonymous basket cannot both have it.
   */
  readonly claim: (basketId: string, customerId: string) => BasketChange
  /** The customer's baskets not yet checked out, the most recently changed first, at most `limit`. */
  readonly openOf: (
    customerId: string,
    limit: number,
  ) => Effect.Effect<readonly Basket[], RepositoryError>
  /**
   * Merges basket `fromBasketId` into `into` in one step, under both
   * baskets' locks: `into` takes the contents `combine` (core's rule) gives
   * for the two as they are then, and the other is emptied, so what was
   * chosen is in exactly one of them whatever else happens at once. `into`
   * must still be open with its owner, else BasketNotFound or
   * BasketCheckedOut; the other is merged only while it is open and the
   * same owner's, else it is left alone and `into` answered as it is.
   */
  readonly absorb: (
    into: BasketKey,
    fromBasketId: string,
    combine: (into: Basket, from: Basket) => BasketContents,
  ) => BasketChange
  /**
   * Checkout's own last change: each item's quantity becomes what was
   * allocated (0 removes it), so the basket shows what was bought.
   */
  readonly recordBought: (
    basketId: string,
    bought: readonly { readonly competitionId: string; readonly quantity: number }[],
  ) => Effect.Effect<Basket, BasketNotFound | RepositoryError>
  readonly promotionByCode: (code: string) => Effect.Effect<Promotion | null, RepositoryError>
}
export class BasketRepo extends Context.Tag("@howzat/core/BasketRepo")<
  BasketRepo,
  BasketRepoShape
>() {}

export interface OrderQuery {
  readonly customerId: string | null
  readonly status?: OrderStatus | undefined
  readonly createdFrom?: Date | undefined
  readonly createdTo?: Date | undefined
  /**
   * A tidied term (rules/order-search): orders whose reference starts with
   * it, or whose customer's name or email address holds it, in any case.
   */
  readonly search?: string | undefined
  readonly page: PageRequest
}

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
  /** Site credit bought on the order (docs/decisions/0038); counted in `orderTotal`. */
  readonly creditItems?: readonly SiteCreditItem[]
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
  /**
   * Unpaid orders whose time ran out by `now` (or, for an order put off,
   * whose retry time has come), in the order they became due: those in a
   * status the machine lets go to SystemCancelled. Only a list: the expiry
   * step asks the provider about each before it cancels it (a payment may
   * have succeeded), and `transition` settles any race.
   */
  readonly dueForExpiry: (
    now: Date,
    limit: number,
  ) => Effect.Effect<readonly DueOrder[], RepositoryError>
  /**
   * The expiry could not settle the order now (its payment is still
   * processing, the provider could not be reached): one more attempt is
   * counted and the order is not due again before `retryAt`, so it waits
   * behind the orders that became due meanwhile.
   */
  readonly expiryPutOff: (orderId: string, retryAt: Date) => Effect.Effect<void, RepositoryError>
  /** Newest first; `customerId` null lists everyone's (staff). */
  readonly list: (query: OrderQuery) => Effect.Effect<Page<Order>, RepositoryError>
}
/** An order the expiry pass should settle, with how often it was put off before. */
export interface DueOrder {
  readonly orderId: string
  readonly expiryAttempts: number
}

export class OrderRepo extends Context.Tag("@howzat/core/OrderRepo")<OrderRepo, OrderRepoShape>() {}

export interface AllocationRequest {
  readonly orderId: string
  /** The competition must be open at this instant (from Effect's Clock, so tests can pin it). */
  readonly at: Date
  readonly customerId: string
  readonly lines: readonly { readonly competitionId: string; readonly quantity: number }[]
  /**
   * The basket being checked out: its picked numbers (PickedNumberStore)
   * are claimed first, each line's rest by Lucky Dip, and its picks are let
   * go once claimed. Absent: Lucky Dip only.
   */
  readonly basketId?: string
}

/**
 * One line's allocation as facts: what was claimed, with the competition's
 * sale window, maximum and the customer's holding read in the same
 * transaction. Why a line fell short is core's rule (rules/allocation's
 * allocationExceptions), not the allocator's.
 */
export interface AllocatedLine extends ReportedLine {
  readonly competitionId: string
  /**
   * The ticket price read with the competition in the allocation's own
   * transaction, so checkout need not load the competition again.
   */
  readonly unitPrice: Pence
  /**
   * Numbers the basket picked here that another basket or order has now (its
   * hold ran out): the line claimed nothing, and checkout must roll back.
   */
  readonly pickedLost?: readonly number[]
}

export interface AllocationResult {
  readonly lines: readonly AllocatedLine[]
}

/**
 * Claims random ticket numbers from the pool for an order, all lines in one
 * transaction, after the basket's picked numbers (decision 0080); a random
 * claim never takes a number another basket holds. Never oversells, never hands a number out twice, never sells
 * outside rules/allocation's saleIsOpen and never lets a customer pass a
 * competition's maximum, across any number of server processes; a line that
 * cannot be met in full gets what is left. A competition that does not
 * exist gives no line.
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

/** A competition the customer holds tickets in, with the numbers (completed orders and free postal entries). */
export interface CustomerCompetitionTickets {
  readonly competitionId: string
  /** Ascending. */
  readonly ticketNumbers: readonly number[]
}

/**
 * The customer's tickets for /Account/Tickets: completed orders and free
 * postal entries count, as an unpaid order's tickets are not theirs yet. UPCOMING is every
 * competition without a draw yet (open or awaiting it), DRAWN those drawn;
 * both ordered by draw (or close) date, soonest first for UPCOMING and most
 * recent first for DRAWN.
 */
export interface CustomerTicketRepoShape {
  readonly competitions: (query: {
    readonly customerId: string
    readonly drawn: boolean
    readonly page: PageRequest
  }) => Effect.Effect<Page<CustomerCompetitionTickets>, RepositoryError>
  /** Ascending; empty when the customer holds none. */
  readonly ticketsIn: (
    customerId: string,
    competitionId: string,
  ) => Effect.Effect<readonly number[], RepositoryError>
  /**
   * The competitions not yet closed at `now` in which the customer owns
   * tickets, soonest to close first, at most `limit`: the storefront
   * invites these customers, and no others, to buy more.
   */
  readonly openCompetitionIds: (
    customerId: string,
    now: Date,
    limit: number,
  ) => Effect.Effect<readonly string[], RepositoryError>
}
export class CustomerTicketRepo extends Context.Tag("@howzat/core/CustomerTicketRepo")<
  CustomerTicketRepo,
  CustomerTicketRepoShape
>() {}
