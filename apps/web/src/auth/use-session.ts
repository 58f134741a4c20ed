import { useNavigate } from "@tanstack/react-router"
import { useCallback, useSyncExternalStore } from "react"
import { getSession, logout, type SessionUser, subscribeSession } from "./session"

export const useSession = () => useSyncExternalStore(subscribeSession, getSession, getSession)

/** The logged-in customer, or null while anonymous or still starting. */
export const useCustomer = (): SessionUser | null => {
  const session = useSession()
  return session.status === "signedIn" ? session.user : null
}

/** docs/product/states.md: logout revokes, clears the user and token, stops the timer and goes home unless silent. */
export const useLogout = () => {
  const navigate = useNavigate()
  return useCallback(
    async ({ silent = false }: { silent?: boolean } = {}) => {
      await logout()
      if (!silent) await navigate({ to: "/", replace: true })
    },
    [navigate],
  )
}
