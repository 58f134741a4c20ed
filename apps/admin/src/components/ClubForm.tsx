import type { ClubRequestJson } from "@howzat/contracts/clubs"
import { useForm } from "@tanstack/react-form"
import { useState } from "react"
import { type ClubValues, clubPayload } from "../lib/clubs"
import { fieldErrors } from "../lib/problems"
import { Field } from "./Field"
import { ErrorNote } from "./PageStates"

/**
 * A club's name and current voucher code (decision 0033). Judged by core's
 * rules before it is sent; the server's refusals (a name or code another
 * club has) come back above the button, and what was typed stays.
 */
export function ClubForm({
  initial,
  submitLabel,
  onSave,
  codeHint,
}: {
  readonly initial: ClubValues
  readonly submitLabel: string
  readonly onSave: (payload: ClubRequestJson) => Promise<unknown>
  readonly codeHint: string
}) {
  const [failure, setFailure] = useState<unknown>()
  const [saved, setSaved] = useState(false)
  const server = fieldErrors(failure)
  const form = useForm({
    defaultValues: initial,
    validators: {
      onSubmit: ({ value }) => {
        const read = clubPayload(value)
        return read._tag === "Invalid" ? { fields: read.errors } : undefined
      },
    },
    onSubmit: async ({ value }) => {
      const read = clubPayload(value)
      if (read._tag !== "Valid") return
      setFailure(undefined)
      setSaved(false)
      try {
        await onSave(read.payload)
        // Show what was saved: the name tidied, the code in capitals.
        form.setFieldValue("name", read.payload.name)
        form.setFieldValue("voucherCode", read.payload.voucherCode)
        setSaved(true)
      } catch (error) {
        setFailure(error)
      }
    },
  })
  return (
    <form
      noValidate
      aria-label="Club details"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
      onChange={() => setSaved(false)}
    >
      <form.Field name="name">
        {(field) => (
          <Field
            field={field}
            label="Club name"
            autoComplete="off"
            maxLength={100}
            serverError={server.name}
            hint="As shoppers see it on the club perks list."
          />
        )}
      </form.Field>
      <form.Field name="voucherCode">
        {(field) => (
          <Field
            field={field}
            label="Voucher code"
            autoComplete="off"
            maxLength={32}
            serverError={server.voucherCode}
            hint={codeHint}
          />
        )}
      </form.Field>
      {Object.keys(server).length === 0 && <ErrorNote error={failure} />}
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
