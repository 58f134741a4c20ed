import type { AccountStandingResponseJson } from "@howzat/contracts/standing"
import { ordinalDateTime } from "@howzat/core/rules"
import { Link } from "@tanstack/react-router"

type Standing = AccountStandingResponseJson["standing"]

/**
 * On every account page while the account is on a break or closed: until
 * when, what still works, and where support is (decision 0043).
 */
export const StandingBanner = ({ standing }: { standing: Standing | null }) => {
  if (standing === null || standing.status === "Active") return null
  const headline =
    standing.status === "Paused" && standing.pausedUntil
      ? `Your account is on a break until ${ordinalDateTime(new Date(standing.pausedUntil))}.`
      : "Your account is closed."
  return (
    <div
      role="status"
      data-testid="standing-banner"
      className="mb-6 space-y-2 rounded-xl border border-accent/30 bg-accent-soft px-4 py-3 text-sm"
    >
      <p className="font-bold">{headline}</p>
      <p>
        You can't buy tickets or enter competitions
        {standing.status === "Paused" ? " until then" : ""}. You can still see your orders, tickets
        and wins. Support and advice are on our{" "}
        <Link to="/ResponsiblePlay" className="font-semibold underline underline-offset-2">
          Responsible play
        </Link>{" "}
        page, and from GamCare (0808 8020 133), BeGambleAware and GAMSTOP.
      </p>
    </div>
  )
}
