import type { AnyFieldApi } from "@tanstack/react-form"
import { type ReactNode, useId } from "react"

/** A field's first error as text: plain strings from our checks, issues from a Standard Schema. */
export const fieldError = (field: AnyFieldApi): string | undefined => {
  if (!field.state.meta.isTouched && field.form.state.submissionAttempts === 0) return undefined
  const first: unknown = field.state.meta.errors[0]
  if (first === undefined || first === null) return undefined
  if (typeof first === "string") return first
  if (typeof first === "object" && "message" in first) return String(first.message)
  return String(first)
}

/**
 * A labelled input bound to a TanStack Form field, its error announced and
 * tied to it with aria-describedby, and a hint under it when there is one.
 */
export function Field({
  field,
  label,
  hint,
  type = "text",
  serverError,
  children,
  ...input
}: {
  readonly field: AnyFieldApi
  readonly label: string
  readonly hint?: ReactNode
  readonly type?: string
  /** The API's message for this field, after a submit. */
  readonly serverError?: string
  /** A custom control (select, textarea) in place of the input; it gets the same id. */
  readonly children?: (props: {
    id: string
    describedBy: string | undefined
    invalid: boolean
  }) => ReactNode
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "children">) {
  const id = useId()
  const error = fieldError(field) ?? serverError
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children ? (
        children({ id, describedBy, invalid: Boolean(error) })
      ) : type === "checkbox" ? (
        <input
          id={id}
          type="checkbox"
          className="size-4 accent-primary-700"
          checked={Boolean(field.state.value)}
          onChange={(e) => field.handleChange(e.target.checked)}
          onBlur={field.handleBlur}
          aria-describedby={describedBy}
          {...input}
        />
      ) : (
        <input
          id={id}
          name={field.name}
          type={type}
          className="input"
          value={(field.state.value as string | number | undefined) ?? ""}
          onChange={(e) => field.handleChange(e.target.value)}
          onBlur={field.handleBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
