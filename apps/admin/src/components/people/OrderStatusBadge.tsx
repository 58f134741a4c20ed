import { type OrderStatus, orderStatusLabels } from "../../lib/order-filters"

const tones: Record<OrderStatus, string> = {
  Pending: "bg-amber-100 text-amber-900",
  AwaitingPayment: "bg-amber-100 text-amber-900",
  Completed: "bg-green-100 text-green-900",
  Cancelled: "bg-slate-200 text-slate-800",
  SystemCancelled: "bg-slate-200 text-slate-800",
  Refunded: "bg-sky-100 text-sky-900",
}

/** An order's status in words, never by colour alone. */
export function OrderStatusBadge({ status }: { readonly status: OrderStatus }) {
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tones[status]}`}>
      {orderStatusLabels[status]}
    </span>
  )
}
