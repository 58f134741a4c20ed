import type { CompetitionJson } from "@howzat/contracts/catalogue"
import type { CompetitionRequestJson } from "@howzat/contracts/catalogue-admin"
import { useForm, useStore } from "@tanstack/react-form"
import { useBlocker } from "@tanstack/react-router"
import { useRef, useState } from "react"
import {
  type CompetitionFormValues,
  competitionPayload,
  type FormErrors,
  valuesOfCompetition,
} from "../../lib/competition-form"
import { fieldErrors } from "../../lib/problems"

/** The competition as stored, when editing one: its exact dates are kept while untouched. */
export type StoredDates = Pick<
  CompetitionJson,
  "startDateTimeUtc" | "closeDateTimeUtc" | "drawDateTimeUtc"
>

/**
 * The competition form's state: what was typed, what could not be read,
 * what the server refused, and whether the last save went through. Leaving
 * with unsaved changes asks first.
 */
export const useCompetitionForm = ({
  initial,
  stored,
  onSave,
}: {
  readonly initial: CompetitionFormValues
  readonly stored?: StoredDates | undefined
  readonly onSave: (payload: CompetitionRequestJson) => Promise<CompetitionJson>
}) => {
  const [failure, setFailure] = useState<unknown>()
  const [unreadable, setUnreadable] = useState<FormErrors>({})
  const [saved, setSaved] = useState(false)
  // While a save is on its way (a new competition's opens its own page), leaving is intended.
  const saving = useRef(false)
  const form = useForm({
    defaultValues: initial,
    onSubmit: async ({ value }) => {
      setSaved(false)
      setFailure(undefined)
      const result = competitionPayload(value, stored)
      setUnreadable(result.ok ? {} : result.errors)
      if (!result.ok) return
      saving.current = true
      try {
        const competition = await onSave(result.payload)
        form.reset(valuesOfCompetition(competition))
        // Focus stays on the button; the status is announced.
        setSaved(true)
      } catch (error) {
        setFailure(error)
      } finally {
        saving.current = false
      }
    },
  })
  const dirty = useStore(form.store, (state) => state.isDirty)
  // Nothing typed is lost by a stray click on the menu or a closed tab.
  useBlocker({
    shouldBlockFn: () =>
      dirty &&
      !saving.current &&
      !window.confirm("Your changes to this competition are not saved. Leave and lose them?"),
    enableBeforeUnload: () => dirty && !saving.current,
  })
  const server = fieldErrors(failure)
  const errorOf = (key: keyof CompetitionFormValues) => unreadable[key] ?? server[key]
  // A refusal that names no field of the form is shown above the buttons.
  const formLevel = failure && Object.keys(server).length === 0 ? failure : undefined
  return {
    form,
    errorOf,
    formLevel,
    saved,
    someUnreadable: Object.keys(unreadable).length > 0,
    someRefused: Object.keys(server).length > 0,
  }
}

export type CompetitionFormApi = ReturnType<typeof useCompetitionForm>["form"]

/** A field's message: what could not be read, else what the server said of it. */
export type ErrorOf = (key: keyof CompetitionFormValues) => string | undefined

/** What every section of the form is given. */
export interface SectionProps {
  readonly form: CompetitionFormApi
  readonly errorOf: ErrorOf
}
