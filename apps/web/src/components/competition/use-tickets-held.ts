import { useEffect, useState } from "react"
import { ticketsHeld } from "../../api/orders"
import { useSession } from "../../auth/use-session"

export interface TicketsHeld {
  /** Tickets the customer holds here; 0 for a visitor, or when the count could not be read. */
  readonly held: number
  /** The count is still on its way: offering the whole allowance now would be a promise the server breaks. */
  readonly pending: boolean
}

/**
 * What the signed-in customer already holds in a competition, for the ticket
 * selector when the basket has no line for it (the line carries the same
 * count). Read again whenever the page is opened, so an order placed since
 * counts. A failure counts as none: the server still checks when tickets are added.
 */
export const useTicketsHeld = (competitionId: string): TicketsHeld => {
  const session = useSession()
  const customerId = session.status === "signedIn" ? session.user.customerId : null
  const key = customerId === null ? null : `${customerId}/${competitionId}`
  const [answer, setAnswer] = useState<{ key: string; held: number } | null>(null)

  useEffect(() => {
    if (customerId === null) return
    const controller = new AbortController()
    const answered = `${customerId}/${competitionId}`
    ticketsHeld(customerId, competitionId, controller.signal).then(
      (response) => setAnswer({ key: answered, held: response.ticketsHeld }),
      () => {
        if (!controller.signal.aborted) setAnswer({ key: answered, held: 0 })
      },
    )
    return () => controller.abort()
  }, [customerId, competitionId])

  if (session.status === "signedOut") return { held: 0, pending: false }
  if (answer !== null && answer.key === key) return { held: answer.held, pending: false }
  return { held: 0, pending: true }
}
