import { formatMoney } from "@howzat/core/rules"
import { Link, useRouterState } from "@tanstack/react-router"
import { useEffect, useRef } from "react"
import { closeBasketPanel, reloadBasket, startBasket } from "../basket/store"
import { useBasketState } from "../basket/use-basket"
import {
  basketAvailableOn,
  basketButtonTitle,
  basketSummary,
  basketTexts,
  ticketItems,
} from "../lib/basket"
import { StandingNotice } from "./account/StandingNotice"
import { BasketLines } from "./basket/BasketLines"
import { BasketTotals } from "./basket/BasketTotals"
import { Drawer } from "./Drawer"
import { Icon } from "./Icon"

export const useBasketAvailable = () =>
  useRouterState({ select: (s) => basketAvailableOn(s.location.pathname) })

const BASKET_BUTTON_ID = "basket-button"

/**
 * Closing the basket returns focus to the basket button that opened it, or
 * to the top bar's when something else did ("Add to basket"): the button
 * now reads the new count and total, confirming what was added.
 */
const basketButtonFor = (opener: HTMLElement | null): Element | null =>
  opener?.getAttribute("aria-controls") === "basket-panel"
    ? opener
    : document.getElementById(BASKET_BUTTON_ID)

/** The top bar's basket icon with its item count and total (docs/product/screens.md). */
export const BasketButton = ({ onOpen }: { onOpen: () => void }) => {
  const available = useBasketAvailable()
  const { basket } = useBasketState()
  const { itemCount, total } = basketSummary(basket)
  return (
    <button
      type="button"
      onClick={onOpen}
      disabled={!available}
      title={basketButtonTitle(available)}
      aria-haspopup="dialog"
      aria-controls="basket-panel"
      id={BASKET_BUTTON_ID}
      data-testid="basket-button"
      className="relative inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-card py-1.5 ps-2 pe-3 text-sm font-bold transition-colors enabled:hover:border-accent disabled:cursor-not-allowed disabled:opacity-50"
    >
      <span className="sr-only">Basket:</span>
      <span className="relative inline-flex size-8 items-center justify-center rounded-full bg-accent text-accent-fg">
        <Icon name="basket" className="size-4.5" />
        <span className="absolute -top-1.5 -end-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-leather-500 px-1 text-[0.7rem] leading-5 text-white">
          {itemCount}
          <span className="sr-only"> {itemCount === 1 ? "item" : "items"},</span>
        </span>
      </span>
      <span className="tabular-nums">{formatMoney(total)}</span>
    </button>
  )
}

/** "Your Basket is empty", with somewhere to go next. */
export const EmptyBasket = ({ onNavigate }: { onNavigate?: () => void }) => (
  <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-10 text-center">
    <span className="inline-flex size-20 items-center justify-center rounded-full bg-accent-soft text-accent">
      <Icon name="basket" className="size-10" />
    </span>
    <p className="text-lg font-semibold">{basketTexts.empty}</p>
    <p className="text-sm text-muted">Pick a competition and choose your tickets to get started.</p>
    <Link to="/Competitions" className="btn-primary mt-2" onClick={onNavigate}>
      View competitions
    </Link>
  </div>
)

/** While the basket loads, or when the shop cannot be reached. */
export const BasketPending = ({ failed }: { failed: boolean }) =>
  failed ? (
    <div role="alert" className="flex flex-col items-center gap-4 px-6 py-10 text-center">
      <p className="font-semibold">We couldn't load your basket just now.</p>
      <button type="button" className="btn-outline" onClick={() => void reloadBasket()}>
        Try again
      </button>
    </div>
  ) : (
    <p role="status" className="px-6 py-10 text-center text-muted">
      Loading your basket…
    </p>
  )

/**
 * The slide-in basket (docs/product/screens.md). It opens from the top bar (the layout's
 * state) or after adding tickets (the store's), and closes on navigation.
 * It also starts the basket: the panel is on every page.
 */
export const BasketPanel = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { basket, status, panelOpen } = useBasketState()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  // A navigation closes the panel the store opened (the layout closes its own).
  const shownPath = useRef(pathname)
  useEffect(() => {
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    closeBasketPanel()
  }, [pathname])
  useEffect(() => startBasket(), [])

  const close = () => {
    onClose()
    closeBasketPanel()
  }
  const hasItems = ticketItems(basket).length > 0
  return (
    <Drawer
      id="basket-panel"
      open={open || panelOpen}
      onClose={close}
      side="right"
      labelledBy="basket-title"
      returnFocusTo={basketButtonFor}
    >
      <div className="flex items-center justify-between border-b border-line px-5 py-4">
        <h2 id="basket-title" className="display-title text-xl">
          Your Basket
        </h2>
        <button type="button" className="icon-btn" aria-label="Close basket" onClick={close}>
          <Icon name="close" />
        </button>
      </div>
      {basket === null ? (
        <BasketPending failed={status === "error"} />
      ) : hasItems ? (
        <div className="flex-1 overflow-y-auto px-5">
          {/* Said at the first add, not first at checkout: a basket fills on a break, but can't be bought. */}
          {open || panelOpen ? (
            <div className="pt-4">
              <StandingNotice />
            </div>
          ) : null}
          <BasketLines onNavigate={close} />
        </div>
      ) : (
        <EmptyBasket onNavigate={close} />
      )}
      {basket && hasItems ? (
        <div className="space-y-4 border-t border-line px-5 py-4">
          <BasketTotals basket={basket} />
          <div className="grid grid-cols-2 gap-3">
            <Link to="/Basket" className="btn-outline px-3 whitespace-nowrap" onClick={close}>
              VIEW BASKET
            </Link>
            <Link to="/Checkout" className="btn-primary px-3 whitespace-nowrap" onClick={close}>
              CHECKOUT
            </Link>
          </div>
        </div>
      ) : null}
    </Drawer>
  )
}
