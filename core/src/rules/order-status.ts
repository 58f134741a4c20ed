/**
 * The order status machine as data: the repository refuses any move this
 * table does not list, and the tests read the same table.
 */
export const OrderStatus = {
  Pending: "Pending",
  AwaitingPayment: "AwaitingPayment",
  Completed: "Completed",
  Cancelled: "Cancelled",
  SystemCancelled: "SystemCancelled",
  /** Paid, then given back by staff (docs/decisions/0029). */
  Refunded: "Refunded",
} as const
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus]

export const orderStatuses: readonly OrderStatus[] = Object.values(OrderStatus)

export const orderTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  // Completed straight from Pending when site credit pays the whole order.
  Pending: [OrderStatus.AwaitingPayment, OrderStatus.Completed, OrderStatus.Cancelled],
  // SystemCancelled when the card payment never arrives.
  AwaitingPayment: [OrderStatus.Completed, OrderStatus.Cancelled, OrderStatus.SystemCancelled],
  // Refunded only by staff, through core's StaffOrders.refund.
  Completed: [OrderStatus.Refunded],
  Cancelled: [],
  SystemCancelled: [],
  Refunded: [],
}

export const canTransition = (from: OrderStatus, to: OrderStatus): boolean =>
  orderTransitions[from].includes(to)

export const isTerminal = (status: OrderStatus): boolean => orderTransitions[status].length === 0

/**
 * A cancelled order's tickets go back on sale. A refunded order's go back
 * only for competitions still open, which core decides line by line.
 */
export const releasesTickets = (status: OrderStatus): boolean =>
  status === OrderStatus.Cancelled || status === OrderStatus.SystemCancelled

/**
 * An open order: placed and not yet paid, cancelled or expired. It may still
 * be paid, so a draw waits for it (docs/decisions/0024-making-a-draw.md), a
 * competition with one cannot be brought forward, a club with one in flight
 * cannot be removed, and only it may still take card money. The repositories'
 * SQL reads this list rather than spelling the statuses again.
 */
export const openOrderStatuses: readonly OrderStatus[] = [
  OrderStatus.Pending,
  OrderStatus.AwaitingPayment,
]

export const isOpenOrder = (status: OrderStatus): boolean => openOrderStatuses.includes(status)
