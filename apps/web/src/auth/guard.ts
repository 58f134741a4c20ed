import { type ParsedLocation, redirect } from "@tanstack/react-router"
import { getSession, type SessionState, startSession } from "./session"

export type GuardDecision = "allow" | "login" | "unauthorized"

/** docs/product/roles.md: anonymous visitors log in first; a user without a customerId may not enter. */
export const guardDecision = (session: SessionState): GuardDecision => {
  if (session.status !== "signedIn") return "login"
  return session.user.customerId ? "allow" : "unauthorized"
}

/**
 * `beforeLoad` of every page that needs a customer. Waits for the refresh
 * made at start, so a reload of an account page does not bounce a
 * logged-in customer to the login page. Gives child loaders the customerId.
 */
export const requireCustomer = async ({
  location,
}: {
  location: ParsedLocation
}): Promise<{ customerId: string }> => {
  await startSession()
  const session = getSession()
  const decision = guardDecision(session)
  if (decision === "login") {
    throw redirect({ to: "/Auth/Login", search: { returnUrl: location.href } })
  }
  if (decision === "unauthorized" || session.status !== "signedIn" || !session.user.customerId) {
    throw redirect({ to: "/Auth/Unauthorized" })
  }
  return { customerId: session.user.customerId }
}
