import { createRouter, RouterProvider } from "@tanstack/react-router"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { Loading, NotFound, RouteError } from "./components/PageStates"
import { routeTree } from "./routeTree.gen"
import { startSession } from "./session"
import "./styles.css"

// Whoever the refresh cookie belongs to is signed in as the app starts, if staff.
void startSession()

const router = createRouter({
  routeTree,
  basepath: "/admin",
  defaultPreload: "intent",
  // Staff data changes under them (orders, draws): a screen always loads fresh.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: () => <Loading />,
  defaultPendingMs: 300,
  defaultErrorComponent: RouteError,
  defaultNotFoundComponent: NotFound,
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
