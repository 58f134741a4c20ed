import type { OrderJson } from "@howzat/contracts/orders"
import { createFileRoute, Link } from "@tanstack/react-router"
import { useRef, useState } from "react"
import { cancelOrder } from "../../../api/orders"
import { requireCustomer } from "../../../auth/guard"
import { pageTitle } from "../../../brand"
import { FormMessage } from "../../../components/forms/Fields"
import { MessagePage } from "../../../components/MessagePage"
import { failureText, loadOrder } from "../../../components/orders/load-order"
import { NoSuchOrder } from "../../../components/orders/OrderMessages"
import { cancelledOrderText } from "../../../components/orders/order-view"

export const Route = createFileRoute("/Checkout/CancelOrder/$orderId")({
  beforeLoad: requireCustomer,
  loader: ({ params, abortController }) => loadOrder(params.orderId, abortController.signal),
  gcTime: 0,
  shouldReload: true,
  head: () => ({ meta: [{ title: pageTitle("Cancel order") }] }),
  notFoundComponent: NoSuchOrder,
  component: CancelOrder,
})

const cancelled = (o: OrderJson) => o.status === "Cancelled" || o.status === "SystemCancelled"

/** The Cancel Order link's target: the customer confirms, then the tickets go back on sale. */
function CancelOrder() {
  const loaded = Route.useLoaderData()
  const [local, setLocal] = useState<{ base: OrderJson; order: OrderJson } | null>(null)
  const order = local && local.base === loaded ? local.order : loaded
  const setOrder = (next: OrderJson) => setLocal({ base: loaded, order: next })
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const sending = useRef(false)

  const confirm = async () => {
    if (sending.current) return
    sending.current = true
    setBusy(true)
    setProblem(null)
    try {
      setOrder((await cancelOrder(order.id)).order)
    } catch (error) {
      setProblem(failureText(error))
    } finally {
      sending.current = false
      setBusy(false)
    }
  }

  if (cancelled(order))
    return (
      <MessagePage icon="check">
        <h1 className="display-title text-3xl">Order cancelled</h1>
        <p role="status" className="mt-3 text-muted">
          {cancelledOrderText(order)}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/Competitions" className="btn-primary">
            View competitions
          </Link>
          <Link to="/" className="btn-outline">
            Home
          </Link>
        </div>
      </MessagePage>
    )

  if (order.status === "Completed")
    return (
      <MessagePage icon="info">
        <h1 className="display-title text-3xl">This order is paid</h1>
        <p className="mt-3 text-muted">
          Order {order.orderRef} has been paid for, so it can no longer be cancelled here.
        </p>
        <Link to="/Account/Order/$id" params={{ id: order.id }} className="btn-primary mt-8">
          View order
        </Link>
      </MessagePage>
    )

  return (
    <MessagePage icon="info">
      <h1 className="display-title text-3xl">Cancel order?</h1>
      <p className="mt-3 text-muted">
        Are you sure you want to cancel order {order.orderRef}? Its {order.totalTicketQuantity}{" "}
        {order.totalTicketQuantity === 1 ? "ticket goes" : "tickets go"} back on sale and you will
        lose your chance of winning with {order.totalTicketQuantity === 1 ? "it" : "them"}.
      </p>
      {problem ? (
        <div className="mt-6 w-full">
          <FormMessage tone="error">{problem}</FormMessage>
        </div>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className="btn-primary"
          onClick={() => void confirm()}
          disabled={busy}
        >
          {busy ? "Cancelling…" : "Yes, cancel my order"}
        </button>
        <Link
          to="/Checkout/Payment/$orderId"
          params={{ orderId: order.id }}
          className="btn-outline"
        >
          No, take me to payment
        </Link>
      </div>
    </MessagePage>
  )
}
