import { useId, useState } from "react"
import { api } from "../api"
import { readClaimWindow } from "../lib/redraws"
import { useAction } from "../lib/use-action"
import { ErrorNote } from "./PageStates"

/**
 * The shop's claim window: how many days a main winner has to claim before
 * staff may redraw the prize. One for the whole shop, as the terms state it.
 */
export function ClaimWindowSetting({
  days,
  onSaved,
}: {
  readonly days: number
  readonly onSaved: (message: string) => void
}) {
  const id = useId()
  const errorId = useId()
  const [typed, setTyped] = useState(String(days))
  const [invalid, setInvalid] = useState<string | undefined>()
  const save = useAction((next: number) =>
    api.draws.setClaimWindow({ payload: { claimWindowDays: next } }),
  )
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={async (e) => {
        e.preventDefault()
        const read = readClaimWindow(typed)
        if (!read.ok) {
          setInvalid(read.message)
          return
        }
        setInvalid(undefined)
        const saved = await save.run(read.days)
        if (saved) onSaved(`Claim window set to ${saved.claimWindowDays} days.`)
      }}
    >
      <div className="space-y-1">
        <label htmlFor={id} className="label">
          Claim window (days)
        </label>
        <input
          id={id}
          className="input w-24"
          inputMode="numeric"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-invalid={invalid !== undefined}
          aria-describedby={invalid ? errorId : undefined}
        />
      </div>
      <button type="submit" className="btn" disabled={save.pending}>
        {save.pending ? "Saving…" : "Save"}
      </button>
      {invalid && (
        <p id={errorId} role="alert" className="w-full text-sm text-red-700">
          {invalid}
        </p>
      )}
      <div className="w-full">
        <ErrorNote error={save.error} />
      </div>
    </form>
  )
}
