import {
  createRootRoute,
  HeadContent,
  Outlet,
  useRouter,
  useRouterState,
} from "@tanstack/react-router"
import { useEffect, useRef, useState } from "react"
import { logNavigation } from "../api/logging"
import { BasketPanel } from "../components/Basket"
import { BottomBar } from "../components/BottomBar"
import { ConnectivityGate } from "../components/Connectivity"
import { CookieBanner } from "../components/CookieBanner"
import { MobileMenu } from "../components/MobileMenu"
import { SiteFooter } from "../components/SiteFooter"
import { SiteHeader } from "../components/SiteHeader"
import { Ticker } from "../components/Ticker"
import { VerificationSentNotice } from "../components/VerificationSentNotice"

export const Route = createRootRoute({ component: Layout })

/** Every route sits in this layout (docs/product/screens.md). */
function Layout() {
  const [menuOpen, setMenuOpen] = useState(false)
  const [basketOpen, setBasketOpen] = useState(false)
  const pathname = useRouterState({ select: (s) => s.location.pathname })

  // A navigation (a link, or Back) closes whatever panel was open.
  const [shownPath, setShownPath] = useState(pathname)
  if (shownPath !== pathname) {
    setShownPath(pathname)
    setMenuOpen(false)
    setBasketOpen(false)
  }

  const main = useRef<HTMLElement>(null)
  const router = useRouter()
  // After moving to another page, screen-reader and keyboard users start at its content,
  // not wherever focus was on the page before.
  useEffect(
    () =>
      router.subscribe("onResolved", (event) => {
        if (event.fromLocation && event.pathChanged) main.current?.focus({ preventScroll: true })
      }),
    [router],
  )

  // docs/product/api.md: every completed navigation is reported to POST /api/Logging.
  useEffect(() => router.subscribe("onResolved", (e) => logNavigation(e.toLocation.href)), [router])

  return (
    <>
      <HeadContent />
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-accent px-4 py-2 font-bold text-accent-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <CookieBanner />
      <SiteHeader
        menuOpen={menuOpen}
        onOpenMenu={() => setMenuOpen(true)}
        onOpenBasket={() => setBasketOpen(true)}
      />
      <Ticker />
      <main ref={main} id="main" tabIndex={-1} className="min-h-[60vh] outline-none">
        <VerificationSentNotice />
        <ConnectivityGate>
          <Outlet />
        </ConnectivityGate>
      </main>
      <SiteFooter />
      <BottomBar onOpenBasket={() => setBasketOpen(true)} />
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      <BasketPanel open={basketOpen} onClose={() => setBasketOpen(false)} />
    </>
  )
}
