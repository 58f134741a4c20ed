import { createFileRoute } from "@tanstack/react-router"
import { getOrder } from "../../../api/orders"
import { requireCustomer } from "../../../auth/guard"
import { pageTitle } from "../../../brand"
import { ProviderReturnPage } from "../../../components/payment/ProviderReturnPage"

export const Route = createFileRoute("/Checkout/PaymentReturn/$orderId")({
  beforeLoad: requireCustomer,
  head: () => ({ meta: [{ title: pageTitle("Payment") }] }),
  component: PaymentReturn,
})

/**
 * The customer back from a card payment that left the page: Checkout.com's
 * Flow sends them here after 3-D Secure or a wallet (its success and
 * failure addresses name the order; the query it adds proves nothing, as
 * the shop asks Checkout.com itself).
 */
function PaymentReturn() {
  const { orderId } = Route.useParams()
  return (
    <ProviderReturnPage
      findKey={orderId}
      find={() => getOrder(orderId).then(({ order }) => order)}
    />
  )
}
