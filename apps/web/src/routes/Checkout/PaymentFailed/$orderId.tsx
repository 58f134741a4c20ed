import { createFileRoute, Link, Navigate } from "@tanstack/react-router"
import { requireCustomer } from "../../../auth/guard"
import { pageTitle } from "../../../brand"
import { MessagePage } from "../../../components/MessagePage"
import { loadOrder } from "../../../components/orders/load-order"
import { NoSuchOrder, OrderCancelled } from "../../../components/orders/OrderMessages"
import {
  errorFromSearch,
  paymentFailedMessage,
  recordedFailureOf,
} from "../../../components/payment/failure"

export const Route = createFileRoute("/Checkout/PaymentFailed/$orderId")({
  validateSearch: (search: Record<string, unknown>): { error?: string } => {
    const error = errorFromSearch(search.error)
    return error === undefined ? {} : { error }
  },
  beforeLoad: requireCustomer,
  loader: ({ params, abortController }) => loadOrder(params.orderId, abortController.signal),
  // The order changes under us (paid in another tab, expired): never show a remembered one.
  gcTime: 0,
  shouldReload: true,
  head: () => ({ meta: [{ title: pageTitle("Payment failed") }] }),
  notFoundComponent: NoSuchOrder,
  component: PaymentFailed,
})

/**
 * The payment failed texts (components/payment/failure.ts), Retry and Cancel Order, for
 * the order as it stands: a paid order goes to its success page and a
 * closed one says so. The error shown is the one the shop recorded for the
 * order's latest attempt; `?error=` only says that there was one.
 */
function PaymentFailed() {
  const order = Route.useLoaderData()
  const { error } = Route.useSearch()
  const orderId = order.id
  if (order.status === "Completed")
    return <Navigate to="/Checkout/PaymentSucceeded/$orderId" params={{ orderId }} replace />
  if (order.status !== "AwaitingPayment" && order.status !== "Pending")
    return <OrderCancelled orderRef={order.orderRef} />
  const message = paymentFailedMessage(error === undefined ? undefined : recordedFailureOf(order))
  return (
    <MessagePage icon="info">
      <h1 className="display-title text-3xl">Payment failed</h1>
      <div role="alert" className="mt-4">
        <p className="text-lg font-semibold text-balance">{message.heading}</p>
        {message.error !== undefined ? (
          <p className="mt-3 rounded-xl bg-sunken px-4 py-3 break-words text-muted">
            {message.error}
          </p>
        ) : null}
      </div>
      <p className="mt-6 text-muted">
        Your tickets are still held for a short while, so you can try again.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/Checkout/Payment/$orderId" params={{ orderId }} className="btn-primary">
          Retry
        </Link>
        <Link to="/Checkout/CancelOrder/$orderId" params={{ orderId }} className="btn-outline">
          Cancel Order
        </Link>
      </div>
    </MessagePage>
  )
}
