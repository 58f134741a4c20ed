/**
 * The in-memory OrderRepo, one for every test that needs orders: checkout's
 * doubles (over the basket store, where tickets come from the in-memory
 * allocator) and the payment doubles (orders seeded whole) both build it
 * here, so the two cannot drift from each other or from the contract
 * (test/contracts/orders.contract.ts) the Postgres adapter passes too.
 */
import { Effect } from "effect"
import type { Customer } from "../accounts/model.js"
import type { OrderRepoShape } from "../ports/orders.js"
import { pence, ZERO_PENCE } from "../rules/money.js"
import { matchesOrderSearch } from "../rules/order-search.js"
import {
  canTransition,
  type OrderStatus,
  releasesTickets,
  OrderStatus as Statuses,
} from "../rules/order-status.js"
import { memoryPage } from "../testing/paging.js"
import { OrderNotFound, OrderTransitionRefused } from "./errors.js"
import type { Order } from "./model.js"

/** An expiry put off: how often, and not due again before `retryAt`. */
export interface ExpiryPutOff {
  readonly attempts: number
  readonly retryAt: Date
}

/** What the in-memory OrderRepo keeps: the orders, and the expiries put off. */
export interface MemoryOrderRepoState {
  readonly orders: Map<string, Order>
  readonly expiryPutOffs: Map<string, ExpiryPutOff>
}

/**
 * Where the orders meet the rest of a test's world; each is optional, as
 * the payment doubles seed orders whole and have no pool or baskets.
 */
export interface MemoryOrderRepoLinks {
  /** The basket an order was just created for now shows it (BasketRepo's `orderId`). */
  readonly basketCheckedOut?: (basketId: string, orderId: string) => void
  /** A competition's name as the catalogue has it, for a recorded line. */
  readonly competitionName?: (competitionId: string) => string
  /**
   * The order's numbers in a competition, read from the pool on every read,
   * as the database does: a cancelled order's lines show none.
   */
  readonly ticketNumbers?: (orderId: string, competitionId: string) => readonly number[]
  /** Returns the order's tickets to the pool (a move to Cancelled or SystemCancelled). */
  readonly releaseTickets?: (orderId: string) => void
  /** Runs just before an order closes: what a racing process does (a test's race). */
  readonly beforeClosing?: (orderId: string) => void
  /** Every move made, after it is made. */
  readonly moved?: (orderId: string, to: OrderStatus) => void
  /** The customer's name and email address, for the back office's search (none: not found by them). */
  readonly customerOf?: (
    customerId: string,
  ) => { readonly name: string; readonly email: string } | undefined
}

/** Ten upper-case hex digits, as the database's order references. */
const orderRefFor = (n: number) => n.toString(16).toUpperCase().padStart(10, "0")

let nextOrder = 0

/** A customer's name and email address as the back office searches them, from the store's records. */
export const customerSearchFields =
  (store: { readonly customers: readonly Customer[] }) => (customerId: string) => {
    const customer = store.customers.find((c) => c.customerId === customerId)
    return customer === undefined
      ? undefined
      : { name: `${customer.firstName} ${customer.lastName}`, email: customer.email }
  }

/** Ties broken by id, as the database orders them. */
const byId = (a: Order, b: Order) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

export const memoryOrderRepo = (
  state: MemoryOrderRepoState,
  links: MemoryOrderRepoLinks = {},
): OrderRepoShape => {
  const read = (order: Order): Order => {
    const numbers = links.ticketNumbers
    if (numbers === undefined) return order
    return {
      ...order,
      lines: order.lines.map((line) => ({
        ...line,
        ticketNumbers: numbers(order.id, line.competitionId),
      })),
    }
  }
  const found = (orderId: string) => {
    const order = state.orders.get(orderId)
    return order === undefined
      ? Effect.fail(new OrderNotFound({ orderId }))
      : Effect.succeed(read(order))
  }
  const save = (order: Order) => {
    state.orders.set(order.id, order)
    return read(order)
  }
  const dueAt = (order: Order) =>
    (state.expiryPutOffs.get(order.id)?.retryAt ?? order.expiresAt).getTime()

  return {
    createForBasket: (order) =>
      Effect.sync(() => {
        const existing = [...state.orders.values()].find((o) => o.basketId === order.basketId)
        if (existing !== undefined) return { order: read(existing), created: false }
        nextOrder += 1
        const id = `order-${nextOrder}`
        links.basketCheckedOut?.(order.basketId, id)
        const created = save({
          id,
          orderRef: orderRefFor(nextOrder),
          basketId: order.basketId,
          customerId: order.customerId,
          status: Statuses.Pending,
          createdAt: order.createdAt,
          expiresAt: order.expiresAt,
          lines: [],
          creditItems: [],
          itemTotal: ZERO_PENCE,
          discountTotal: ZERO_PENCE,
          donation: ZERO_PENCE,
          siteCreditDebit: ZERO_PENCE,
          orderTotal: ZERO_PENCE,
          allocationExceptions: [],
        })
        return { order: created, created: true }
      }),
    recordAllocation: (orderId, allocation) =>
      Effect.flatMap(found(orderId), (order) =>
        Effect.sync(() =>
          save({
            ...order,
            lines: allocation.lines
              .map((line) => ({
                competitionId: line.competitionId,
                competitionName: links.competitionName?.(line.competitionId) ?? "",
                quantity: line.quantity,
                price: line.unitPrice,
                preDiscountTotal: line.preDiscountTotal,
                lineTotal: line.lineTotal,
                ticketNumbers: links.ticketNumbers?.(orderId, line.competitionId) ?? [],
              }))
              // As the database reads them: by competition name.
              .sort((a, b) => a.competitionName.localeCompare(b.competitionName)),
            itemTotal: allocation.itemTotal,
            discountTotal: allocation.discountTotal,
            donation: allocation.donation,
            siteCreditDebit: allocation.siteCreditDebit,
            orderTotal: allocation.orderTotal,
            allocationExceptions: allocation.exceptions.map(
              ({ competitionName, exceptionReason }) => ({
                competitionName,
                exceptionReason,
              }),
            ),
            creditItems: (allocation.creditItems ?? []).map((item) => ({
              description: item.description,
              lineTotal: pence(item.lineTotal),
            })),
          }),
        ),
      ),
    byId: found,
    transition: (orderId, to) =>
      Effect.flatMap(found(orderId), (order) => {
        if (!canTransition(order.status, to)) {
          return Effect.fail(new OrderTransitionRefused({ orderId, from: order.status, to }))
        }
        if (releasesTickets(to)) links.beforeClosing?.(orderId)
        const moved = { ...(state.orders.get(orderId) ?? order), status: to }
        state.orders.set(orderId, moved)
        // In the move's own transaction, as the database does.
        if (releasesTickets(to)) links.releaseTickets?.(orderId)
        links.moved?.(orderId, to)
        return Effect.succeed(read(moved))
      }),
    dueForExpiry: (now, limit) =>
      Effect.sync(() => {
        const take = Math.floor(limit)
        if (!(take > 0)) return []
        // Due when its time ran out, or, once put off, when its retry time came.
        return [...state.orders.values()]
          .filter(
            (order) =>
              canTransition(order.status, Statuses.SystemCancelled) &&
              dueAt(order) <= now.getTime(),
          )
          .sort((a, b) => dueAt(a) - dueAt(b) || byId(a, b))
          .slice(0, take)
          .map((order) => ({
            orderId: order.id,
            expiryAttempts: state.expiryPutOffs.get(order.id)?.attempts ?? 0,
          }))
      }),
    expiryPutOff: (orderId, retryAt) =>
      Effect.sync(() => {
        // An order the store never had is put off as the database does: not at all.
        if (!state.orders.has(orderId)) return
        const attempts = (state.expiryPutOffs.get(orderId)?.attempts ?? 0) + 1
        state.expiryPutOffs.set(orderId, { attempts, retryAt })
      }),
    list: (query) =>
      Effect.sync(() => {
        const matching = [...state.orders.values()]
          .filter((order) => query.customerId === null || order.customerId === query.customerId)
          .filter((order) => query.status === undefined || order.status === query.status)
          .filter(
            (order) =>
              query.createdFrom === undefined ||
              order.createdAt.getTime() >= query.createdFrom.getTime(),
          )
          .filter(
            (order) =>
              query.createdTo === undefined ||
              order.createdAt.getTime() <= query.createdTo.getTime(),
          )
          .filter((order) => {
            if (query.search === undefined) return true
            const customer = links.customerOf?.(order.customerId)
            return matchesOrderSearch(
              {
                orderRef: order.orderRef,
                customerName: customer?.name ?? "",
                customerEmail: customer?.email ?? "",
              },
              query.search,
            )
          })
          // Newest first, ties by id descending, as the database pages them.
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byId(b, a))
        const { items, ...paging } = memoryPage(query.page, matching)
        return { ...paging, items: items.map(read) }
      }),
  }
}
