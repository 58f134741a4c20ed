import type { AccountStandingResponseJson } from "@howzat/contracts/standing"
import { useEffect, useState } from "react"
import { getStanding } from "../../api/standing"
import { useCustomer } from "../../auth/use-session"
import { StandingBanner } from "./StandingBanner"

/**
 * The basket and checkout say before anything is tried that a signed-in
 * customer on a break or closed cannot buy (decision 0043); a failed read
 * shows nothing, and checkout still refuses with the same words.
 */
export const StandingNotice = () => {
  const customerId = useCustomer()?.customerId ?? null
  const [standing, setStanding] = useState<AccountStandingResponseJson["standing"] | null>(null)
  useEffect(() => {
    setStanding(null)
    if (customerId === null) return
    const controller = new AbortController()
    getStanding(customerId, controller.signal).then(
      ({ standing: read }) => setStanding(read),
      () => setStanding(null),
    )
    return () => controller.abort()
  }, [customerId])
  return <StandingBanner standing={standing} />
}
