import { useEffect, useState } from "react"
import { openCompetitionsHeld } from "../../api/orders"
import { useCustomer } from "../../auth/use-session"

/**
 * One answer serves every tile of a page: the tiles mount together, and a
 * page opened a little later asks again, so an order paid since counts.
 */
const FRESH_MS = 10_000

let asked: { customerId: string; at: number; ids: Promise<ReadonlySet<string>> } | null = null

const heldBy = (customerId: string): Promise<ReadonlySet<string>> => {
  if (asked !== null && asked.customerId === customerId && Date.now() - asked.at < FRESH_MS)
    return asked.ids
  const ids = openCompetitionsHeld(customerId).then(
    (answer) => new Set(answer.competitionIds),
    // Not knowing is not holding: the tile then offers the plain invitation.
    () => new Set<string>(),
  )
  asked = { customerId, at: Date.now(), ids }
  return ids
}

/**
 * Whether the signed-in customer already owns tickets in this open
 * competition, so its tile may invite them to purchase more; false for a
 * visitor, and until the answer comes.
 */
export const useHoldsTickets = (competitionId: string): boolean => {
  const customerId = useCustomer()?.customerId ?? null
  const [held, setHeld] = useState<{ customerId: string; ids: ReadonlySet<string> } | null>(null)

  useEffect(() => {
    if (customerId === null) return
    let current = true
    void heldBy(customerId).then((ids) => {
      if (current) setHeld({ customerId, ids })
    })
    return () => {
      current = false
    }
  }, [customerId])

  return customerId !== null && held?.customerId === customerId && held.ids.has(competitionId)
}
