import { createFileRoute } from "@tanstack/react-router"
import { pageTitle } from "../../brand"
import { AccountsComingSoon } from "../../components/AccountsComingSoon"

export const Route = createFileRoute("/Auth/Login")({
  head: () => ({ meta: [{ title: pageTitle("Login") }] }),
  component: () => <AccountsComingSoon title="Login" />,
})
