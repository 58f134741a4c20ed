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
 * account entries need the basket and orders, which are not built yet.
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
        {brand.siteCredit.name} pays for tickets at checkout. Buying credit and the history of your
        credit arrive with the basket, very soon.
      </p>
      <Link to="/Competitions" className="btn-primary mt-6">
        View competitions
      </Link>
    </section>
  )
}
