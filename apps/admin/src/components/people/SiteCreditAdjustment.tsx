import { useForm } from "@tanstack/react-form"
import { useId, useState } from "react"
import { api } from "../../api"
import { formatPence } from "../../lib/format"
import { fieldErrors } from "../../lib/problems"
import { refusalText } from "../../lib/refusal"
import {
  type AdjustmentValues,
  adjustmentPayload,
  amountError,
  reasonError,
} from "../../lib/site-credit"
import { useAction } from "../../lib/use-action"
import { ConfirmDialog } from "../Confirm"
import { Field } from "../Field"

/**
 * Credit given or taken back by staff: a ledger entry with its reason,
 * never an overwritten balance. Whether a debit would go below £0.00 is the
 * server's to say (only it reads the balance at that moment); its words are
 * shown beside the amount. Money moves, so it is confirmed first.
 */
export function SiteCreditAdjustment({
  customerId,
  customerName,
  balance,
}: {
  readonly customerId: string
  readonly customerName: string
  readonly balance: number
}) {
  const directionId = useId()
  const [pending, setPending] = useState<{ amount: number; reason: string } | undefined>()
  const [done, setDone] = useState<string>("")
  const adjust = useAction((request: { amount: number; reason: string }) =>
    api.staffCustomers.adjustSiteCredit({ path: { customerId }, payload: request }),
  )
  const form = useForm({
    defaultValues: { direction: "credit", pounds: "", reason: "" } as AdjustmentValues,
    onSubmit: ({ value }) => {
      setDone("")
      adjust.reset()
      const payload = adjustmentPayload(value)
      if (payload) setPending(payload)
    },
  })
  const server = fieldErrors(adjust.error)
  const confirm = async () => {
    const request = pending
    if (!request) return
    const result = await adjust.run(request)
    setPending(undefined)
    if (result) {
      setDone(`Saved. The balance is now ${formatPence(result.siteCreditAccount.balance)}.`)
      form.reset()
    }
  }
  return (
    <>
      <form
        className="space-y-3"
        noValidate
        aria-label="Adjust site credit"
        onSubmit={(event) => {
          event.preventDefault()
          void form.handleSubmit()
        }}
      >
        <form.Field name="direction">
          {(field) => (
            <fieldset>
              <legend className="label" id={directionId}>
                Adjustment
              </legend>
              <div className="mt-1 flex gap-4 text-sm">
                {(["credit", "debit"] as const).map((direction) => (
                  <label key={direction} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name={`${directionId}-direction`}
                      className="accent-primary-700"
                      checked={field.state.value === direction}
                      onChange={() => field.handleChange(direction)}
                    />
                    {direction === "credit" ? "Give credit" : "Take credit back"}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </form.Field>
        <form.Field name="pounds" validators={{ onSubmit: ({ value }) => amountError(value) }}>
          {(field) => (
            <Field
              field={field}
              label="Amount (£)"
              inputMode="decimal"
              hint={`Current balance ${formatPence(balance)}.`}
              serverError={server.amount}
            />
          )}
        </form.Field>
        <form.Field name="reason" validators={{ onSubmit: ({ value }) => reasonError(value) }}>
          {(field) => (
            <Field
              field={field}
              label="Reason"
              maxLength={200}
              hint="Shown on the customer's site-credit page."
              serverError={server.reason}
            />
          )}
        </form.Field>
        {adjust.error !== undefined && Object.keys(server).length === 0 && (
          <p role="alert" className="text-sm text-red-700">
            {refusalText(adjust.error)}
          </p>
        )}
        <div className="flex items-center gap-3">
          <button type="submit" className="btn btn-primary" disabled={adjust.pending}>
            Adjust credit
          </button>
          <span role="status" aria-live="polite" className="text-sm text-green-700">
            {done}
          </span>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== undefined}
        title={pending && pending.amount < 0 ? "Take site credit back?" : "Give site credit?"}
        confirmLabel={pending && pending.amount < 0 ? "Take credit back" : "Give credit"}
        danger={Boolean(pending && pending.amount < 0)}
        pending={adjust.pending}
        onCancel={() => setPending(undefined)}
        onConfirm={() => void confirm()}
      >
        {pending && (
          <>
            <p>
              {pending.amount < 0 ? "Take" : "Give"}{" "}
              <strong>{formatPence(Math.abs(pending.amount))}</strong>{" "}
              {pending.amount < 0 ? "from" : "to"} {customerName}'s site credit, with the reason “
              {pending.reason}”.
            </p>
            <p>It is added to their ledger as an adjustment and recorded in the audit log.</p>
          </>
        )}
      </ConfirmDialog>
    </>
  )
}
