import { ordinalDate, ordinalDateTime } from "@howzat/core/rules"
import { createFileRoute, Link } from "@tanstack/react-router"
import { pageTitle } from "../../../brand"
import { loadOrderWithPrizes } from "../../../components/orders/load-order"
import { OrderLines, OrderStatusBadge, OrderTotals } from "../../../components/orders/OrderLines"
import { NoSuchOrder } from "../../../components/orders/OrderMessages"
import {
  canPayNow,
  orderStatusLabels,
  orderStatusTone,
} from "../../../components/orders/order-view"
import { WonPrizes } from "../../../components/orders/WonPrizes"

export const Route = createFileRoute("/Account/Order/$id")({
  loader: ({ params, abortController }) => loadOrderWithPrizes(params.id, abortController.signal),
  gcTime: 0,
  shouldReload: true,
  head: ({ loaderData }) => ({
    meta: [{ title: pageTitle(loaderData ? `Order ${loaderData.order.orderRef}` : "Order") }],
  }),
  notFoundComponent: NoSuchOrder,
  component: OrderDetail,
})

/** docs/product/screens.md's order detail: who, when, any instant prizes won, the lines with their tickets and the money. */
function OrderDetail() {
  const { order, prizes } = Route.useLoaderData()
  const payable = canPayNow(order, new Date())
  const address = order.billingAddress
  return (
    <section>
      <Link to="/Account/Orders" className="mb-4 inline-block text-sm font-semibold text-accent">
        ← All orders
      </Link>
      <div className="mb-5 flex flex-wrap items-center gap-3">
        <h2 className="display-title text-2xl">Order {order.orderRef}</h2>
        <OrderStatusBadge
          label={orderStatusLabels[order.status]}
          tone={orderStatusTone(order.status)}
        />
      </div>
      <dl className="mb-6 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">Placed</dt>
          <dd className="font-semibold">{ordinalDate(new Date(order.createdDateUtc))}</dd>
        </div>
        <div>
          <dt className="text-muted">Name</dt>
          <dd className="font-semibold">{order.customer.fullName}</dd>
        </div>
        {address ? (
          <div>
            <dt className="text-muted">Billing address</dt>
            <dd className="font-semibold">
              {[address.line1, address.line2, address.city, address.county, address.postCode]
                .filter(Boolean)
                .join(", ")}
            </dd>
          </div>
        ) : null}
      </dl>
      {payable ? (
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-accent-soft p-4">
          <p className="text-sm">
            This order hasn't been paid for yet. Your tickets are held until{" "}
            {ordinalDateTime(new Date(order.expiresDateUtc))}.
          </p>
          <Link
            to="/Checkout/Payment/$orderId"
            params={{ orderId: order.id }}
            className="btn-primary"
          >
            Pay now
          </Link>
        </div>
      ) : null}
      <WonPrizes prizes={prizes} />
      <OrderLines order={order} />
      <OrderTotals order={order} />
    </section>
  )
}
