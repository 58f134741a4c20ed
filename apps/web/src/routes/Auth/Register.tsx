import { createFileRoute } from "@tanstack/react-router"
import { pageTitle } from "../../brand"
import { AccountsComingSoon } from "../../components/AccountsComingSoon"

export const Route = createFileRoute("/Auth/Register")({
  head: () => ({ meta: [{ title: pageTitle("Register") }] }),
  component: () => <AccountsComingSoon title="Register" />,
})
