import type { CustomerJson } from "@howzat/contracts/customers"
import { useForm } from "@tanstack/react-form"
import { useState } from "react"
import { api } from "../../api"
import {
  ADDRESS_LINES,
  type AddressValues,
  type CustomerValues,
  customerPayload,
  customerValues,
  formFieldName,
} from "../../lib/customer-form"
import { fieldErrors } from "../../lib/problems"
import { useAction } from "../../lib/use-action"
import { Field } from "../Field"
import { ErrorNote } from "../PageStates"

const required = (label: string) => ({
  onSubmit: ({ value }: { value: string }) =>
    value.trim() === "" ? `Enter the ${label.toLowerCase()}.` : undefined,
})

const MARKETING = [
  ["allowMarketingByEmail", "Marketing by email"],
  ["allowMarketingByPhone", "Marketing by phone"],
  ["allowMarketingByText", "Marketing by text"],
  ["allowMarketingByPost", "Marketing by post"],
] as const

/**
 * The customer's details as staff correct them. The email is not edited
 * here: it has its own verified flow, and the API ignores it on this call.
 * The server's per-field messages show beside the fields; what was typed stays.
 */
export function CustomerEditForm({ customer }: { readonly customer: CustomerJson }) {
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [saved, setSaved] = useState(false)
  const save = useAction((values: CustomerValues) =>
    api.customers.update({
      path: { customerId: customer.customerId },
      payload: customerPayload(customer.customerId, values),
    }),
  )
  const form = useForm({
    defaultValues: customerValues(customer),
    onSubmit: async ({ value }) => {
      setSaved(false)
      setServerErrors({})
      const result = await save.run(value)
      if (result) setSaved(true)
    },
  })
  const failure = save.error
  const byField = Object.fromEntries(
    Object.entries(fieldErrors(failure)).map(([name, message]) => [formFieldName(name), message]),
  )
  const errorFor = (name: string) => serverErrors[name] ?? byField[name]
  const address = (which: "billing" | "shipping", title: string) => (
    <fieldset className="space-y-3">
      <legend className="font-medium">{title}</legend>
      <p className="text-xs text-slate-500">Clear every line to remove the address.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {ADDRESS_LINES.map(({ key, label }) => (
          <form.Field key={key} name={`${which}.${key as keyof AddressValues}`}>
            {(field) => (
              <Field field={field} label={label} serverError={errorFor(`${which}.${key}`)} />
            )}
          </form.Field>
        ))}
      </div>
    </fieldset>
  )
  return (
    <form
      className="space-y-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <form.Field name="firstName" validators={required("First name")}>
          {(field) => (
            <Field field={field} label="First name" serverError={errorFor("firstName")} />
          )}
        </form.Field>
        <form.Field name="lastName" validators={required("Last name")}>
          {(field) => <Field field={field} label="Last name" serverError={errorFor("lastName")} />}
        </form.Field>
        <form.Field name="dateOfBirth" validators={required("Date of birth")}>
          {(field) => (
            <Field
              field={field}
              type="date"
              label="Date of birth"
              serverError={errorFor("dateOfBirth")}
            />
          )}
        </form.Field>
        <form.Field name="telephoneNumber">
          {(field) => (
            <Field
              field={field}
              type="tel"
              label="Phone number"
              serverError={errorFor("telephoneNumber")}
            />
          )}
        </form.Field>
      </div>
      {address("billing", "Billing address")}
      {address("shipping", "Delivery address")}
      <fieldset className="space-y-2">
        <legend className="font-medium">Marketing consents</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {MARKETING.map(([name, label]) => (
            <form.Field key={name} name={name}>
              {(field) => (
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary-700"
                    checked={field.state.value}
                    onChange={(e) => field.handleChange(e.target.checked)}
                  />
                  {label}
                </label>
              )}
            </form.Field>
          ))}
        </div>
      </fieldset>
      {Object.keys(byField).length === 0 && <ErrorNote error={failure} />}
      {Object.keys(byField).length > 0 && (
        <p role="alert" className="text-sm text-red-700">
          Some details were not accepted; see the messages beside the fields.
        </p>
      )}
      <div className="flex items-center gap-3">
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(submitting) => (
            <button type="submit" className="btn btn-primary" disabled={submitting}>
              {submitting ? "Saving…" : "Save details"}
            </button>
          )}
        </form.Subscribe>
        <span role="status" aria-live="polite" className="text-sm text-green-700">
          {saved && !save.pending ? "Saved" : ""}
        </span>
      </div>
    </form>
  )
}
