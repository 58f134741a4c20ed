import { createFileRoute } from "@tanstack/react-router"
import { orderOfPayment } from "../../api/orders"
import { requireCustomer } from "../../auth/guard"
import { pageTitle } from "../../brand"
import { NoSuchOrder } from "../../components/orders/OrderMessages"
import { ProviderReturnPage } from "../../components/payment/ProviderReturnPage"
import { BANK_PROVIDER } from "../../components/payment/pay-by-bank"

export const Route = createFileRoute("/Checkout/PayByBank")({
  validateSearch: (search: Record<string, unknown>): { payment_id?: string } =>
    typeof search.payment_id === "string" && search.payment_id !== ""
      ? { payment_id: search.payment_id }
      : {},
  beforeLoad: requireCustomer,
  head: () => ({ meta: [{ title: pageTitle("Paying by bank") }] }),
  component: PayByBankReturn,
})

/**
 * The customer back from their bank: the provider's page sends everyone to
 * this one address (docs/decisions/0072), naming only its own payment, so
 * the order is found by that payment, among the customer's own.
 */
function PayByBankReturn() {
  const { payment_id: paymentId } = Route.useSearch()
  if (paymentId === undefined) return <NoSuchOrder />
  return (
    <ProviderReturnPage
      findKey={paymentId}
      find={() => orderOfPayment(BANK_PROVIDER, paymentId).then(({ order }) => order)}
    />
  )
}
