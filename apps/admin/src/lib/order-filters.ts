/**
 * The orders list's filters (customer, status, created date range, and the
 * search box: docs/decisions/0074) as typed search params, and as the API's
 * query. Staff pick dates as they
 * live them, in UK time; the API takes instants, so a day is turned into the
 * first and last millisecond of that UK day (23, 24 or 25 hours long).
 */
import type { OrderJson } from "@howzat/contracts/orders"
import { isUuid, MAX_ORDER_SEARCH_LENGTH, orderSearchTerm } from "@howzat/core/rules"
import { ukDayEnd, ukDayStart } from "./format"
import { dayParam, oneOf, pageParam } from "./search"

export type OrderStatus = OrderJson["status"]

export const ORDER_STATUSES: readonly OrderStatus[] = [
  "Pending",
  "AwaitingPayment",
  "Completed",
  "Cancelled",
  "SystemCancelled",
  "Refunded",
]

export const orderStatusLabels: Record<OrderStatus, string> = {
  Pending: "Pending",
  AwaitingPayment: "Awaiting payment",
  Completed: "Completed (paid)",
  Cancelled: "Cancelled",
  SystemCancelled: "Expired (cancelled by the shop)",
  Refunded: "Refunded",
}

export interface OrderSearch {
  readonly page?: number
  /** The search box: a reference's start, or part of a customer's name or email address. */
  readonly q?: string
  readonly customerId?: string
  readonly status?: OrderStatus
  /** "yyyy-mm-dd", a UK calendar day. */
  readonly from?: string
  readonly to?: string
}

export const uuidParam = (value: unknown): string | undefined =>
  typeof value === "string" && isUuid(value.trim()) ? value.trim().toLowerCase() : undefined

const statusParam = oneOf(...ORDER_STATUSES)

/**
 * The search box's text as the address keeps it: tidied as the server
 * tidies it, cut to length. A hand-typed ?q=1234 reaches here as a number
 * (the router reads values as JSON), and is still a reference's start.
 */
export const searchParam = (value: unknown): string | undefined =>
  typeof value === "string" || typeof value === "number"
    ? orderSearchTerm(String(value).slice(0, MAX_ORDER_SEARCH_LENGTH))
    : undefined

/** A hand-edited link keeps the filters it spells right and drops the rest. */
export const validateOrderSearch = (raw: Record<string, unknown>): OrderSearch => {
  const search: {
    page?: number
    q?: string
    customerId?: string
    status?: OrderStatus
    from?: string
    to?: string
  } = {}
  const page = pageParam(raw.page)
  const q = searchParam(raw.q)
  const customerId = uuidParam(raw.customerId)
  const status = statusParam(raw.status)
  const from = dayParam(raw.from)
  const to = dayParam(raw.to)
  if (page) search.page = page
  if (q) search.q = q
  if (customerId) search.customerId = customerId
  if (status) search.status = status
  if (from) search.from = from
  if (to) search.to = to
  return search
}

/** A range given backwards is read the way it was meant, earlier day first. */
const ordered = (from?: string, to?: string): [string | undefined, string | undefined] =>
  from && to && from > to ? [to, from] : [from, to]

export const orderListParams = (search: OrderSearch) => {
  const [from, to] = ordered(search.from, search.to)
  const start = from ? ukDayStart(from) : undefined
  const end = to ? ukDayEnd(to) : undefined
  return {
    PageNumber: search.page ?? 1,
    PageSize: 20,
    ...(search.q ? { Search: search.q } : {}),
    ...(search.customerId ? { CustomerId: search.customerId } : {}),
    ...(search.status ? { OrderStatus: search.status } : {}),
    ...(start ? { "OrderCreatedDateRange.FromDate": start } : {}),
    ...(end ? { "OrderCreatedDateRange.ToDate": end } : {}),
  }
}

/** What staff may do with an order in its state; the server decides, this only offers. */
export const orderActions = (order: Pick<OrderJson, "status">) => ({
  cancel: order.status === "Pending" || order.status === "AwaitingPayment",
  refund: order.status === "Completed",
})
