import { createFileRoute, Link } from "@tanstack/react-router"
import { useBasketState } from "../basket/use-basket"
import { pageTitle } from "../brand"
import { StandingNotice } from "../components/account/StandingNotice"
import { BasketPending, EmptyBasket } from "../components/Basket"
import { BasketLines } from "../components/basket/BasketLines"
import { BasketTotals } from "../components/basket/BasketTotals"
import { PageHeading } from "../components/PageStates"
import { ticketItems } from "../lib/basket"

export const Route = createFileRoute("/Basket")({
  head: () => ({ meta: [{ title: pageTitle("Basket") }] }),
  component: BasketPage,
})

/** The basket panel as a page (docs/product/screens.md), for the bottom bar and for sharing a link. */
function BasketPage() {
  const { basket, status } = useBasketState()
  return (
    <div className="mx-auto max-w-4xl px-3 py-8 sm:px-5 lg:py-12">
      <PageHeading title="Your Basket" />
      <StandingNotice />
      {basket === null ? (
        <div className="card">
          <BasketPending failed={status === "error"} />
        </div>
      ) : ticketItems(basket).length === 0 ? (
        <div className="card">
          <EmptyBasket />
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
          <section aria-label="Basket items" className="card px-5">
            <BasketLines />
          </section>
          <section aria-label="Basket total" className="card space-y-5 p-5">
            <BasketTotals basket={basket} />
            <Link to="/Checkout" className="btn-primary w-full">
              CHECKOUT
            </Link>
            <Link to="/Competitions" className="btn-outline w-full">
              Keep browsing
            </Link>
          </section>
        </div>
      )}
    </div>
  )
}
