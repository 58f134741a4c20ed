import { Link } from "@tanstack/react-router"
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
      <div className="mt-6 grid grid-cols-2 gap-3 px-1">
        <Link to="/Auth/Login" onClick={onClose} className="btn-primary">
          Login
        </Link>
        <Link to="/Auth/Register" onClick={onClose} className="btn-outline">
          Register
        </Link>
      </div>
    </nav>
    <div className="border-t border-line px-4 py-4">
      <p className="mb-2 text-xs font-semibold text-muted">Follow {brand.shortName}</p>
      <SocialLinks />
    </div>
  </Drawer>
)
