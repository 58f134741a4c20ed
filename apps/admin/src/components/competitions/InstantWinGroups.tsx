import type { CompetitionJson, TicketListJson } from "@howzat/contracts/catalogue"
import { useState } from "react"
import { api } from "../../api"
import { formatPence, parseExactPounds } from "../../lib/format"
import { fieldErrors } from "../../lib/problems"
import { useAction } from "../../lib/use-action"
import { ConfirmDialog } from "../Confirm"
import { ErrorNote } from "../PageStates"

type Group = CompetitionJson["instantWinGroups"][number]

interface Draft {
  name: string
  ticketCount: string
  prize: string
}

/**
 * A group's draft as its request, or what cannot be read. A blank prize
 * means none on create and "keep the current one" on edit.
 */
const groupRequest = (draft: Draft, blankPrize: "none" | "keep") => {
  const errors: Record<string, string> = {}
  const count = draft.ticketCount.trim()
  if (!/^\d{1,7}$/.test(count)) errors.ticketCount = "Enter a whole number"
  const prizeText = draft.prize.trim()
  const prize = prizeText === "" ? null : parseExactPounds(prizeText)
  if (prize === undefined) errors.prizeSiteCreditPence = "Enter an amount in pounds, such as 5.00"
  if (Object.keys(errors).length > 0) return { ok: false as const, errors }
  return {
    ok: true as const,
    payload: {
      name: draft.name.trim(),
      ticketCount: Number(count),
      ...(prize === null && blankPrize === "keep" ? {} : { prizeSiteCreditPence: prize ?? null }),
    },
  }
}

function GroupFields({
  draft,
  onChange,
  errors,
  prizeHint,
}: {
  readonly draft: Draft
  readonly onChange: (draft: Draft) => void
  readonly errors: Record<string, string>
  readonly prizeHint: string
}) {
  const input = (key: keyof Draft, label: string, wire: string, hint?: string) => (
    <label className="text-sm">
      <span className="label">{label}</span>
      <input
        className="input"
        value={draft[key]}
        aria-invalid={errors[wire] ? true : undefined}
        onChange={(e) => onChange({ ...draft, [key]: e.target.value })}
      />
      {hint && <span className="mt-1 block text-xs text-slate-500">{hint}</span>}
      {errors[wire] && <span className="mt-1 block text-xs text-red-700">{errors[wire]}</span>}
    </label>
  )
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {input("name", "Group name", "name")}
      {input("ticketCount", "Winning tickets", "ticketCount")}
      {input("prize", "Site credit prize (£)", "prizeSiteCreditPence", prizeHint)}
    </div>
  )
}

/** A group's winning numbers, a page at a time, with which have been won. */
function GroupTickets({ competitionId, group }: { competitionId: string; group: Group }) {
  const [page, setPage] = useState<TicketListJson>()
  const load = useAction(
    async (pageNumber: number) =>
      setPage(
        await api.competitions.instantWinGroupTickets({
          path: { competitionId, instantWinGroupId: group.id },
          urlParams: { PageNumber: pageNumber, PageSize: 50 },
        }),
      ),
    { reload: false },
  )
  return (
    <div className="mt-2 text-sm">
      {!page ? (
        <button type="button" className="btn" onClick={() => void load.run(1)}>
          {load.pending ? "Loading…" : `Show tickets of ${group.name}`}
        </button>
      ) : (
        <div className="space-y-2">
          <p className="text-xs text-slate-600">
            Winning tickets of {group.name} (page {page.pageNumber} of {page.totalPages})
          </p>
          <ul className="flex flex-wrap gap-1" aria-label={`Winning tickets of ${group.name}`}>
            {page.tickets.map((t) => (
              <li
                key={t.ticketNumber}
                className={`rounded px-1.5 text-xs ${t.instantWin?.won ? "bg-amber-100 text-amber-900" : "bg-slate-100"}`}
              >
                {t.ticketNumber}
                {t.instantWin?.won ? " (won)" : ""}
              </li>
            ))}
          </ul>
          {page.totalPages > 1 && (
            <div className="flex gap-2">
              <button
                type="button"
                className="btn"
                disabled={page.pageNumber <= 1 || load.pending}
                onClick={() => void load.run(page.pageNumber - 1)}
              >
                Previous tickets
              </button>
              <button
                type="button"
                className="btn"
                disabled={page.pageNumber >= page.totalPages || load.pending}
                onClick={() => void load.run(page.pageNumber + 1)}
              >
                More tickets
              </button>
            </div>
          )}
        </div>
      )}
      <ErrorNote error={load.error} />
    </div>
  )
}

function GroupRow({ competitionId, group }: { competitionId: string; group: Group }) {
  const [editing, setEditing] = useState<Draft>()
  const [deleting, setDeleting] = useState(false)
  // A saved change may draw new winning numbers: tickets shown before are then stale.
  const [saves, setSaves] = useState(0)
  const [unreadable, setUnreadable] = useState<Record<string, string>>({})
  const save = useAction((payload: Parameters<typeof api.instantWinGroups.update>[0]["payload"]) =>
    api.instantWinGroups.update({
      path: { competitionId, instantWinGroupId: group.id },
      payload,
    }),
  )
  const remove = useAction(() =>
    api.instantWinGroups
      .delete({ path: { competitionId, instantWinGroupId: group.id } })
      .then(() => true as const),
  )
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium">{group.name}</p>
          <p className="text-xs text-slate-600">
            {group.ticketCount} winning {group.ticketCount === 1 ? "ticket" : "tickets"} ·{" "}
            {group.quantityWonToDate} won so far
          </p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn"
            onClick={() =>
              setEditing({ name: group.name, ticketCount: String(group.ticketCount), prize: "" })
            }
          >
            Edit {group.name}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => setDeleting(true)}>
            Delete {group.name}
          </button>
        </div>
      </div>
      {editing && (
        <form
          className="mt-3 space-y-3 rounded-md bg-slate-50 p-3"
          onSubmit={async (event) => {
            event.preventDefault()
            const request = groupRequest(editing, "keep")
            setUnreadable(request.ok ? {} : request.errors)
            if (request.ok && (await save.run(request.payload))) {
              setEditing(undefined)
              setSaves((n) => n + 1)
            }
          }}
        >
          <GroupFields
            draft={editing}
            onChange={setEditing}
            errors={{ ...fieldErrors(save.error), ...unreadable }}
            prizeHint="Leave blank to keep the current prize."
          />
          <ErrorNote error={save.error} />
          <div className="flex gap-2">
            <button type="submit" className="btn btn-primary" disabled={save.pending}>
              {save.pending ? "Saving…" : "Save group"}
            </button>
            <button type="button" className="btn" onClick={() => setEditing(undefined)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <GroupTickets key={saves} competitionId={competitionId} group={group} />
      <ConfirmDialog
        open={deleting}
        title={`Delete the instant-win group "${group.name}"?`}
        confirmLabel="Delete group"
        pending={remove.pending}
        error={remove.error}
        onCancel={() => {
          remove.reset()
          setDeleting(false)
        }}
        onConfirm={async () => {
          if (await remove.run()) setDeleting(false)
        }}
      >
        <p>
          Its {group.ticketCount} winning numbers are removed and the competition's instant-win
          commitment changes.
        </p>
      </ConfirmDialog>
    </li>
  )
}

/**
 * A competition's instant-win groups (decision 0021): set up before it
 * opens; the server refuses a change once it is on sale, and chooses the
 * winning numbers itself.
 */
export function InstantWinGroups({ competition }: { readonly competition: CompetitionJson }) {
  const empty: Draft = { name: "", ticketCount: "", prize: "" }
  const [draft, setDraft] = useState<Draft>(empty)
  const [added, setAdded] = useState<{ name: string; numbers: readonly number[] }>()
  const [unreadable, setUnreadable] = useState<Record<string, string>>({})
  const create = useAction(
    (payload: Parameters<typeof api.instantWinGroups.create>[0]["payload"]) =>
      api.instantWinGroups.create({ path: { competitionId: competition.id }, payload }),
  )
  return (
    <section className="card space-y-3 p-4" aria-labelledby="instant-wins-h">
      <h2 id="instant-wins-h" className="font-semibold">
        Instant-win groups
      </h2>
      <p className="text-sm text-slate-600">
        Set up before the competition goes on sale (published and open, or a ticket held). The
        winning numbers are chosen at random by the server and covered by the published commitment.
      </p>
      {competition.instantWinGroups.length === 0 ? (
        <p className="text-sm text-slate-600">No instant wins yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {competition.instantWinGroups.map((group) => (
            <GroupRow key={group.id} competitionId={competition.id} group={group} />
          ))}
        </ul>
      )}
      <form
        className="space-y-3 border-t border-slate-200 pt-3"
        aria-labelledby="add-group-h"
        onSubmit={async (event) => {
          event.preventDefault()
          const request = groupRequest(draft, "none")
          setUnreadable(request.ok ? {} : request.errors)
          const result = request.ok ? await create.run(request.payload) : undefined
          if (result) {
            setAdded({
              name: result.instantWinGroup.name,
              numbers: result.instantWinGroup.ticketNumbers,
            })
            setDraft(empty)
          }
        }}
      >
        <h3 id="add-group-h" className="text-sm font-semibold">
          Add an instant-win group
        </h3>
        <GroupFields
          draft={draft}
          onChange={setDraft}
          errors={{ ...fieldErrors(create.error), ...unreadable }}
          prizeHint={`Credited when the winning order is paid. Blank for a prize you hand over${draft.prize && parseExactPounds(draft.prize) !== undefined ? ` (${formatPence(parseExactPounds(draft.prize) ?? 0)})` : ""}.`}
        />
        <ErrorNote error={create.error} />
        <button type="submit" className="btn btn-primary" disabled={create.pending}>
          {create.pending ? "Adding…" : "Add group"}
        </button>
        <p role="status" aria-live="polite" className="text-sm">
          {added && `Added ${added.name}: winning tickets ${added.numbers.join(", ")}`}
        </p>
      </form>
    </section>
  )
}
