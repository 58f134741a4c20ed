import type { OrderJson } from "@howzat/contracts/orders"
import { formatMoney, ordinalDate, pence } from "@howzat/core/rules"
import { createFileRoute, Link } from "@tanstack/react-router"
import { listOrders } from "../../api/orders"
import { pageTitle } from "../../brand"
import { Icon } from "../../components/Icon"
import { OrderStatusBadge } from "../../components/orders/OrderLines"
import {
  cardPaymentRefunded,
  orderStatusLabels,
  orderStatusTone,
  siteCreditReturned,
} from "../../components/orders/order-view"
import { EmptyState } from "../../components/PageStates"
import { Pagination } from "../../components/Pagination"
import { pageFromSearch } from "../../lib/search"

export const Route = createFileRoute("/Account/Orders")({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = pageFromSearch(search.page)
    return page > 1 ? { page } : {}
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps, abortController }) =>
    listOrders(context.customerId, deps.page, abortController.signal),
  head: () => ({ meta: [{ title: pageTitle("My Orders") }] }),
  component: Orders,
})

/** docs/product/screens.md: the customer's order summaries, each opening its details. */
function Orders() {
  const list = Route.useLoaderData()
  return (
    <section>
      <h2 className="display-title mb-4 text-2xl">Recent Orders</h2>
      {list.orders.length === 0 ? (
        <EmptyState title="You haven't placed any orders yet.">
          <Link to="/Competitions" className="btn-primary">
            View competitions
          </Link>
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {list.orders.map((order) => (
            <OrderSummary key={order.id} order={order} />
          ))}
        </ul>
      )}
      <Pagination
        label="Order pages"
        current={list.pageNumber}
        totalPages={list.totalPages}
        control={({ page, label, current, className, children }) => (
          <Link
            to="/Account/Orders"
            search={page > 1 ? { page } : {}}
            aria-label={label}
            aria-current={current ? "page" : undefined}
            className={className}
          >
            {children}
          </Link>
        )}
      />
    </section>
  )
}

function OrderSummary({ order }: { order: OrderJson }) {
  const returned = siteCreditReturned(order)
  const refunded = cardPaymentRefunded(order)
  return (
    <li>
      <Link
        to="/Account/Order/$id"
        params={{ id: order.id }}
        className="card flex items-center gap-4 p-4 transition-colors hover:border-accent"
      >
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-bold">Order {order.orderRef}</span>
            <OrderStatusBadge
              label={orderStatusLabels[order.status]}
              tone={orderStatusTone(order.status)}
            />
          </p>
          <p className="mt-1 text-sm text-muted">
            {ordinalDate(new Date(order.createdDateUtc))} · {order.totalTicketQuantity}{" "}
            {order.totalTicketQuantity === 1 ? "ticket" : "tickets"}
          </p>
          {returned ? <p className="mt-1 text-sm text-muted">{returned}</p> : null}
          {refunded ? <p className="mt-1 text-sm text-muted">{refunded}</p> : null}
        </div>
        <span className="font-bold tabular-nums">{formatMoney(pence(order.orderTotal))}</span>
        <Icon name="chevronRight" className="size-5 shrink-0 text-muted" />
      </Link>
    </li>
  )
}
