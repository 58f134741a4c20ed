import type { CompetitionFormValues } from "../../lib/competition-form"
import { Field } from "../Field"
import { RichTextEditor } from "../RichTextEditor"
import type { SectionProps } from "./use-competition-form"

/** One text-like input of the form, with its message. */
function TextField({
  form,
  errorOf,
  name,
  label,
  ...props
}: SectionProps & {
  readonly name: keyof CompetitionFormValues
  readonly label: string
} & Record<string, unknown>) {
  return (
    <form.Field name={name}>
      {(field) => <Field field={field} label={label} serverError={errorOf(name)} {...props} />}
    </form.Field>
  )
}

/** The competition's name and its description, as rich text. */
export function DetailsSection({ form, errorOf }: SectionProps) {
  return (
    <section className="card space-y-4 p-4" aria-labelledby="details-h">
      <h2 id="details-h" className="font-semibold">
        Details
      </h2>
      <TextField form={form} errorOf={errorOf} name="name" label="Name" maxLength={255} />
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
  )
}

/** What a ticket costs and how many there are. */
export function TicketsSection(props: SectionProps) {
  return (
    <section className="card grid gap-4 p-4 sm:grid-cols-2" aria-labelledby="tickets-h">
      <h2 id="tickets-h" className="font-semibold sm:col-span-2">
        Tickets and prices
      </h2>
      <TextField {...props} name="ticketPrice" label="Ticket price (£)" inputMode="decimal" />
      <TextField
        {...props}
        name="cashAlternativeValue"
        label="Cash alternative (£)"
        inputMode="decimal"
        hint="Leave blank when there is none."
      />
      <TextField
        {...props}
        name="totalTickets"
        label="Total tickets"
        inputMode="numeric"
        hint="Never below the tickets sold; fixed after the close."
      />
      <TextField
        {...props}
        name="maxTicketsPerCustomer"
        label="Maximum per person"
        inputMode="numeric"
      />
      <TextField
        {...props}
        name="defaultTicketSaleQuantity"
        label="Default quantity"
        inputMode="numeric"
        hint="How many tickets the storefront offers first."
      />
    </section>
  )
}

/** When it opens, closes and is drawn, and how; fixed once live (dateHint says why). */
export function DatesSection({
  dateHint,
  datesFixed,
  ...props
}: SectionProps & { readonly dateHint?: string | undefined; readonly datesFixed: boolean }) {
  const { form, errorOf } = props
  // Read-only, not disabled: still read out, focusable and sent as it was.
  const fixed = datesFixed ? { readOnly: true, className: "input bg-slate-100" } : {}
  return (
    <section className="card grid gap-4 p-4 sm:grid-cols-2" aria-labelledby="dates-h">
      <h2 id="dates-h" className="font-semibold sm:col-span-2">
        Dates and draw (UK time)
      </h2>
      {dateHint && (
        <p id="dates-fixed" className="text-sm text-slate-600 sm:col-span-2">
          {dateHint}
        </p>
      )}
      <TextField
        {...props}
        name="startDateTimeUtc"
        label="Opens"
        type="datetime-local"
        {...fixed}
      />
      <TextField
        {...props}
        name="closeDateTimeUtc"
        label="Closes"
        type="datetime-local"
        {...fixed}
      />
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
      <TextField
        {...props}
        name="drawDateTimeUtc"
        label="Draw"
        type="datetime-local"
        hint="At or after the close. Needed for a live or automatic draw."
        {...fixed}
      />
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
  )
}
