import { Link } from "@tanstack/react-router"
import { accountLinks } from "../auth/account-links"
import { useSession } from "../auth/use-session"
import { activeNavLinks, brand } from "../brand"
import { Drawer } from "./Drawer"
import { Icon } from "./Icon"
import { Logo } from "./SiteHeader"
import { SocialLinks } from "./SocialLinks"

/** The offcanvas menu behind the hamburger on screens up to 991 px. */
export const MobileMenu = ({ open, onClose }: { open: boolean; onClose: () => void }) => (
  <Drawer id="mobile-menu" open={open} onClose={onClose} side="left" labelledBy="mobile-menu-title">
    <div className="flex items-center justify-between border-b border-line px-4 py-3">
      <h2 id="mobile-menu-title" className="sr-only">
        Menu
      </h2>
      <Logo className="h-9 w-auto" />
      <button type="button" className="icon-btn" aria-label="Close menu" onClick={onClose}>
        <Icon name="close" className="size-6" />
      </button>
    </div>
    <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {activeNavLinks().map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              onClick={onClose}
              activeOptions={{ exact: link.to === "/" }}
              activeProps={{ className: "bg-accent-soft text-accent", "aria-current": "page" }}
              inactiveProps={{ className: "hover:bg-sunken" }}
              className="flex min-h-12 items-center rounded-xl px-4 text-base font-bold uppercase tracking-wide"
            >
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <Link
            to="/Competitions/UpcomingDraw"
            onClick={onClose}
            activeProps={{ className: "bg-accent-soft text-accent", "aria-current": "page" }}
            inactiveProps={{ className: "hover:bg-sunken" }}
            className="flex min-h-12 items-center rounded-xl px-4 text-base font-bold uppercase tracking-wide"
          >
            Ending soon
          </Link>
        </li>
      </ul>
      <MobileAccount onClose={onClose} />
    </nav>
    <div className="border-t border-line px-4 py-4">
      <p className="mb-2 text-xs font-semibold text-muted">Follow {brand.shortName}</p>
      <SocialLinks />
    </div>
  </Drawer>
)

/** The login status and account menu of the top bar, for screens up to 991 px. */
const MobileAccount = ({ onClose }: { onClose: () => void }) => {
  const session = useSession()
  if (session.status === "starting") return null
  if (session.status === "signedOut") {
    return (
      <div className="mt-6 grid grid-cols-2 gap-3 px-1">
        <Link to="/Auth/Login" onClick={onClose} className="btn-primary">
          Login
        </Link>
        <Link to="/Auth/Register" onClick={onClose} className="btn-outline">
          Register
        </Link>
      </div>
    )
  }
  const { user } = session
  return (
    <div className="mt-6 border-t border-line pt-4">
      <Link
        to="/Account"
        onClick={onClose}
        className="flex min-h-12 items-center gap-3 rounded-xl px-4 font-bold hover:bg-sunken"
      >
        <span className="inline-flex size-8 items-center justify-center rounded-full bg-accent-soft text-accent">
          <Icon name="user" className="size-4.5" />
        </span>
        <span className="truncate">
          {user.firstName} {user.lastName}
        </span>
      </Link>
      <ul className="mt-1 space-y-0.5">
        {accountLinks.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              onClick={onClose}
              activeProps={{ className: "bg-accent-soft text-accent", "aria-current": "page" }}
              inactiveProps={{ className: "hover:bg-sunken" }}
              className="flex min-h-11 items-center rounded-xl ps-15 pe-4 text-sm font-semibold"
            >
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <Link
            to="/Auth/Logout"
            preload={false}
            onClick={onClose}
            className="flex min-h-11 items-center gap-2 rounded-xl ps-15 pe-4 text-sm font-semibold hover:bg-sunken"
          >
            Logout
          </Link>
        </li>
      </ul>
    </div>
  )
}
