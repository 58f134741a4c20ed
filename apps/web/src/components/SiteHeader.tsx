import { Link } from "@tanstack/react-router"
import { activeNavLinks, brand } from "../brand"
import { BasketButton } from "./Basket"
import { Icon } from "./Icon"
import { LoginStatus } from "./LoginStatus"
import { ThemeToggle } from "./ThemeToggle"

export const Logo = ({ className = "h-10 w-auto" }: { className?: string }) => (
  <img src={brand.logoUrl} alt={brand.fullName} width={168} height={48} className={className} />
)

const navClass =
  "rounded-full px-4 py-2 text-sm font-bold tracking-wide uppercase transition-colors"
const activeNavClass = "bg-accent-soft text-accent"
const inactiveNavClass = "text-muted hover:bg-sunken hover:text-fg"

/** Top bar: logo, nav links, login status, dark mode and the basket (docs/product/screens.md). */
export const SiteHeader = ({
  menuOpen,
  onOpenMenu,
  onOpenBasket,
}: {
  menuOpen: boolean
  onOpenMenu: () => void
  onOpenBasket: () => void
}) => (
  <header className="sticky top-0 z-30 border-b border-line bg-card/90 backdrop-blur supports-[backdrop-filter]:bg-card/80">
    <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-5 lg:h-20">
      <button
        type="button"
        className="icon-btn lg:hidden"
        aria-label="Open menu"
        aria-expanded={menuOpen}
        aria-controls="mobile-menu"
        aria-haspopup="dialog"
        onClick={onOpenMenu}
      >
        <Icon name="menu" className="size-6" />
      </button>
      <Link to="/" className="shrink-0 rounded-lg" aria-label={`${brand.shortName} home`}>
        <Logo className="h-9 w-auto lg:h-12" />
      </Link>
      <nav aria-label="Main" className="ms-6 hidden lg:block">
        <ul className="flex items-center gap-1">
          {activeNavLinks().map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className={navClass}
                activeOptions={{ exact: link.to === "/" }}
                activeProps={{ className: activeNavClass, "aria-current": "page" }}
                inactiveProps={{ className: inactiveNavClass }}
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="ms-auto flex items-center gap-1 sm:gap-2">
        <div className="me-1 hidden items-center gap-1 lg:flex">
          <LoginStatus />
        </div>
        <ThemeToggle />
        <BasketButton onOpen={onOpenBasket} />
      </div>
    </div>
  </header>
)
