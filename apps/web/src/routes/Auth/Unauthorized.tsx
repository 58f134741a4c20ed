import { createFileRoute, Link } from "@tanstack/react-router"
import { brand, pageTitle } from "../../brand"
import { MessagePage } from "../../components/MessagePage"

export const Route = createFileRoute("/Auth/Unauthorized")({
  head: () => ({ meta: [{ title: pageTitle("Unauthorized") }] }),
  component: Unauthorized,
})

/** docs/product/roles.md: a logged-in user without a customer account meets this instead of the account pages. */
function Unauthorized() {
  return (
    <MessagePage icon="user">
      <h1 className="display-title text-3xl">Unauthorized</h1>
      <p className="mt-3 text-muted">
        These pages are for {brand.shortName} customers, and this login has no customer account.
        Questions? Email{" "}
        <a
          className="font-semibold text-accent hover:underline"
          href={`mailto:${brand.customerCareEmail}`}
        >
          {brand.customerCareEmail}
        </a>
        .
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Go home
        </Link>
        <Link to="/Auth/Logout" preload={false} className="btn-outline">
          Logout
        </Link>
      </div>
    </MessagePage>
  )
}
