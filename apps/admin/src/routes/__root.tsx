import { createRootRoute, HeadContent, Outlet } from "@tanstack/react-router"
import { pageTitle } from "../lib/page-title"

export const Route = createRootRoute({
  head: () => ({ meta: [{ title: pageTitle() }] }),
  component: () => (
    <>
      <HeadContent />
      <Outlet />
    </>
  ),
})
