import { useForm } from "@tanstack/react-form"
import { useState } from "react"
import { api } from "../api"
import { emptyPayout, type PayoutRequest, type PayoutValues, payoutPayload } from "../lib/clubs"
import { formatPence } from "../lib/format"
import { fieldErrors } from "../lib/problems"
import { refusalText } from "../lib/refusal"
import { useAction } from "../lib/use-action"
import { ConfirmDialog } from "./Confirm"
import { Field } from "./Field"

/**
 * Money the operator paid the club (decision 0033): an append-only ledger
 * line nobody can edit away, so it is confirmed first. Whether it is more
 * than the club is owed is the server's to say (it judges under the club's
 * lock); its words come back beside the amount and what was typed stays.
 */
export function ClubPayout({
  clubId,
  clubName,
  owed,
}: {
  readonly clubId: string
  readonly clubName: string
  readonly owed: number
}) {
  const [pending, setPending] = useState<PayoutRequest | undefined>()
  const [done, setDone] = useState("")
  const pay = useAction((request: PayoutRequest) =>
    api.clubs.recordPayout({ path: { clubId }, payload: request }),
  )
  const form = useForm({
    defaultValues: emptyPayout as PayoutValues,
    validators: {
      onSubmit: ({ value }) => {
        const read = payoutPayload(value)
        return read._tag === "Invalid" ? { fields: read.errors } : undefined
      },
    },
    onSubmit: ({ value }) => {
      setDone("")
      pay.reset()
      const read = payoutPayload(value)
      if (read._tag === "Valid") setPending(read.payload)
    },
  })
  const server = fieldErrors(pay.error)
  const confirm = async () => {
    const request = pending
    if (!request) return
    const result = await pay.run(request)
    setPending(undefined)
    if (result) {
      setDone(`Recorded. ${clubName} is now owed ${formatPence(result.club.balanceOwed)}.`)
      form.reset()
    }
  }
  return (
    <>
      <form
        className="space-y-3"
        noValidate
        aria-label="Record a payout"
        onSubmit={(event) => {
          event.preventDefault()
          void form.handleSubmit()
        }}
      >
        <form.Field name="pounds">
          {(field) => (
            <Field
              field={field}
              label="Amount paid (£)"
              inputMode="decimal"
              hint={`The club is owed ${formatPence(owed)}.`}
              serverError={server.amount}
            />
          )}
        </form.Field>
        <form.Field name="reference">
          {(field) => (
            <Field
              field={field}
              label="Reference"
              maxLength={200}
              hint="The bank transfer's reference, so the accounts can find it."
              serverError={server.reference}
            />
          )}
        </form.Field>
        {pay.error !== undefined && Object.keys(server).length === 0 && (
          <p role="alert" className="text-sm text-red-700">
            {refusalText(pay.error)}
          </p>
        )}
        <div className="flex items-center gap-3">
          <button type="submit" className="btn btn-primary" disabled={pay.pending}>
            Record payout
          </button>
          <span role="status" aria-live="polite" className="text-sm text-green-700">
            {done}
          </span>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== undefined}
        title={`Record a payout to ${clubName}?`}
        confirmLabel="Record payout"
        danger={false}
        pending={pay.pending}
        onCancel={() => setPending(undefined)}
        onConfirm={() => void confirm()}
      >
        {pending && (
          <>
            <p>
              Record that <strong>{formatPence(pending.amount)}</strong> was paid to {clubName},
              with the reference “{pending.reference}”.
            </p>
            <p>
              It is added to the club's ledger for good: a payout cannot be edited or deleted
              afterwards.
            </p>
          </>
        )}
      </ConfirmDialog>
    </>
  )
}
