import { formatMoney, pence } from "@howzat/core/rules/money"
import { createFileRoute, Link } from "@tanstack/react-router"
import { getCustomer } from "../../api/accounts"
import { brand, pageTitle } from "../../brand"

export const Route = createFileRoute("/Account/SiteCredit")({
  loader: ({ context, abortController }) => getCustomer(context.customerId, abortController.signal),
  head: () => ({ meta: [{ title: pageTitle(brand.siteCredit.name) }] }),
  component: SiteCredit,
})

/**
 * The balance from the customer's record. Buying credit and the list of
 * account entries are not built yet, and the page says nothing of them
 * (issue 8 §7: no page promises what does not exist).
 */
function SiteCredit() {
  const { customer } = Route.useLoaderData()
  return (
    <section className="card p-5 sm:p-8">
      <h2 className="display-title text-2xl">{brand.siteCredit.name}</h2>
      <p className="mt-6 text-sm font-semibold text-muted">Your balance</p>
      <p className="display-title mt-1 text-5xl text-accent tabular-nums">
        {formatMoney(pence(customer.siteCreditAccountBalance))}
      </p>
      <p className="mt-6 text-muted">
        {brand.siteCredit.name} pays for tickets: choose how much of it to use at checkout.
      </p>
      <Link to="/Competitions" className="btn-primary mt-6">
        View competitions
      </Link>
    </section>
  )
}
