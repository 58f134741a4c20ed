import { createFileRoute, Link, Outlet, redirect, useNavigate } from "@tanstack/react-router"
import { useState, useSyncExternalStore } from "react"
import { navItems } from "../components/nav"
import { backOfficeName } from "../lib/page-title"
import { getSession, signOut, startSession, subscribeSession } from "../session"

/** Every screen but sign-in sits behind this: staff only, in the back office's frame. */
export const Route = createFileRoute("/_staff")({
  beforeLoad: async ({ location }) => {
    await startSession()
    const session = getSession()
    if (session.status !== "signedIn") {
      throw redirect({ to: "/sign-in", search: { redirect: location.href } })
    }
    return { user: session.user }
  },
  component: Shell,
})

function Shell() {
  const session = useSyncExternalStore(subscribeSession, getSession)
  const navigate = useNavigate()
  const [menuOpen, setMenuOpen] = useState(false)
  if (session.status !== "signedIn") {
    void navigate({ to: "/sign-in" })
    return null
  }
  const { user } = session
  const items = navItems.filter((item) => !item.admin || user.role === "Admin")
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[14rem_1fr]">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 btn"
      >
        Skip to content
      </a>
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 lg:hidden">
        <span className="font-semibold">{backOfficeName}</span>
        <button
          type="button"
          className="btn"
          aria-expanded={menuOpen}
          aria-controls="staff-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
      </header>
      <aside
        className={`${menuOpen ? "block" : "hidden"} border-b border-slate-200 bg-white lg:block lg:min-h-dvh lg:border-r lg:border-b-0`}
      >
        <p className="hidden px-4 pt-4 pb-2 font-semibold lg:block">{backOfficeName}</p>
        <nav id="staff-nav" aria-label="Back office">
          <ul className="grid grid-cols-2 gap-1 p-2 sm:grid-cols-3 lg:grid-cols-1">
            {items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={() => setMenuOpen(false)}
                  activeOptions={{ exact: item.to === "/" }}
                  className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100"
                  activeProps={{
                    className: "bg-primary-50 font-semibold text-primary-800",
                    "aria-current": "page",
                  }}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-slate-200 p-4 text-sm">
          <p className="font-medium">
            {user.firstName} {user.lastName}
          </p>
          <p className="text-slate-500">{user.role}</p>
          <Link to="/account" className="mt-1 block text-primary-700 underline">
            Your account
          </Link>
          <button
            type="button"
            className="btn mt-2"
            onClick={async () => {
              await signOut()
              await navigate({ to: "/sign-in" })
            }}
          >
            Sign out
          </button>
        </div>
      </aside>
      <main id="content" tabIndex={-1} className="min-w-0 p-4 lg:p-6">
        <Outlet />
      </main>
    </div>
  )
}
