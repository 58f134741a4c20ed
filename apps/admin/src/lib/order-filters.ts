/**
 * The orders list's filters (SPEC §7: customer, status, created date range)
 * as typed search params, and as the API's query. Staff pick dates as they
 * live them, in UK time; the API takes instants, so a day is turned into the
 * first and last millisecond of that UK day (23, 24 or 25 hours long).
 */
import type { OrderJson } from "@howzat/contracts/orders"
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
  readonly customerId?: string
  readonly status?: OrderStatus
  /** "yyyy-mm-dd", a UK calendar day. */
  readonly from?: string
  readonly to?: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const uuidParam = (value: unknown): string | undefined =>
  typeof value === "string" && UUID.test(value.trim()) ? value.trim().toLowerCase() : undefined

const statusParam = oneOf(...ORDER_STATUSES)

/** A hand-edited link keeps the filters it spells right and drops the rest. */
export const validateOrderSearch = (raw: Record<string, unknown>): OrderSearch => {
  const search: {
    page?: number
    customerId?: string
    status?: OrderStatus
    from?: string
    to?: string
  } = {}
  const page = pageParam(raw.page)
  const customerId = uuidParam(raw.customerId)
  const status = statusParam(raw.status)
  const from = dayParam(raw.from)
  const to = dayParam(raw.to)
  if (page) search.page = page
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
