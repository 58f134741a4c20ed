import { usageLimitHint, voucherCodeHint } from "../../lib/voucher-form"
import { Field } from "../Field"
import type { VoucherPartProps } from "./use-voucher-form"

export interface CompetitionChoice {
  readonly id: string
  readonly name: string
}

/** The code shoppers type (fixed once used) and the staff's own note. */
export function CodeFields({
  form,
  server,
  usedTimes,
}: VoucherPartProps & { readonly usedTimes: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <form.Field name="code">
        {(field) => (
          <Field
            field={field}
            label="Code"
            autoComplete="off"
            serverError={server.code}
            hint={voucherCodeHint(usedTimes)}
            readOnly={usedTimes > 0}
          />
        )}
      </form.Field>
      <form.Field name="description">
        {(field) => (
          <Field field={field} label="Description (staff only)" serverError={server.description} />
        )}
      </form.Field>
    </div>
  )
}

/** A percentage or a fixed amount off, and how much. */
export function DiscountFields({ form, server }: VoucherPartProps) {
  return (
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
  )
}

/** What the voucher applies to and the least spend it needs. */
export function ScopeFields({
  form,
  server,
  competitions,
}: VoucherPartProps & { readonly competitions: readonly CompetitionChoice[] }) {
  return (
    <>
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
    </>
  )
}

/** When the voucher may be used, and how often. */
export function LimitFields({
  form,
  server,
  usedTimes,
}: VoucherPartProps & { readonly usedTimes: number }) {
  return (
    <>
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
            hint={usageLimitHint(usedTimes)}
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
    </>
  )
}

/** A free-entry voucher may take a ticket below 1p. */
export function FreeEntryField({ form }: Pick<VoucherPartProps, "form">) {
  return (
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
  )
}
