import { createFileRoute, redirect } from "@tanstack/react-router"

/** docs/product/screens.md: /Account is the tickets page. */
export const Route = createFileRoute("/Account/")({
  beforeLoad: () => {
    throw redirect({ to: "/Account/Tickets", replace: true })
  },
})
