import { Link } from "@tanstack/react-router"
import { basketButtonTitle } from "../lib/basket"
import { useBasketAvailable } from "./Basket"
import { Icon } from "./Icon"

const item =
  "flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-[0.7rem] font-bold tracking-wide uppercase"

/** The mobile bottom bar (docs/product/screens.md): Home, Competitions, Basket, Account. */
export const BottomBar = ({ onOpenBasket }: { onOpenBasket: () => void }) => {
  const available = useBasketAvailable()
  return (
    <nav
      aria-label="Quick links"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="flex">
        <li className="flex flex-1">
          <Link
            to="/"
            className={item}
            activeOptions={{ exact: true }}
            activeProps={{ className: "text-accent", "aria-current": "page" }}
            inactiveProps={{ className: "text-muted" }}
          >
            <Icon name="home" />
            Home
          </Link>
        </li>
        <li className="flex flex-1">
          <Link
            to="/Competitions"
            className={item}
            activeProps={{ className: "text-accent", "aria-current": "page" }}
            inactiveProps={{ className: "text-muted" }}
          >
            <Icon name="ticket" />
            Competitions
          </Link>
        </li>
        <li className="flex flex-1">
          <button
            type="button"
            className={`${item} text-muted disabled:opacity-50`}
            onClick={onOpenBasket}
            disabled={!available}
            title={basketButtonTitle(available)}
            aria-haspopup="dialog"
            aria-controls="basket-panel"
          >
            <Icon name="basket" />
            Basket
          </button>
        </li>
        <li className="flex flex-1">
          <Link
            to="/Account"
            className={item}
            activeProps={{ className: "text-accent", "aria-current": "page" }}
            inactiveProps={{ className: "text-muted" }}
          >
            <Icon name="user" />
            Account
          </Link>
        </li>
      </ul>
    </nav>
  )
}
