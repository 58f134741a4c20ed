import { useForm } from "@tanstack/react-form"
import { useState } from "react"
import { isApiError } from "../api"
import { type CategoryValues, categoryPayload, requiredText } from "../lib/catalogue"
import { errorMessage, fieldErrors } from "../lib/problems"
import { Field } from "./Field"
import { ErrorNote } from "./PageStates"

/**
 * A category's name, description and visibility, for a new one or an edit.
 * A refused save keeps what was typed and shows the server's words beside
 * each field; a successful one says "Saved".
 */
export function CategoryForm({
  initial,
  submitLabel,
  onSave,
  resetAfterSave = false,
}: {
  readonly initial: CategoryValues
  readonly submitLabel: string
  readonly onSave: (payload: ReturnType<typeof categoryPayload>) => Promise<unknown>
  readonly resetAfterSave?: boolean
}) {
  const [failure, setFailure] = useState<unknown>()
  const [saved, setSaved] = useState(false)
  const form = useForm({
    defaultValues: initial,
    onSubmit: async ({ value, formApi }) => {
      setFailure(undefined)
      setSaved(false)
      try {
        await onSave(categoryPayload(value))
        setSaved(true)
        if (resetAfterSave) formApi.reset()
      } catch (error) {
        setFailure(error)
      }
    },
  })
  const server = fieldErrors(failure)
  // A name another category reads as: the server's 409 names that one, shown beside Name.
  const nameTaken =
    isApiError(failure) && failure.status === 409 ? errorMessage(failure) : undefined
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <form.Field
        name="name"
        validators={{ onChange: ({ value }) => requiredText("A name is required")(value) }}
      >
        {(field) => (
          <Field
            field={field}
            label="Name"
            serverError={server.name ?? nameTaken}
            maxLength={255}
          />
        )}
      </form.Field>
      <form.Field name="description">
        {(field) => (
          <Field field={field} label="Description" serverError={server.description}>
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                className="input min-h-20"
                value={field.state.value}
                onChange={(e) => field.handleChange(e.target.value)}
                onBlur={field.handleBlur}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                maxLength={1000}
              />
            )}
          </Field>
        )}
      </form.Field>
      <form.Field name="visibilityStatus">
        {(field) => (
          <Field
            field={field}
            label="Visibility"
            hint="Hidden categories are not shown in the shop."
            serverError={server.visibilityStatus}
          >
            {({ id, describedBy }) => (
              <select
                id={id}
                className="input"
                value={field.state.value}
                onChange={(e) =>
                  field.handleChange(e.target.value as CategoryValues["visibilityStatus"])
                }
                aria-describedby={describedBy}
              >
                <option value="Visible">Visible in the shop</option>
                <option value="Hidden">Hidden</option>
              </select>
            )}
          </Field>
        )}
      </form.Field>
      {!nameTaken && <ErrorNote error={failure} />}
      <div className="flex items-center gap-3">
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(submitting) => (
            <button type="submit" className="btn btn-primary" disabled={submitting}>
              {submitting ? "Saving…" : submitLabel}
            </button>
          )}
        </form.Subscribe>
        <p role="status" aria-live="polite" className="text-sm text-green-700">
          {saved ? "Saved" : ""}
        </p>
      </div>
    </form>
  )
}
