import { createFileRoute, redirect } from "@tanstack/react-router"
import { api } from "../../../../api"
import { searchParam } from "../../../../lib/order-filters"

/**
 * An order by its reference, for the places that know only the reference
 * (a site-credit ledger line, a reference a customer typed into a
 * complaint): the order itself when exactly that reference exists,
 * otherwise the orders list searched for it, so a mistyped one still
 * lands somewhere useful.
 */
export const Route = createFileRoute("/_staff/orders/ref/$orderRef")({
  loader: async ({ params }) => {
    const q = searchParam(params.orderRef)
    if (q === undefined) throw redirect({ to: "/orders", replace: true })
    const { orders } = await api.orders.list({
      urlParams: { Search: q, PageNumber: 1, PageSize: 20 },
    })
    const exact = orders.find((order) => order.orderRef.toUpperCase() === q.toUpperCase())
    if (exact !== undefined)
      throw redirect({ to: "/orders/$orderId", params: { orderId: exact.id }, replace: true })
    throw redirect({ to: "/orders", search: { q }, replace: true })
  },
})
