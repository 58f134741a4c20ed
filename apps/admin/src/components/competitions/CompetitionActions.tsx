import type { CompetitionJson } from "@howzat/contracts/catalogue"
import { useState } from "react"
import { api } from "../../api"
import {
  competitionPayload,
  deleteBlockedReason,
  newCompetitionValues,
  offersDrawForward,
  requestWithVisibility,
  suggestedDrawForward,
} from "../../lib/competition-form"
import { formatDateTime, fromLocalInput } from "../../lib/format"
import { fieldErrors } from "../../lib/problems"
import { useAction } from "../../lib/use-action"
import { ConfirmDialog } from "../Confirm"

type Dialog = "visibility" | "duplicate" | "delete" | "drawForward" | undefined

/**
 * Publish or hide, duplicate and delete, each confirmed and saying what
 * will happen. Publishing sends the competition as stored, read again at
 * the click, so edits not yet saved in the form below are neither published
 * nor lost.
 */
export function CompetitionActions({
  competition,
  onDuplicated,
  onDeleted,
}: {
  readonly competition: CompetitionJson
  readonly onDuplicated: (copy: CompetitionJson) => unknown
  readonly onDeleted: () => unknown
}) {
  const [dialog, setDialog] = useState<Dialog>()
  const visible = competition.visibilityStatus === "Visible"
  const blocked = deleteBlockedReason(competition)

  // The competition as stored now, not as this screen last rendered it: a save just made
  // (whose reload may not have rendered yet) or another member of staff's edit would
  // otherwise be sent back over, and a live competition's old dates refused.
  const toggle = useAction(async () => {
    const stored = await api.competitions.byId({ path: { competitionId: competition.id } })
    return api.competitionAdmin.update({
      path: { competitionId: competition.id },
      payload: requestWithVisibility(stored.competition, visible ? "Hidden" : "Visible"),
    })
  })
  const remove = useAction(
    // True on success: a failure also answers undefined, and the delete itself answers nothing.
    () =>
      api.competitionAdmin
        .delete({ path: { competitionId: competition.id } })
        .then(() => true as const),
    { reload: false },
  )

  // The copy's own dates: the same lengths as a new competition's, starting from now.
  const suggested = newCompetitionValues(new Date())
  const [copy, setCopy] = useState({
    name: `${competition.name} (copy)`,
    start: suggested.startDateTimeUtc,
    close: suggested.closeDateTimeUtc,
    draw: competition.drawType === "None" ? "" : suggested.drawDateTimeUtc,
  })
  const [copyUnreadable, setCopyUnreadable] = useState<Record<string, string>>({})
  const duplicate = useAction(
    (payload: Parameters<typeof api.competitionAdmin.duplicate>[0]["payload"]) =>
      api.competitionAdmin.duplicate({ path: { competitionId: competition.id }, payload }),
    { reload: false },
  )
  const copyErrors = { ...fieldErrors(duplicate.error), ...copyUnreadable }

  // Sold out early (decision 0081): the draw comes forward with a day's notice, never later.
  const [forwardTo, setForwardTo] = useState(() => suggestedDrawForward(new Date()))
  const [forwardUnreadable, setForwardUnreadable] = useState<string>()
  const bringForward = useAction((drawDateTimeUtc: string) =>
    api.competitionAdmin.bringDrawForward({
      path: { competitionId: competition.id },
      payload: { drawDateTimeUtc },
    }),
  )
  const forwardError = forwardUnreadable ?? fieldErrors(bringForward.error).drawDateTimeUtc

  const close = () => {
    toggle.reset()
    remove.reset()
    duplicate.reset()
    bringForward.reset()
    setForwardUnreadable(undefined)
    setDialog(undefined)
  }
  const dateInput = (key: "start" | "close" | "draw", label: string, wire: string) => (
    <label className="block">
      <span className="label">{label}</span>
      <input
        type="datetime-local"
        className="input"
        value={copy[key]}
        aria-invalid={copyErrors[wire] ? true : undefined}
        onChange={(e) => setCopy({ ...copy, [key]: e.target.value })}
      />
      {copyErrors[wire] && (
        <span className="mt-1 block text-xs text-red-700">{copyErrors[wire]}</span>
      )}
    </label>
  )

  return (
    <div className="mb-6 space-y-2">
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn" onClick={() => setDialog("visibility")}>
          {visible ? "Hide from the shop" : "Publish"}
        </button>
        <button type="button" className="btn" onClick={() => setDialog("duplicate")}>
          Duplicate
        </button>
        {offersDrawForward(competition) && (
          <button type="button" className="btn" onClick={() => setDialog("drawForward")}>
            Bring the draw forward
          </button>
        )}
        <button
          type="button"
          className="btn btn-danger"
          disabled={blocked !== null}
          aria-describedby={blocked ? "delete-blocked" : undefined}
          onClick={() => setDialog("delete")}
        >
          Delete
        </button>
      </div>
      {blocked && (
        <p id="delete-blocked" className="text-sm text-slate-600">
          {blocked}
        </p>
      )}
      {competition.drawBroughtForward && (
        <p className="text-sm text-slate-600">
          Sold out: the draw was brought forward on{" "}
          {formatDateTime(competition.drawBroughtForward.at)} from{" "}
          {formatDateTime(competition.drawBroughtForward.from)}.
        </p>
      )}
      {competition.drawOnSellOut && competition.drawResult === null && (
        <p className="text-sm text-slate-600">
          Drawn automatically as soon as every ticket is sold and paid.
        </p>
      )}

      <ConfirmDialog
        open={dialog === "drawForward"}
        title={`Bring the draw of "${competition.name}" forward?`}
        confirmLabel="Bring the draw forward"
        danger={false}
        pending={bringForward.pending}
        error={forwardError ? undefined : bringForward.error}
        onCancel={close}
        onConfirm={async () => {
          const iso = fromLocalInput(forwardTo)
          if (iso === undefined) {
            setForwardUnreadable("Enter a date and time")
            return
          }
          setForwardUnreadable(undefined)
          if (await bringForward.run(iso)) close()
        }}
      >
        <p>
          Every ticket is sold, so the competition closes now and its draw moves to the time below.
          The competition page announces it at once: the new time must be at least 24 hours from
          now, and earlier than the one published ({formatDateTime(competition.drawDateTimeUtc)}).
        </p>
        <label className="block">
          <span className="label">New draw time (UK time)</span>
          <input
            type="datetime-local"
            className="input"
            value={forwardTo}
            aria-invalid={forwardError ? true : undefined}
            aria-describedby={forwardError ? "draw-forward-error" : undefined}
            onChange={(e) => setForwardTo(e.target.value)}
          />
          {forwardError && (
            <span id="draw-forward-error" className="mt-1 block text-xs text-red-700">
              {forwardError}
            </span>
          )}
        </label>
      </ConfirmDialog>

      <ConfirmDialog
        open={dialog === "visibility"}
        title={visible ? `Hide "${competition.name}"?` : `Publish "${competition.name}"?`}
        confirmLabel={visible ? "Hide" : "Publish"}
        danger={visible}
        pending={toggle.pending}
        error={toggle.error}
        onCancel={close}
        onConfirm={async () => {
          if (await toggle.run()) close()
        }}
      >
        <p>
          {visible
            ? "It leaves the shop's lists and pages at once. Tickets already sold stay sold."
            : "It shows in the shop's lists and can be bought from its opening time, as saved."}
        </p>
        <p>Unsaved changes in the form below are not included.</p>
      </ConfirmDialog>

      <ConfirmDialog
        open={dialog === "duplicate"}
        title={`Duplicate "${competition.name}"?`}
        confirmLabel="Duplicate"
        danger={false}
        pending={duplicate.pending}
        error={Object.keys(copyErrors).length > 0 ? undefined : duplicate.error}
        onCancel={close}
        onConfirm={async () => {
          const read = competitionPayload({
            ...newCompetitionValues(new Date()),
            ticketPrice: "0",
            totalTickets: "1",
            maxTicketsPerCustomer: "1",
            startDateTimeUtc: copy.start,
            closeDateTimeUtc: copy.close,
            drawDateTimeUtc: copy.draw,
          })
          if (!read.ok) {
            setCopyUnreadable(read.errors)
            return
          }
          setCopyUnreadable({})
          const made = await duplicate.run({
            name: copy.name.trim() || undefined,
            startDateTimeUtc: read.payload.startDateTimeUtc,
            closeDateTimeUtc: read.payload.closeDateTimeUtc,
            drawDateTimeUtc: read.payload.drawDateTimeUtc,
          })
          if (made) {
            close()
            await onDuplicated(made.competition)
          }
        }}
      >
        <p>
          A hidden copy with the same prices, pool, categories, attributes, images and instant-win
          groups (new winning numbers), nothing sold. It needs its own dates (UK time).
        </p>
        <label className="block">
          <span className="label">Name of the copy</span>
          <input
            className="input"
            value={copy.name}
            maxLength={255}
            onChange={(e) => setCopy({ ...copy, name: e.target.value })}
          />
          {copyErrors.name && (
            <span className="mt-1 block text-xs text-red-700">{copyErrors.name}</span>
          )}
        </label>
        {dateInput("start", "Opens", "startDateTimeUtc")}
        {dateInput("close", "Closes", "closeDateTimeUtc")}
        {dateInput("draw", "Draw", "drawDateTimeUtc")}
      </ConfirmDialog>

      <ConfirmDialog
        open={dialog === "delete"}
        title={`Delete "${competition.name}"?`}
        confirmLabel="Delete for good"
        pending={remove.pending}
        error={remove.error}
        onCancel={close}
        onConfirm={async () => {
          if (await remove.run()) {
            close()
            await onDeleted()
          }
        }}
      >
        <p>
          The competition, its ticket pool, its instant-win groups and its category links are
          removed, and any voucher restricted to it. This cannot be undone. Its image group stays in
          the image library.
        </p>
      </ConfirmDialog>
    </div>
  )
}
