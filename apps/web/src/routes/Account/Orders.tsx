import { createFileRoute, Link } from "@tanstack/react-router"
import { pageTitle } from "../../brand"
import { EmptyState } from "../../components/PageStates"

export const Route = createFileRoute("/Account/Orders")({
  head: () => ({ meta: [{ title: pageTitle("My Orders") }] }),
  component: Orders,
})

/** Orders are placed through the basket, which is not built yet: nobody has one so far. */
function Orders() {
  return (
    <section>
      <h2 className="display-title mb-4 text-2xl">Recent Orders</h2>
      <EmptyState title="You haven't placed any orders yet.">
        <Link to="/Competitions" className="btn-primary">
          View competitions
        </Link>
      </EmptyState>
    </section>
  )
}
