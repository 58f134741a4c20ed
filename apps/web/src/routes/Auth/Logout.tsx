import { createFileRoute } from "@tanstack/react-router"
import { useEffect } from "react"
import { useLogout } from "../../auth/use-session"
import { pageTitle } from "../../brand"

export const Route = createFileRoute("/Auth/Logout")({
  head: () => ({ meta: [{ title: pageTitle("Logout") }] }),
  component: Logout,
})

/**
 * Logs out in an effect, never in a loader: links preload on hover, and a
 * hover must not end anyone's session.
 */
function Logout() {
  const logout = useLogout()
  useEffect(() => {
    void logout()
  }, [logout])
  return (
    <p role="status" className="px-5 py-20 text-center text-muted">
      Logging you out…
    </p>
  )
}
