import { ordinalDate } from "@howzat/core/rules"
import { createRouter, RouterProvider } from "@tanstack/react-router"
import { StrictMode, startTransition } from "react"
import { createRoot } from "react-dom/client"
import { startSession } from "./auth/session"
import { PagePending, RedirectHome, RouteError } from "./components/PageStates"
import { routeTree } from "./routeTree.gen"
import { startTracking } from "./tracking"
import "./styles.css"

// docs/product/states.md: whoever the refresh cookie belongs to is logged in as the app starts.
void startSession()
// Tracking follows the visitor's cookie consent from the first moment (decision 0040).
startTracking()

const router = createRouter({
  routeTree,
  // Hovering or focusing a link starts loading its page's code and data.
  defaultPreload: "intent",
  defaultPendingComponent: PagePending,
  defaultPendingMs: 400,
  defaultErrorComponent: RouteError,
  defaultNotFoundComponent: RedirectHome,
  scrollRestoration: true,
})

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router
  }
}

/**
 * How long the first page may take to load its data and code before the
 * layout shows without it (then with the page's pending state, as for any
 * slow page): the router's own pending delay.
 */
const FIRST_PAGE_WAIT_MS = 400

const root = document.getElementById("root")
if (root) {
  const app = createRoot(root)
  const show = () =>
    // A transition lets React render the first page in slices of a few milliseconds,
    // yielding between them, instead of one long task. It renders once, whole, because
    // the page's data is already in (Home's is preloaded, decision 0051); a router state
    // change would render at once and in one piece, as its store updates must (decision 0092).
    startTransition(() =>
      app.render(
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
      ),
    )
  let shown = false
  const showOnce = () => {
    if (shown) return
    shown = true
    show()
  }
  // Errors land in the router's state and show as the page's error, so both ends show it.
  router.load().then(showOnce, showOnce)
  setTimeout(showOnce, FIRST_PAGE_WAIT_MS)
  // The London-time formatter takes ICU's zone data to build, the first time only: built
  // here, while the page's data is on its way, it is not one long slice of the render.
  ordinalDate(new Date())
}
