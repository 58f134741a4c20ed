import { createRouter, RouterProvider } from "@tanstack/react-router"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { startSession } from "./auth/session"
import { PagePending, RedirectHome, RouteError } from "./components/PageStates"
import { routeTree } from "./routeTree.gen"
import { startTracking } from "./tracking"
import "./styles.css"

// SPEC §4: whoever the refresh cookie belongs to is logged in as the app starts.
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

const root = document.getElementById("root")
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
}
