import { formatMoney, pence } from "@howzat/core/rules"
import { createFileRoute, Link, Navigate } from "@tanstack/react-router"
import { requireCustomer } from "../../../auth/guard"
import { returnUrlSearch } from "../../../auth/return-url"
import { brand, pageTitle } from "../../../brand"
import { SpendLimitPrompt } from "../../../components/account/SpendLimitPrompt"
import { Icon } from "../../../components/Icon"
import { MessagePage } from "../../../components/MessagePage"
import { loadOrderWithPrizes } from "../../../components/orders/load-order"
import { OrderLines, OrderTotals } from "../../../components/orders/OrderLines"
import { NoSuchOrder, OrderCancelled } from "../../../components/orders/OrderMessages"
import { WonPrizes } from "../../../components/orders/WonPrizes"

export const Route = createFileRoute("/Checkout/PaymentSucceeded/$orderId")({
  validateSearch: returnUrlSearch,
  beforeLoad: requireCustomer,
  loader: ({ params, abortController }) =>
    loadOrderWithPrizes(params.orderId, abortController.signal),
  gcTime: 0,
  shouldReload: true,
  head: () => ({ meta: [{ title: pageTitle("Payment successful") }] }),
  notFoundComponent: NoSuchOrder,
  component: PaymentSucceeded,
})

/**
 * docs/product/screens.md: "SUCCESS!", the order reference and the lines with their ticket
 * numbers; and, when its tickets won instant prizes, WON! with each prize.
 * An order of site credit alone says the credit was added, with no ticket
 * columns, and links back to the site-credit page.
 */
function PaymentSucceeded() {
  const { order, prizes } = Route.useLoaderData()
  const { returnUrl } = Route.useSearch()

  if (order.status === "Cancelled" || order.status === "SystemCancelled")
    return <OrderCancelled orderRef={order.orderRef} />
  // Nothing left to pay but not yet completed: the payment page completes it and comes back.
  if (order.orderBalance <= 0 && order.status !== "Completed")
    return <Navigate to="/Checkout/Payment/$orderId" params={{ orderId: order.id }} replace />
  // Landing here before the order is paid (an old link, a back button): say so rather than celebrate.
  if (order.status !== "Completed")
    return (
      <MessagePage icon="clock">
        <h1 className="display-title text-3xl">Not paid yet</h1>
        <p className="mt-3 text-muted">Order {order.orderRef} is still waiting for its payment.</p>
        <Link
          to="/Checkout/Payment/$orderId"
          params={{ orderId: order.id }}
          className="btn-primary mt-8"
        >
          Pay now
        </Link>
      </MessagePage>
    )

  const creditOnly = order.ticketItems.length === 0 && order.siteCreditItems.length > 0
  return (
    <div className="mx-auto max-w-4xl px-3 py-8 sm:px-5 lg:py-12">
      <div className="mb-8 text-center">
        <span className="mb-4 inline-flex size-16 items-center justify-center rounded-full bg-accent-soft text-accent">
          <Icon name="check" className="size-8" />
        </span>
        <h1 className="display-title text-4xl text-accent sm:text-5xl">SUCCESS!</h1>
        <p className="mt-3 text-lg">
          {creditOnly
            ? `Thank you, your order is complete: ${formatMoney(pence(order.siteCreditItemTotal))} of ${brand.siteCredit.name} has been added to your account.`
            : "Thank you, your order is complete. Good luck!"}
        </p>
        <p className="mt-1 text-muted">
          Order reference <strong className="text-fg">{order.orderRef}</strong>
        </p>
      </div>
      <SpendLimitPrompt />
      <WonPrizes prizes={prizes} />
      <OrderLines order={order} />
      <OrderTotals order={order} />
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        {returnUrl ? (
          <a href={returnUrl} className="btn-primary">
            Continue
          </a>
        ) : null}
        <Link to="/" className={returnUrl ? "btn-outline" : "btn-primary"}>
          Home
        </Link>
        {order.siteCreditItems.length > 0 ? (
          <Link to="/Account/SiteCredit" className="btn-outline">
            {brand.siteCredit.name}
          </Link>
        ) : null}
        <Link to="/Account" className="btn-outline">
          My Account
        </Link>
      </div>
    </div>
  )
}
