import type { AccountStandingResponseJson } from "@howzat/contracts/standing"
import { PAUSE_LENGTH_LABELS } from "@howzat/core/rules"
import { formatDateTime } from "../../lib/format"

type Standing = AccountStandingResponseJson["standing"]

const statusText = (standing: Standing) =>
  standing.status === "Paused" && standing.pausedUntil
    ? `On a break until ${formatDateTime(standing.pausedUntil)}${standing.pauseLength ? ` (${PAUSE_LENGTH_LABELS[standing.pauseLength]})` : ""}`
    : standing.status === "Closed" && standing.closedAt
      ? `Closed on ${formatDateTime(standing.closedAt)}`
      : "Active"

const ageText = (age: Standing["ageVerification"]) =>
  age === null
    ? "Not checked yet (checked at their first purchase)"
    : `${age.outcome === "NeedsDocuments" ? "Needs documents" : age.outcome}: ${age.reason} (${age.method}, ${formatDateTime(age.at)})`

/**
 * Responsible play on the customer screen (decision 0043), read-only: no
 * one in the back office may shorten or lift a break, or reopen an account.
 */
export function CustomerStanding({ standing }: { readonly standing: Standing }) {
  const protectedNow = standing.status !== "Active"
  return (
    <section className="card mb-4 space-y-2 p-4 text-sm" aria-labelledby="customer-standing">
      <h2 id="customer-standing" className="font-semibold">
        Responsible play
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Account</dt>
          <dd className="font-medium" data-testid="customer-standing">
            {statusText(standing)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Age verification</dt>
          <dd className="font-medium">{ageText(standing.ageVerification)}</dd>
        </div>
      </dl>
      {protectedNow && (
        <p className="text-slate-700">
          No purchases, no entries (postal ones included) and no marketing email while{" "}
          {standing.status === "Closed" ? "the account is closed" : "the break runs"}, whatever
          their marketing choices say. A break cannot be shortened or lifted by anyone.
          {standing.status === "Closed" ? " Any site credit left is theirs to be refunded." : ""}
        </p>
      )}
    </section>
  )
}
