import { createFileRoute, redirect } from "@tanstack/react-router"

/** SPEC §2: /Account is the tickets page. */
export const Route = createFileRoute("/Account/")({
  beforeLoad: () => {
    throw redirect({ to: "/Account/Tickets", replace: true })
  },
})
