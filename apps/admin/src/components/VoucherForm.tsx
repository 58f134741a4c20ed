import type { PromotionRequestJson } from "@howzat/contracts/promotions"
import type { StoredValidity, VoucherValues } from "../lib/voucher-form"
import { ErrorNote } from "./PageStates"
import { useVoucherForm } from "./vouchers/use-voucher-form"
import {
  CodeFields,
  type CompetitionChoice,
  DiscountFields,
  FreeEntryField,
  LimitFields,
  ScopeFields,
} from "./vouchers/VoucherFields"

export type { CompetitionChoice } from "./vouchers/VoucherFields"

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
  const { form, server, summary, saved, edited } = useVoucherForm({ initial, stored, onSave })
  return (
    <form
      noValidate
      className="card max-w-3xl space-y-5 p-5"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
      onChange={edited}
    >
      <CodeFields form={form} server={server} usedTimes={usedTimes} />
      <DiscountFields form={form} server={server} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ScopeFields form={form} server={server} competitions={competitions} />
        <LimitFields form={form} server={server} usedTimes={usedTimes} />
      </div>
      <FreeEntryField form={form} />

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
