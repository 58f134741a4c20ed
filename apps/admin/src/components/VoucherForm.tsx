import type { PromotionRequestJson } from "@howzat/contracts/promotions"
import { useForm } from "@tanstack/react-form"
import { useState } from "react"
import { fieldErrors } from "../lib/problems"
import { type StoredValidity, type VoucherValues, voucherPayload } from "../lib/voucher-form"
import { Field } from "./Field"
import { ErrorNote } from "./PageStates"

const SHOWN = new Set([
  "code",
  "description",
  "percent",
  "amount",
  "competitionId",
  "validFrom",
  "validTo",
  "usageLimit",
  "perCustomerLimit",
  "minimumSpend",
])

export interface CompetitionChoice {
  readonly id: string
  readonly name: string
}

/**
 * Creating and editing a voucher. The form is judged by core's rules before
 * it is sent (the same words as the API); the server's own refusals (a code
 * already taken, a limit below the uses so far) come back beside the field
 * or above the button, and what was typed stays.
 */
export function VoucherForm({
  initial,
  competitions,
  submitLabel,
  onSave,
  usedTimes = 0,
  stored,
}: {
  readonly initial: VoucherValues
  /** The saved voucher's dates, so an untouched date saves back as it was. */
  readonly stored?: StoredValidity
  readonly competitions: readonly CompetitionChoice[]
  readonly submitLabel: string
  /** Sends the payload; resolves when saved. */
  readonly onSave: (payload: PromotionRequestJson) => Promise<unknown>
  readonly usedTimes?: number
}) {
  const [failure, setFailure] = useState<unknown>()
  const [saved, setSaved] = useState(false)
  const server = fieldErrors(failure)
  // The fields' own messages say it better than the problem's summary, unless one has no field here.
  const summary =
    Object.keys(server).length > 0 && Object.keys(server).every((f) => SHOWN.has(f))
      ? new Error("The voucher was not saved: see the messages beside the fields.")
      : failure
  const form = useForm({
    defaultValues: initial,
    validators: {
      onSubmit: ({ value }) => {
        const read = voucherPayload(value, stored)
        return read._tag === "Invalid" ? { fields: read.errors } : undefined
      },
    },
    onSubmit: async ({ value }) => {
      const read = voucherPayload(value, stored)
      if (read._tag !== "Valid") return
      setFailure(undefined)
      setSaved(false)
      try {
        await onSave(read.payload)
        setSaved(true)
      } catch (error) {
        setFailure(error)
      }
    },
  })
  return (
    <form
      noValidate
      className="card max-w-3xl space-y-5 p-5"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
      onChange={() => setSaved(false)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <form.Field name="code">
          {(field) => (
            <Field
              field={field}
              label="Code"
              autoComplete="off"
              serverError={server.code}
              hint={
                usedTimes > 0
                  ? "Used already, so the code is fixed: shoppers hold it."
                  : "3 to 32 letters and digits; shoppers type it at checkout."
              }
              readOnly={usedTimes > 0}
            />
          )}
        </form.Field>
        <form.Field name="description">
          {(field) => (
            <Field
              field={field}
              label="Description (staff only)"
              serverError={server.description}
            />
          )}
        </form.Field>
      </div>

      <fieldset className="space-y-3">
        <legend className="label">Discount type</legend>
        <form.Field name="discountKind">
          {(field) => (
            <div className="flex gap-4 text-sm">
              {(["Percentage", "Fixed"] as const).map((kind) => (
                <label key={kind} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="discountKind"
                    value={kind}
                    checked={field.state.value === kind}
                    onChange={() => field.handleChange(kind)}
                    className="accent-primary-700"
                  />
                  {kind === "Percentage" ? "A percentage" : "A fixed amount"}
                </label>
              ))}
            </div>
          )}
        </form.Field>
        <form.Subscribe selector={(s) => s.values.discountKind}>
          {(kind) =>
            kind === "Percentage" ? (
              <form.Field name="percent">
                {(field) => (
                  <Field
                    field={field}
                    label="Percentage off"
                    inputMode="numeric"
                    hint="A whole number from 1 to 100."
                    serverError={server.percent}
                  />
                )}
              </form.Field>
            ) : (
              <form.Field name="amount">
                {(field) => (
                  <Field
                    field={field}
                    label="Amount off (£)"
                    inputMode="decimal"
                    serverError={server.amount}
                  />
                )}
              </form.Field>
            )
          }
        </form.Subscribe>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <form.Field name="competitionId">
          {(field) => (
            <Field field={field} label="Applies to" serverError={server.competitionId}>
              {({ id, describedBy, invalid }) => (
                <select
                  id={id}
                  className="input"
                  value={field.state.value}
                  onChange={(e) => field.handleChange(e.target.value)}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                >
                  <option value="">The whole basket</option>
                  {competitions.map((c) => (
                    <option key={c.id} value={c.id}>
                      Only {c.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </form.Field>
        <form.Field name="minimumSpend">
          {(field) => (
            <Field
              field={field}
              label="Minimum spend (£)"
              inputMode="decimal"
              hint="Before discounts. Leave empty for the shop's default."
              serverError={server.minimumSpend}
            />
          )}
        </form.Field>
        <form.Field name="validFrom">
          {(field) => (
            <Field
              field={field}
              type="datetime-local"
              label="Starts (UK time)"
              hint="Empty: from now."
              serverError={server.validFrom}
            />
          )}
        </form.Field>
        <form.Field name="validTo">
          {(field) => (
            <Field
              field={field}
              type="datetime-local"
              label="Ends (UK time)"
              hint="Empty: no end."
              serverError={server.validTo}
            />
          )}
        </form.Field>
        <form.Field name="usageLimit">
          {(field) => (
            <Field
              field={field}
              label="Uses in total"
              inputMode="numeric"
              hint={`Empty: no limit.${usedTimes > 0 ? ` Used ${usedTimes} times so far.` : ""}`}
              serverError={server.usageLimit}
            />
          )}
        </form.Field>
        <form.Field name="perCustomerLimit">
          {(field) => (
            <Field
              field={field}
              label="Uses per customer"
              inputMode="numeric"
              hint="Empty: no limit."
              serverError={server.perCustomerLimit}
            />
          )}
        </form.Field>
      </div>
      <form.Field name="freeEntry">
        {(field) => (
          <div className="flex items-start gap-2">
            <Field
              field={field}
              type="checkbox"
              label="Free entry"
              hint="May bring tickets below 1p each (a free-entry route)."
            />
          </div>
        )}
      </form.Field>

      <ErrorNote error={summary} />
      <div className="flex items-center gap-3">
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(submitting) => (
            <button type="submit" className="btn btn-primary" disabled={submitting}>
              {submitting ? "Saving…" : submitLabel}
            </button>
          )}
        </form.Subscribe>
        <p role="status" aria-live="polite" className="text-sm text-primary-700">
          {saved ? "Saved" : ""}
        </p>
      </div>
    </form>
  )
}
