import { trimText } from "@howzat/core/rules"
import { type AnyFieldApi, type AnyFormApi, useStore } from "@tanstack/react-form"
import {
  createContext,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useContext,
  useId,
} from "react"
import { focusFirstInvalid } from "../../lib/focus"
import { isFormValid, type Rules } from "../../lib/form-rules"

/**
 * When a field's message first shows. "changed": once the customer has
 * changed it (the login form's rule). "touched": also once they have left
 * it, so tabbing through empty required fields says what each needs rather
 * than leaving a grey button to guess at (registration, checkout).
 */
type ErrorTiming = "changed" | "touched"
const ErrorTimingContext = createContext<ErrorTiming>("changed")

/** Fields inside show their message once left (blurred), not only once changed. */
export const ShowErrorsWhenTouched = ({ children }: { children: ReactNode }) => (
  <ErrorTimingContext.Provider value="touched">{children}</ErrorTimingContext.Provider>
)

/**
 * Leaving a field: it is marked blurred, and where messages show once
 * touched its rule runs now (rules run on change, and an untouched field
 * has not changed).
 */
const useLeaveField = (field: AnyFieldApi) => {
  const timing = useContext(ErrorTimingContext)
  return () => {
    field.handleBlur()
    if (timing === "touched") void field.validate("change")
  }
}

/**
 * The first error is shown, field and label are marked invalid. Errors
 * appear once the customer has changed the field (or left it, where
 * messages show once touched) or tried to submit, not while a form is
 * still untouched.
 */
export const useFieldError = (field: AnyFieldApi): string | undefined => {
  const timing = useContext(ErrorTimingContext)
  const attempted = useStore(field.form.store, (s) => s.submissionAttempts > 0)
  const first = field.state.meta.errors.find((e: unknown) => typeof e === "string" && e !== "")
  const shown =
    field.state.meta.isDirty || attempted || (timing === "touched" && field.state.meta.isBlurred)
  return shown && typeof first === "string" ? first : undefined
}

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "value" | "onChange" | "onBlur" | "name" | "id" | "children"
>

/**
 * A labelled text input bound to a TanStack Form field. `clean` runs on every
 * keystroke (emails and phone numbers lose characters they can't contain);
 * `trim` trims on leaving the field, so "Mary Ann" keeps its space.
 */
export const TextField = ({
  field,
  label,
  clean,
  trim = true,
  hint,
  ...input
}: {
  field: AnyFieldApi
  label: string
  clean?: (value: string) => string
  trim?: boolean
  hint?: ReactNode
} & InputProps) => {
  const id = useId()
  const error = useFieldError(field)
  const leave = useLeaveField(field)
  const value = String(field.state.value ?? "")
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""]
    .filter(Boolean)
    .join(" ")
  return (
    <div>
      <label htmlFor={id} className="field-label" data-invalid={error ? "true" : undefined}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        name={field.name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="field-input"
        onChange={(event) => {
          const next = clean ? clean(event.target.value) : event.target.value
          field.handleChange(next)
        }}
        onBlur={() => {
          if (trim) {
            const trimmed = trimText(value)
            if (trimmed !== value) field.handleChange(trimmed)
          }
          leave()
        }}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
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

/** A checkbox bound to a boolean field, with its label beside it. */
export const CheckboxField = ({
  field,
  children,
  disabled,
}: {
  field: AnyFieldApi
  children: ReactNode
  disabled?: boolean
}) => {
  const id = useId()
  const error = useFieldError(field)
  const leave = useLeaveField(field)
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={field.name}
          checked={Boolean(field.state.value)}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-(--app-accent) disabled:cursor-default"
          onChange={(event) => field.handleChange(event.target.checked)}
          onBlur={leave}
        />
        <label
          htmlFor={id}
          className="cursor-pointer text-sm leading-snug data-[invalid=true]:text-leather-600 dark:data-[invalid=true]:text-red-400"
          data-invalid={error ? "true" : undefined}
        >
          {children}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error ms-8">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The page frame of the login, registration and password forms. */
export const FormCard = ({
  title,
  intro,
  children,
  wide = false,
}: {
  title: string
  intro?: ReactNode
  children: ReactNode
  wide?: boolean
}) => (
  <div className={`mx-auto px-3 py-8 sm:px-5 lg:py-14 ${wide ? "max-w-2xl" : "max-w-md"}`}>
    <div className="card p-6 sm:p-8">
      <h1 className="display-title text-3xl sm:text-4xl">{title}</h1>
      {intro ? <div className="mt-2 text-muted">{intro}</div> : null}
      <div className="mt-6">{children}</div>
    </div>
  </div>
)

/** An outcome under a form: a success says so politely, a failure interrupts. */
export const FormMessage = ({
  tone,
  children,
}: {
  tone: "success" | "error"
  children: ReactNode
}) =>
  tone === "error" ? (
    <p
      role="alert"
      className="rounded-xl border border-leather-500/40 bg-leather-500/10 px-4 py-3 text-sm font-medium text-leather-600 dark:text-red-300"
    >
      {children}
    </p>
  ) : (
    <p
      role="status"
      className="rounded-xl border border-accent/30 bg-accent-soft px-4 py-3 text-sm font-medium text-accent-strong dark:text-accent"
    >
      {children}
    </p>
  )

/**
 * The form's main button, disabled while any rule fails or while the form
 * is being sent. Judged by the same rules as the field messages. Forms that
 * pass `blockWhenInvalid={false}` let the press through, so every field's
 * message shows and focus goes to the first field to fix.
 */
export const SubmitButton = <Values,>({
  form,
  rules,
  children,
  blockWhenInvalid = true,
  className = "btn-primary w-full",
}: {
  form: AnyFormApi
  rules: Rules<Values>
  children: ReactNode
  /** Edit pages and registration let the press through so the messages of every field show. */
  blockWhenInvalid?: boolean
  className?: string
}) => {
  const values = useStore(form.store, (s) => s.values as Values)
  const submitting = useStore(form.store, (s) => s.isSubmitting)
  const invalid = blockWhenInvalid && !isFormValid(rules, values)
  return (
    <button
      type="submit"
      className={className}
      disabled={invalid || submitting}
      aria-busy={submitting || undefined}
    >
      {children}
    </button>
  )
}

/**
 * onSubmitInvalid for a form whose button lets a press through: every
 * field's rule runs (TanStack Form skips that on a first press when some
 * errors are known already, leaving the fields not yet reached silent), then
 * focus goes to the first field to fix, inside `container`.
 */
export const showEveryError =
  (container: () => HTMLElement | null) =>
  ({ formApi }: { formApi: AnyFormApi }) => {
    void formApi.validateAllFields("submit").then(() => focusFirstInvalid(container()))
  }

/** onSubmit for a <form> driven by TanStack Form: no native validation bubbles, no page reload. */
export const submitWith = (form: AnyFormApi) => (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault()
  event.stopPropagation()
  void form.handleSubmit()
}
