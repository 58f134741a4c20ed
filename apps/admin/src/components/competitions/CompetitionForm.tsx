import type { CompetitionJson } from "@howzat/contracts/catalogue"
import type { CompetitionRequestJson } from "@howzat/contracts/catalogue-admin"
import type { CompetitionFormValues } from "../../lib/competition-form"
import { ErrorNote } from "../PageStates"
import { DatesSection, DetailsSection, TicketsSection } from "./CompetitionFormSections"
import type { CompetitionReferences } from "./references"
import { ShopSection } from "./ShopSection"
import { type StoredDates, useCompetitionForm } from "./use-competition-form"

/**
 * Every field of a competition, for a new one and an edit alike. Only what
 * cannot be read is stopped here; the server judges the rest and its words
 * are shown beside each field, or above the buttons for a refusal (409),
 * with everything typed kept.
 */
export function CompetitionForm({
  initial,
  references,
  submitLabel,
  dateHint,
  datesFixed = false,
  stored,
  onSave,
}: {
  readonly initial: CompetitionFormValues
  readonly references: CompetitionReferences
  readonly submitLabel: string
  /** Why some dates may no longer move (a live or drawn competition). */
  readonly dateHint?: string
  /** A live or closed competition's dates are shown read-only; dateHint says why. */
  readonly datesFixed?: boolean
  /** The competition as stored, when editing one: its exact dates are kept while untouched. */
  readonly stored?: StoredDates
  readonly onSave: (payload: CompetitionRequestJson) => Promise<CompetitionJson>
}) {
  const state = useCompetitionForm({ initial, stored, onSave })
  const { form, errorOf } = state
  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <DetailsSection form={form} errorOf={errorOf} />
      <TicketsSection form={form} errorOf={errorOf} />
      <DatesSection form={form} errorOf={errorOf} dateHint={dateHint} datesFixed={datesFixed} />
      <ShopSection form={form} errorOf={errorOf} references={references} />
      <SaveBar state={state} submitLabel={submitLabel} />
    </form>
  )
}

/** What stopped the save, the button, and "Saved" announced once it went through. */
function SaveBar({
  state: { form, formLevel, saved, someUnreadable, someRefused },
  submitLabel,
}: {
  readonly state: ReturnType<typeof useCompetitionForm>
  readonly submitLabel: string
}) {
  return (
    <div className="space-y-3">
      {someUnreadable && (
        <p role="alert" className="text-sm text-red-800">
          Some fields could not be read: see the messages beside them.
        </p>
      )}
      {someRefused && (
        <p role="alert" className="text-sm text-red-800">
          The server refused some fields: see the messages beside them.
        </p>
      )}
      <ErrorNote error={formLevel} />
      <div className="flex flex-wrap items-center gap-3">
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(submitting) => (
            <button type="submit" className="btn btn-primary" disabled={submitting}>
              {submitting ? "Saving…" : submitLabel}
            </button>
          )}
        </form.Subscribe>
        <p role="status" aria-live="polite" className="text-sm">
          {saved ? "Saved" : ""}
        </p>
      </div>
    </div>
  )
}
