import type { ReactNode } from "react"

/**
 * The view-only / edit frame of the personal and address pages (docs/product/screens.md):
 * the fields sit in a fieldset that is disabled until the customer asks to
 * edit, and the one button changes from EDIT to SAVE DETAILS.
 */
export const DetailsFrame = ({
  title,
  editing,
  editLabel,
  onEdit,
  onCancel,
  saveButton,
  onSubmit,
  status,
  children,
}: {
  title: string
  editing: boolean
  editLabel: string
  onEdit: () => void
  onCancel: () => void
  saveButton: ReactNode
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void
  status?: ReactNode
  children: ReactNode
}) => (
  <form noValidate onSubmit={onSubmit} className="card p-5 sm:p-8">
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h2 className="display-title text-2xl">{title}</h2>
      {editing ? (
        <span className="rounded-full bg-accent-soft px-3 py-1 text-xs font-bold tracking-wide text-accent uppercase">
          Editing
        </span>
      ) : null}
    </div>
    <fieldset disabled={!editing} className="min-w-0 space-y-5">
      <legend className="sr-only">{title}</legend>
      {children}
    </fieldset>
    {status ? <div className="mt-6">{status}</div> : null}
    <div className="mt-8 flex flex-wrap gap-3 border-t border-line pt-6">
      {editing ? (
        <>
          {saveButton}
          <button key="cancel" type="button" className="btn-outline" onClick={onCancel}>
            Cancel
          </button>
        </>
      ) : (
        // A different key from the save button: the click that switches to editing
        // must never land on a submit button.
        <button key="edit" type="button" className="btn-primary" onClick={onEdit}>
          {editLabel}
        </button>
      )}
    </div>
  </form>
)
