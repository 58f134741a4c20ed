import type { AnyFieldApi } from "@tanstack/react-form"
import { useId } from "react"
import { useFieldError } from "./Fields"

/** A labelled native select bound to a TanStack Form field; the first option asks for a choice. */
export const SelectField = ({
  field,
  label,
  options,
  placeholder,
}: {
  field: AnyFieldApi
  label: string
  options: readonly string[]
  placeholder: string
}) => {
  const id = useId()
  const error = useFieldError(field)
  return (
    <div>
      <label htmlFor={id} className="field-label" data-invalid={error ? "true" : undefined}>
        {label}
      </label>
      <select
        id={id}
        name={field.name}
        value={String(field.state.value ?? "")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="field-input"
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={() => field.handleBlur()}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
