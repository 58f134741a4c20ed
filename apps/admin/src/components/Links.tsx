import { Link } from "@tanstack/react-router"
import type { ReactNode } from "react"

/**
 * Typed links from one screen to the record another screen shows, so staff
 * follow a winner, an order line or a draw to what it is about.
 */
const LINK = "font-medium text-primary-800 underline"

export function CompetitionLink({
  id,
  children,
}: {
  readonly id: string
  readonly children: ReactNode
}) {
  return (
    <Link to="/competitions/$competitionId" params={{ competitionId: id }} className={LINK}>
      {children}
    </Link>
  )
}

/** A customer's name as a link; the plain text when there is no customer record to open. */
export function CustomerLink({
  id,
  children,
}: {
  readonly id: string | null
  readonly children: ReactNode
}) {
  if (id === null) return <>{children}</>
  return (
    <Link to="/customers/$customerId" params={{ customerId: id }} className={LINK}>
      {children}
    </Link>
  )
}
