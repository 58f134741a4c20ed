import type { WinnerNoteJson } from "@howzat/contracts/competition-winners"
import { winnerNoteText } from "@howzat/core/rules"
import { useCallback, useEffect, useId, useRef, useState } from "react"
import { formatDateTime } from "../lib/format"
import { fieldErrors } from "../lib/problems"
import { useAction } from "../lib/use-action"
import { type WinnerRef, winnerCalls } from "../lib/winner-ref"
import { ConfirmDialog } from "./Confirm"
import { ErrorNote, Loading } from "./PageStates"

type Notes =
  | { readonly status: "loading" }
  | { readonly status: "failed"; readonly error: unknown }
  | { readonly status: "loaded"; readonly notes: readonly WinnerNoteJson[] }

/** A note's text box: the core rule's words before sending, the server's after. */
function NoteEditor({
  label,
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  readonly label: string
  readonly initial: string
  readonly submitLabel: string
  readonly onSave: (text: string) => Promise<boolean>
  readonly onCancel?: () => void
}) {
  const id = useId()
  const [text, setText] = useState(initial)
  const [problem, setProblem] = useState<string | undefined>()
  const [saving, setSaving] = useState(false)
  return (
    <form
      className="space-y-2"
      onSubmit={async (event) => {
        event.preventDefault()
        const checked = winnerNoteText(text)
        if (!checked.valid) {
          setProblem(checked.message)
          return
        }
        setProblem(undefined)
        setSaving(true)
        // Kept on failure so nothing typed is lost; cleared once saved.
        const saved = await onSave(checked.text)
        setSaving(false)
        if (saved && !onCancel) setText("")
      }}
    >
      <label htmlFor={id} className="label">
        {label}
      </label>
      <textarea
        id={id}
        className="input min-h-20"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
      />
      {problem && (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {problem}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? "Saving…" : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel} disabled={saving}>
            Cancel
          </button>
        )}
      </div>
    </form>
  )
}

/**
 * A winner's notes: the signed, dated trail of a prize's hand-over
 * (decision 0023). Added, edited and deleted here; deleting asks first.
 */
export function WinnerNotes({
  winner,
  title,
  onClose,
}: {
  readonly winner: WinnerRef
  readonly title: string
  readonly onClose: () => void
}) {
  const calls = winnerCalls(winner)
  const [notes, setNotes] = useState<Notes>({ status: "loading" })
  const [editing, setEditing] = useState<string | undefined>()
  const [deleting, setDeleting] = useState<WinnerNoteJson | undefined>()
  const [status, setStatus] = useState("")
  const heading = useRef<HTMLHeadingElement>(null)
  const headingId = useId()
  const key =
    winner.kind === "main" ? `${winner.competitionId}:${winner.ticketNumber}` : winner.instantWinId

  // biome-ignore lint/correctness/useExhaustiveDependencies: the winner's key names its calls
  const load = useCallback(async () => {
    try {
      const answer = await calls.notes()
      setNotes({ status: "loaded", notes: answer.notes })
    } catch (error) {
      setNotes({ status: "failed", error })
    }
  }, [key])

  useEffect(() => {
    setNotes({ status: "loading" })
    setEditing(undefined)
    setStatus("")
    void load()
    heading.current?.focus()
  }, [load])

  const write = useAction(async (change: () => Promise<unknown>, done: string) => {
    await change()
    await load()
    setStatus(done)
    return true as const
  })
  const saveWith =
    (change: (text: string) => Promise<unknown>, done: string) =>
    async (text: string): Promise<boolean> => {
      setStatus("")
      const result = await write.run(() => change(text), done)
      return result !== undefined
    }
  const serverField = fieldErrors(write.error).text

  return (
    <section className="card mt-4 space-y-4 p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="font-semibold">
          Notes: {title}
        </h2>
        <button type="button" className="btn" onClick={onClose}>
          Close notes
        </button>
      </div>
      <p role="status" aria-live="polite" className="text-sm text-green-800">
        {status}
      </p>
      {!deleting && <ErrorNote error={serverField ? undefined : write.error} />}
      {serverField && <p className="text-sm text-red-700">{serverField}</p>}
      {notes.status === "loading" && <Loading label="Loading notes…" />}
      {notes.status === "failed" && (
        <div className="space-y-2">
          <ErrorNote error={notes.error} />
          <button type="button" className="btn" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {notes.status === "loaded" &&
        (notes.notes.length === 0 ? (
          <p className="text-sm text-slate-600">
            No notes yet. Record each step of handing the prize over below.
          </p>
        ) : (
          <ol className="space-y-3">
            {notes.notes.map((note) => (
              <li key={note.id} className="rounded-md border border-slate-200 p-3">
                {editing === note.id ? (
                  <NoteEditor
                    label="Edit note"
                    initial={note.text}
                    submitLabel="Save note"
                    onCancel={() => setEditing(undefined)}
                    onSave={async (text) => {
                      const saved = await saveWith(
                        (t) => calls.editNote(note.id, t),
                        "Note saved.",
                      )(text)
                      if (saved) setEditing(undefined)
                      return saved
                    }}
                  />
                ) : (
                  <>
                    <p className="text-sm whitespace-pre-wrap">{note.text}</p>
                    <p className="mt-1 text-xs text-slate-500">
                      {note.author?.name ?? "A former member of staff"} ·{" "}
                      {formatDateTime(note.createdAt)}
                      {note.updatedAt !== note.createdAt &&
                        ` · edited ${formatDateTime(note.updatedAt)}`}
                    </p>
                    <div className="mt-2 flex gap-2">
                      <button
                        type="button"
                        className="btn"
                        onClick={() => {
                          write.reset()
                          setEditing(note.id)
                        }}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn"
                        onClick={() => {
                          write.reset()
                          setDeleting(note)
                        }}
                      >
                        Delete
                      </button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ol>
        ))}
      {notes.status === "loaded" && (
        <NoteEditor
          label="Add a note"
          initial=""
          submitLabel="Add note"
          onSave={saveWith(calls.addNote, "Note added.")}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete this note?"
        confirmLabel="Delete note"
        pending={write.pending}
        error={write.error}
        onCancel={() => setDeleting(undefined)}
        onConfirm={async () => {
          if (!deleting) return
          const done = await write.run(() => calls.deleteNote(deleting.id), "Note deleted.")
          if (done !== undefined) setDeleting(undefined)
        }}
      >
        <p>The note is removed for good; there is no copy of it anywhere else.</p>
        {deleting && <blockquote className="border-l-2 pl-2 italic">{deleting.text}</blockquote>}
      </ConfirmDialog>
    </section>
  )
}
