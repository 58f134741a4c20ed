import type { AnyFieldApi } from "@tanstack/react-form"
import { type TextareaHTMLAttributes, useId } from "react"
import { useFieldError } from "./Fields"

/**
 * A labelled multi-line input bound to a TanStack Form field, with a count
 * of what is left when the field has a maximum. Trimmed on leaving, as
 * every text field is (docs/product/validation.md); line breaks inside are kept.
 */
export const TextAreaField = ({
  field,
  label,
  maxLength,
  ...textarea
}: {
  field: AnyFieldApi
  label: string
  maxLength?: number
} & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "value" | "onChange" | "onBlur" | "name" | "id" | "children" | "maxLength"
>) => {
  const id = useId()
  const error = useFieldError(field)
  const value = String(field.state.value ?? "")
  const left = maxLength === undefined ? undefined : maxLength - value.trim().length
  const describedBy = [error ? `${id}-error` : "", left !== undefined ? `${id}-count` : ""]
    .filter(Boolean)
    .join(" ")
  return (
    <div>
      <label htmlFor={id} className="field-label" data-invalid={error ? "true" : undefined}>
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        name={field.name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="field-input min-h-40 resize-y"
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={() => {
          const trimmed = value.trim()
          if (trimmed !== value) field.handleChange(trimmed)
          field.handleBlur()
        }}
      />
      {left !== undefined ? (
        <p
          id={`${id}-count`}
          className={`mt-1.5 text-sm ${left < 0 ? "text-leather-600 dark:text-red-400" : "text-muted"}`}
        >
          {left < 0
            ? `${(-left).toLocaleString("en-GB")} characters too many`
            : `${left.toLocaleString("en-GB")} characters left`}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
