import { Link } from "@tanstack/react-router"
import { useId, useRef, useState } from "react"
import { accountLinks } from "../auth/account-links"
import type { SessionUser } from "../auth/session"
import { useSession } from "../auth/use-session"
import { Icon } from "./Icon"

/**
 * The top bar's login status (docs/product/screens.md): the customer's name linking to
 * /Account with the account menu beside it, or Register and Login.
 */
export const LoginStatus = () => {
  const session = useSession()
  if (session.status === "starting") return <span className="w-40" aria-hidden="true" />
  if (session.status === "signedIn") return <AccountMenu user={session.user} />
  return (
    <>
      <Link
        to="/Auth/Register"
        className="rounded-full px-3 py-2 text-sm font-bold hover:bg-sunken"
      >
        Register
      </Link>
      <Link to="/Auth/Login" className="btn-outline min-h-10 px-4 py-1.5">
        Login
      </Link>
    </>
  )
}

const itemClass =
  "flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-sm font-semibold hover:bg-sunken focus-visible:bg-sunken"

/** A popover (light dismiss, Escape, top layer) placed under its button. */
const AccountMenu = ({ user }: { user: SessionUser }) => {
  const id = useId()
  const menuId = `account-menu-${id.replace(/[^a-zA-Z0-9_-]/g, "")}`
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const name = `${user.firstName} ${user.lastName}`.trim()

  const place = () => {
    const anchor = button.current?.getBoundingClientRect()
    const panel = menu.current
    if (!anchor || !panel) return
    panel.style.top = `${anchor.bottom + 8}px`
    panel.style.right = `${Math.max(8, window.innerWidth - anchor.right)}px`
  }
  const close = () => menu.current?.hidePopover()

  return (
    <div className="flex items-center">
      <Link
        to="/Account"
        className="flex min-h-10 max-w-56 items-center gap-2 rounded-full py-1.5 ps-1.5 pe-3 text-sm font-bold hover:bg-sunken"
      >
        <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
          <Icon name="user" className="size-4.5" />
        </span>
        <span className="truncate">{name}</span>
      </Link>
      <button
        ref={button}
        type="button"
        className="icon-btn size-9"
        popoverTarget={menuId}
        aria-label="Account menu"
        aria-expanded={open}
        aria-controls={menuId}
      >
        <Icon
          name="chevronDown"
          className={`size-4.5 transition-transform ${open ? "rotate-180" : ""}`}
        />
      </button>
      <div
        ref={menu}
        id={menuId}
        popover="auto"
        className="menu-popover"
        onBeforeToggle={(event) => {
          if (event.newState === "open") place()
        }}
        onToggle={(event) => setOpen(event.newState === "open")}
      >
        <nav aria-label="Account menu">
          <p className="truncate px-3 pt-1 pb-2 text-xs font-semibold text-muted">
            {user.emailAddress}
          </p>
          <ul>
            {accountLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={itemClass} onClick={close}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li className="mt-1 border-t border-line pt-1">
              <Link to="/Auth/Logout" preload={false} className={itemClass} onClick={close}>
                <Icon name="logout" className="size-4" />
                Logout
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  )
}
