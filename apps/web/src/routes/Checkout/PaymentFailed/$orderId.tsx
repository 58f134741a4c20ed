import { createFileRoute, Link } from "@tanstack/react-router"
import { requireCustomer } from "../../../auth/guard"
import { pageTitle } from "../../../brand"
import { MessagePage } from "../../../components/MessagePage"
import { errorFromSearch, paymentFailedMessage } from "../../../components/payment/failure"

export const Route = createFileRoute("/Checkout/PaymentFailed/$orderId")({
  validateSearch: (search: Record<string, unknown>): { error?: string } => {
    const error = errorFromSearch(search.error)
    return error === undefined ? {} : { error }
  },
  beforeLoad: requireCustomer,
  head: () => ({ meta: [{ title: pageTitle("Payment failed") }] }),
  component: PaymentFailed,
})

/** SPEC §8's payment failed texts, a Retry link and a Cancel Order link. */
function PaymentFailed() {
  const { orderId } = Route.useParams()
  const { error } = Route.useSearch()
  const message = paymentFailedMessage(error)
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
