import type { MainPrizeWinnerJson } from "@howzat/contracts/competition-winners"
import { useId, useState } from "react"
import { api } from "../api"
import { formatPence } from "../lib/format"
import { useAction } from "../lib/use-action"
import { ErrorNote } from "./PageStates"

type AwardedAs = MainPrizeWinnerJson["prizeAwardedAs"]

/**
 * How the main prize was awarded (decision 0045): as described,
 * or as the cash alternative the competition stated (offered only when it
 * stated one). Saved as soon as it is chosen; the server's refusal is shown.
 */
export function PrizeAwardedCell({ winner }: { readonly winner: MainPrizeWinnerJson }) {
  const id = useId()
  const [saved, setSaved] = useState("")
  // The answer is kept here: one choice does not need the whole list of winners loaded again.
  const [value, setValue] = useState<AwardedAs>(winner.prizeAwardedAs)
  const save = useAction(
    (prizeAwardedAs: AwardedAs) =>
      api.competitionWinners.setMainPrizeAwardedAs({
        path: { competitionId: winner.competition.id, ticketNumber: winner.ticketNumber },
        payload: { prizeAwardedAs },
      }),
    { reload: false },
  )
  const cash = winner.cashAlternativeValue
  return (
    <div className="min-w-44 space-y-1">
      <label htmlFor={id} className="sr-only">
        Prize awarded as: {winner.winner.fullName ?? "No customer record"}, ticket{" "}
        {winner.ticketNumber}
      </label>
      <select
        id={id}
        className="input"
        value={value ?? ""}
        disabled={save.pending}
        onChange={async (e) => {
          setSaved("")
          const next = e.target.value === "" ? null : (e.target.value as NonNullable<AwardedAs>)
          const answer = await save.run(next)
          if (answer) {
            setValue(answer.mainPrizeWinner.prizeAwardedAs)
            setSaved("Saved")
          }
        }}
      >
        <option value="">Not recorded yet</option>
        <option value="Prize">The prize as described</option>
        {cash !== null || value === "CashAlternative" ? (
          <option value="CashAlternative">
            Cash alternative{cash !== null ? ` (${formatPence(cash)})` : ""}
          </option>
        ) : null}
      </select>
      {cash === null && <p className="text-xs text-slate-500">No cash alternative stated.</p>}
      <p aria-live="polite" className="text-xs text-emerald-800">
        {saved}
      </p>
      <ErrorNote error={save.error} />
    </div>
  )
}
