import { formatMoney, ordinalDateTime, pence } from "@howzat/core/rules"
import { createFileRoute, Link } from "@tanstack/react-router"
import { siteCreditAccount } from "../../api/orders"
import { brand, pageTitle } from "../../brand"
import { BuySiteCredit } from "../../components/account/BuySiteCredit"
import { Pagination } from "../../components/Pagination"
import { pageFromSearch } from "../../lib/search"

export const Route = createFileRoute("/Account/SiteCredit")({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = pageFromSearch(search.page)
    return page > 1 ? { page } : {}
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context, deps, abortController }) => ({
    customerId: context.customerId,
    ...(await siteCreditAccount(context.customerId, deps.page, abortController.signal)),
  }),
  head: () => ({ meta: [{ title: pageTitle(brand.siteCredit.name) }] }),
  component: SiteCredit,
})

/** A signed amount: credit given is "+£1.00", credit spent "-£2.50". */
const signedMoney = (amount: number) =>
  amount > 0 ? `+${formatMoney(pence(amount))}` : formatMoney(pence(amount))

/**
 * The balance under the brand's name for it, docs/product/screens.md's buy control, and the
 * statement: every ledger entry, newest first and paged, each with why (an
 * order it paid for, credit bought or given back, an instant win).
 */
function SiteCredit() {
  const { customerId, siteCreditAccount: account } = Route.useLoaderData()
  return (
    <section className="space-y-6">
      <div className="card p-5 sm:p-8">
        <h2 className="display-title text-2xl">{brand.siteCredit.name}</h2>
        <p className="mt-6 text-sm font-semibold text-muted">Your balance</p>
        <p className="display-title mt-1 text-5xl text-accent tabular-nums">
          {formatMoney(pence(account.balance))}
        </p>
        <p className="mt-6 text-muted">
          {brand.siteCredit.name} pays for tickets: choose how much of it to use at checkout.
        </p>
        <Link to="/Competitions" className="btn-outline mt-6">
          View competitions
        </Link>
        <div className="mt-8 max-w-md">
          <BuySiteCredit customerId={customerId} />
        </div>
      </div>
      <h2 className="display-title text-xl">Statement</h2>
      {account.accountEntries.length > 0 ? (
        <div className="overflow-hidden rounded-xl border border-line">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{brand.siteCredit.name} account entries</caption>
            <thead className="bg-sunken text-xs font-bold tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2.5 sm:px-4">
                  Date
                </th>
                <th scope="col" className="px-3 py-2.5">
                  Description
                </th>
                <th scope="col" className="px-3 py-2.5 text-right sm:px-4">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {account.accountEntries.map((entry, index) => (
                <tr
                  // Entries have no id on the wire; their order on the page is theirs.
                  // biome-ignore lint/suspicious/noArrayIndexKey: a page's rows never reorder.
                  key={index}
                  className="align-top"
                >
                  <td className="px-3 py-3 whitespace-nowrap text-muted sm:px-4">
                    {ordinalDateTime(new Date(entry.transactionDateTime))}
                  </td>
                  <td className="px-3 py-3 break-words">{entry.description}</td>
                  <td
                    className={`px-3 py-3 text-right font-semibold whitespace-nowrap tabular-nums sm:px-4 ${entry.amount > 0 ? "text-accent" : ""}`}
                  >
                    {signedMoney(entry.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="card p-5 text-muted">
          Nothing here yet: credit you buy, spend or win will be listed here.
        </p>
      )}
      <Pagination
        label={`${brand.siteCredit.name} pages`}
        current={account.pageNumber}
        totalPages={account.totalPages}
        control={({ page, label, current, className, children }) => (
          <Link
            to="/Account/SiteCredit"
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
