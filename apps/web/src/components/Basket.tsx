import { formatMoney, ZERO_PENCE } from "@howzat/core/rules/money"
import { Link, useRouterState } from "@tanstack/react-router"
import { basketAvailableOn, basketButtonTitle } from "../lib/basket"
import { Drawer } from "./Drawer"
import { Icon } from "./Icon"

/** Until the basket issue lands the basket is always empty. */
const basketSummary = { itemCount: 0, total: ZERO_PENCE }

export const useBasketAvailable = () =>
  useRouterState({ select: (s) => basketAvailableOn(s.location.pathname) })

/** The top bar's basket icon with its item count and total. */
export const BasketButton = ({ onOpen }: { onOpen: () => void }) => {
  const available = useBasketAvailable()
  const { itemCount, total } = basketSummary
  return (
    <button
      type="button"
      onClick={onOpen}
      disabled={!available}
      title={basketButtonTitle(available)}
      aria-haspopup="dialog"
      aria-controls="basket-panel"
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

/** The slide-in basket. Empty for now: buying arrives with the basket issue. */
export const BasketPanel = ({ open, onClose }: { open: boolean; onClose: () => void }) => (
  <Drawer id="basket-panel" open={open} onClose={onClose} side="right" labelledBy="basket-title">
    <div className="flex items-center justify-between border-b border-line px-5 py-4">
      <h2 id="basket-title" className="display-title text-xl">
        Your Basket
      </h2>
      <button type="button" className="icon-btn" aria-label="Close basket" onClick={onClose}>
        <Icon name="close" />
      </button>
    </div>
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="inline-flex size-20 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Icon name="basket" className="size-10" />
      </span>
      <p className="text-lg font-semibold">Your Basket is empty</p>
      <p className="text-sm text-muted">
        Pick a competition and choose your tickets to get started.
      </p>
      <Link to="/Competitions" className="btn-primary mt-2" onClick={onClose}>
        View competitions
      </Link>
    </div>
    <div className="border-t border-line px-5 py-4 text-sm">
      <div className="flex items-center justify-between font-bold">
        <span>TOTAL</span>
        <span className="tabular-nums">{formatMoney(basketSummary.total)}</span>
      </div>
    </div>
  </Drawer>
)
