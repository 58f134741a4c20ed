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
import { Field } from "../Field"
import { ErrorNote } from "../PageStates"
import { RichTextEditor } from "../RichTextEditor"
import type { CompetitionReferences } from "./references"

type Key = keyof CompetitionFormValues

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
  readonly stored?: Pick<
    CompetitionJson,
    "startDateTimeUtc" | "closeDateTimeUtc" | "drawDateTimeUtc"
  >
  readonly onSave: (payload: CompetitionRequestJson) => Promise<CompetitionJson>
}) {
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
  const errorOf = (key: Key) => unreadable[key] ?? server[key]
  // A refusal that names no field of the form is shown above the buttons.
  const formLevel = failure && Object.keys(server).length === 0 ? failure : undefined

  // Read-only, not disabled: still read out, focusable and sent as it was.
  const fixed = datesFixed ? { readOnly: true, className: "input bg-slate-100" } : {}

  const text = (name: Key, label: string, props: Record<string, unknown> = {}) => (
    <form.Field name={name}>
      {(field) => <Field field={field} label={label} serverError={errorOf(name)} {...props} />}
    </form.Field>
  )

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <section className="card space-y-4 p-4" aria-labelledby="details-h">
        <h2 id="details-h" className="font-semibold">
          Details
        </h2>
        {text("name", "Name", { maxLength: 255 })}
        <form.Field name="description">
          {(field) => (
            <RichTextEditor
              label="Description"
              value={field.state.value}
              onChange={field.handleChange}
              onBlur={field.handleBlur}
              error={errorOf("description")}
              hint="Bold, italic, headings, lists and links. Anything else is removed when saved."
            />
          )}
        </form.Field>
      </section>

      <section className="card grid gap-4 p-4 sm:grid-cols-2" aria-labelledby="tickets-h">
        <h2 id="tickets-h" className="font-semibold sm:col-span-2">
          Tickets and prices
        </h2>
        {text("ticketPrice", "Ticket price (£)", { inputMode: "decimal" })}
        {text("cashAlternativeValue", "Cash alternative (£)", {
          inputMode: "decimal",
          hint: "Leave blank when there is none.",
        })}
        {text("totalTickets", "Total tickets", {
          inputMode: "numeric",
          hint: "Never below the tickets sold; fixed after the close.",
        })}
        {text("maxTicketsPerCustomer", "Maximum per person", { inputMode: "numeric" })}
        {text("defaultTicketSaleQuantity", "Default quantity", {
          inputMode: "numeric",
          hint: "How many tickets the storefront offers first.",
        })}
      </section>

      <section className="card grid gap-4 p-4 sm:grid-cols-2" aria-labelledby="dates-h">
        <h2 id="dates-h" className="font-semibold sm:col-span-2">
          Dates and draw (UK time)
        </h2>
        {dateHint && (
          <p id="dates-fixed" className="text-sm text-slate-600 sm:col-span-2">
            {dateHint}
          </p>
        )}
        {text("startDateTimeUtc", "Opens", { type: "datetime-local", ...fixed })}
        {text("closeDateTimeUtc", "Closes", { type: "datetime-local", ...fixed })}
        <form.Field name="drawType">
          {(field) => (
            <Field field={field} label="Draw type" serverError={errorOf("drawType")}>
              {({ id, describedBy }) => (
                <select
                  id={id}
                  className="input"
                  value={field.state.value}
                  aria-describedby={describedBy}
                  onChange={(e) =>
                    field.handleChange(e.target.value as CompetitionFormValues["drawType"])
                  }
                >
                  <option value="Live">Live (drawn on a stream)</option>
                  <option value="Automatic">Automatic</option>
                  <option value="None">None (instant wins only)</option>
                </select>
              )}
            </Field>
          )}
        </form.Field>
        {text("drawDateTimeUtc", "Draw", {
          type: "datetime-local",
          hint: "At or after the close. Needed for a live or automatic draw.",
          ...fixed,
        })}
        <form.Subscribe selector={(state) => state.values.drawType}>
          {(drawType) =>
            drawType === "Automatic" && (
              <form.Field name="drawOnSellOut">
                {(field) => (
                  <div className="flex items-start gap-2 sm:col-span-2">
                    <Field
                      field={field}
                      type="checkbox"
                      label="Draw as soon as it sells out"
                      hint={
                        datesFixed
                          ? "Fixed once on sale, like the dates: entrants bought on it."
                          : "Drawn automatically once every ticket is sold and paid, instead of at the draw time. The competition page says so."
                      }
                      serverError={errorOf("drawOnSellOut")}
                      disabled={datesFixed}
                    />
                  </div>
                )}
              </form.Field>
            )
          }
        </form.Subscribe>
      </section>

      <section className="card space-y-4 p-4" aria-labelledby="shop-h">
        <h2 id="shop-h" className="font-semibold">
          In the shop
        </h2>
        <form.Field name="visibilityStatus">
          {(field) => (
            <Field field={field} label="Visibility" serverError={errorOf("visibilityStatus")}>
              {({ id, describedBy }) => (
                <select
                  id={id}
                  className="input max-w-xs"
                  value={field.state.value}
                  aria-describedby={describedBy}
                  onChange={(e) =>
                    field.handleChange(e.target.value as CompetitionFormValues["visibilityStatus"])
                  }
                >
                  <option value="Hidden">Hidden (staff only)</option>
                  <option value="Visible">Published</option>
                </select>
              )}
            </Field>
          )}
        </form.Field>
        <form.Field name="categoryIds">
          {(field) => (
            <fieldset className="space-y-1">
              <legend className="label">Categories</legend>
              {references.categories.length === 0 ? (
                <p className="text-sm text-slate-600">No categories yet.</p>
              ) : (
                <div className="flex flex-wrap gap-x-4 gap-y-1">
                  {references.categories.map((category) => (
                    <label key={category.id} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary-700"
                        checked={field.state.value.includes(category.id)}
                        onChange={(e) =>
                          field.handleChange(
                            e.target.checked
                              ? [...field.state.value, category.id]
                              : field.state.value.filter((id) => id !== category.id),
                          )
                        }
                      />
                      {category.name}
                      {category.visibilityStatus === "Hidden" && (
                        <span className="text-xs text-slate-500">(hidden)</span>
                      )}
                    </label>
                  ))}
                </div>
              )}
              {errorOf("categoryIds") && (
                <p className="text-xs text-red-700">{errorOf("categoryIds")}</p>
              )}
            </fieldset>
          )}
        </form.Field>
        <form.Field name="pickYourNumbers">
          {(field) => (
            <div className="space-y-1">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary-700"
                  checked={field.state.value}
                  aria-describedby="pick-your-numbers-hint"
                  onChange={(e) => field.handleChange(e.target.checked)}
                />
                Customers may pick their numbers
              </label>
              <p id="pick-your-numbers-hint" className="text-xs text-slate-600">
                A grid of the free numbers on the competition page; Lucky Dip stays the default. Not
                with instant wins, whose winning numbers are public.
              </p>
              {errorOf("pickYourNumbers") && (
                <p className="text-xs text-red-700" role="alert">
                  {errorOf("pickYourNumbers")}
                </p>
              )}
            </div>
          )}
        </form.Field>
        <form.Field name="imageGroupId">
          {(field) => (
            <Field
              field={field}
              label="Image group"
              serverError={errorOf("imageGroupId")}
              hint="Made under Image groups."
            >
              {({ id, describedBy }) => (
                <select
                  id={id}
                  className="input max-w-md"
                  value={field.state.value}
                  aria-describedby={describedBy}
                  onChange={(e) => field.handleChange(e.target.value)}
                >
                  <option value="">No images</option>
                  {references.imageGroups.map((group) => (
                    <option key={group.id} value={group.id}>
                      {group.name} ({group.images.length} images)
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </form.Field>
        <form.Field name="attributes">
          {(field) => (
            <fieldset className="space-y-2">
              <legend className="label">Attributes</legend>
              {field.state.value.map((attribute, index) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved
                  key={index}
                  className="flex flex-wrap items-end gap-2"
                >
                  <label className="text-sm">
                    <span className="label">Attribute {index + 1}</span>
                    <select
                      className="input"
                      value={attribute.attributeTypeId}
                      onChange={(e) =>
                        field.handleChange(
                          field.state.value.map((a, i) =>
                            i === index ? { ...a, attributeTypeId: e.target.value } : a,
                          ),
                        )
                      }
                    >
                      <option value="">Choose…</option>
                      {references.attributeTypes.map((type) => (
                        <option key={type.id} value={type.id}>
                          {type.description}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="grow text-sm">
                    <span className="label">Value {index + 1}</span>
                    <input
                      className="input"
                      value={attribute.value}
                      onChange={(e) =>
                        field.handleChange(
                          field.state.value.map((a, i) =>
                            i === index ? { ...a, value: e.target.value } : a,
                          ),
                        )
                      }
                    />
                  </label>
                  <button
                    type="button"
                    className="btn"
                    onClick={() =>
                      field.handleChange(field.state.value.filter((_, i) => i !== index))
                    }
                  >
                    Remove attribute {index + 1}
                  </button>
                </div>
              ))}
              <button
                type="button"
                className="btn"
                disabled={references.attributeTypes.length === 0}
                onClick={() =>
                  field.handleChange([...field.state.value, { attributeTypeId: "", value: "" }])
                }
              >
                Add an attribute
              </button>
              {references.attributeTypes.length === 0 && (
                <p className="text-xs text-slate-500">Make attribute types first.</p>
              )}
              {errorOf("attributes") && (
                <p className="text-xs text-red-700">{errorOf("attributes")}</p>
              )}
            </fieldset>
          )}
        </form.Field>
      </section>

      <div className="space-y-3">
        {Object.keys(unreadable).length > 0 && (
          <p role="alert" className="text-sm text-red-800">
            Some fields could not be read: see the messages beside them.
          </p>
        )}
        {Object.keys(server).length > 0 && (
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
    </form>
  )
}
