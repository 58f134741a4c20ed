import { createFileRoute, Link, Outlet } from "@tanstack/react-router"
import { getStanding } from "../../api/standing"
import { accountLinks } from "../../auth/account-links"
import { requireCustomer } from "../../auth/guard"
import { useCustomer } from "../../auth/use-session"
import { ResponsiblePlayPanel } from "../../components/account/ResponsiblePlayPanel"
import { StandingBanner } from "../../components/account/StandingBanner"
import { Icon } from "../../components/Icon"

/** Every /Account page needs a customer (docs/product/screens.md, docs/product/roles.md); they share this frame and menu. */
export const Route = createFileRoute("/Account")({
  beforeLoad: requireCustomer,
  // A break or closure shows on every account page; a failed read shows nothing, never an error.
  loader: ({ context, abortController }) =>
    getStanding(context.customerId, abortController.signal).then(
      ({ standing }) => standing,
      () => null,
    ),
  component: AccountLayout,
})

const linkClass =
  "flex min-h-11 shrink-0 items-center rounded-full px-4 text-sm font-bold whitespace-nowrap lg:rounded-xl"

function AccountLayout() {
  const customer = useCustomer()
  return (
    <div className="mx-auto max-w-7xl px-3 py-8 sm:px-5 lg:py-12">
      <p className="eyebrow mb-2">My account</p>
      <h1 className="display-title mb-6 text-3xl sm:text-4xl">
        {customer ? `Hi, ${customer.firstName}` : "My Account"}
      </h1>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <nav aria-label="My account" className="-mx-3 min-w-0 sm:mx-0">
          <ul className="flex gap-2 overflow-x-auto px-3 pb-1 sm:px-0 lg:flex-col lg:gap-1 lg:overflow-visible">
            {accountLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className={linkClass}
                  activeProps={{ className: "bg-accent text-accent-fg", "aria-current": "page" }}
                  inactiveProps={{
                    className:
                      "bg-card border border-line hover:border-accent lg:border-transparent lg:bg-transparent lg:hover:bg-sunken",
                  }}
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to="/Auth/Logout"
                preload={false}
                className={`${linkClass} gap-2 border border-line bg-card text-muted hover:text-fg lg:border-transparent lg:bg-transparent lg:hover:bg-sunken`}
              >
                <Icon name="logout" className="size-4" />
                Logout
              </Link>
            </li>
          </ul>
        </nav>
        <div className="min-w-0">
          <StandingBanner standing={Route.useLoaderData()} />
          {customer?.customerId ? <ResponsiblePlayPanel customerId={customer.customerId} /> : null}
          <Outlet />
        </div>
      </div>
    </div>
  )
}
