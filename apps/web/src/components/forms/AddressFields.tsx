import { MAX_ADDRESS_LINE_LENGTH, MAX_POSTCODE_LENGTH } from "@howzat/core/rules"
import { Field, useStore } from "@tanstack/react-form"
import type { AddressPart, BillingShippingValues } from "../../lib/addresses"
import { fieldRule, type Rules } from "../../lib/form-rules"
import type { FormWith } from "./bound-form"
import { CheckboxField, TextField } from "./Fields"
import { ReadOnlyField } from "./ReadOnlyField"

type Prefix = "billing" | "shipping"

const addressLines: readonly {
  key: AddressPart
  label: string
  autoComplete: string
  maxLength: number
}[] = [
  {
    key: "Line1",
    label: "Address line 1",
    autoComplete: "address-line1",
    maxLength: MAX_ADDRESS_LINE_LENGTH,
  },
  {
    key: "Line2",
    label: "Address line 2 (optional)",
    autoComplete: "address-line2",
    maxLength: MAX_ADDRESS_LINE_LENGTH,
  },
  {
    key: "City",
    label: "Town or city (optional)",
    autoComplete: "address-level2",
    maxLength: MAX_ADDRESS_LINE_LENGTH,
  },
  {
    key: "County",
    label: "County (optional)",
    autoComplete: "address-level1",
    maxLength: MAX_ADDRESS_LINE_LENGTH,
  },
  {
    key: "PostCode",
    label: "Postcode",
    autoComplete: "postal-code",
    maxLength: MAX_POSTCODE_LENGTH,
  },
]

type AddressForm = FormWith<BillingShippingValues>

/** One address line: typed under its rule (the shipping ones only count when shipping differs). */
const AddressLine = ({
  form,
  rules,
  prefix,
  line,
}: {
  form: AddressForm
  rules: Rules<BillingShippingValues>
  prefix: Prefix
  line: (typeof addressLines)[number]
}) => {
  const name = `${prefix}${line.key}` as const
  const isPostcode = line.key === "PostCode"
  return (
    <Field
      form={form}
      name={name}
      validators={fieldRule(rules[name], prefix === "shipping" ? ["sameAddress"] : [])}
    >
      {(field) => (
        <TextField
          field={field}
          label={line.label}
          autoComplete={`${prefix} ${line.autoComplete}`}
          maxLength={line.maxLength}
          clean={isPostcode ? (v: string) => v.toUpperCase() : undefined}
          className={isPostcode ? "uppercase" : undefined}
        />
      )}
    </Field>
  )
}

const ReadOnlyLine = ({
  form,
  name,
  label,
}: {
  form: AddressForm
  name: string
  label: string
}) => {
  const value = useStore(form.store, (s) => (s.values as Record<string, unknown>)[name])
  return <ReadOnlyField label={label} value={String(value ?? "")} />
}

const Address = ({
  form,
  rules,
  prefix,
  editable,
}: {
  form: AddressForm
  rules: Rules<BillingShippingValues>
  prefix: Prefix
  editable: boolean
}) => (
  <fieldset className="space-y-4">
    <legend className="mb-4 text-lg font-bold">
      {prefix === "billing" ? "Billing address" : "Shipping address"}
    </legend>
    {addressLines.map((line) =>
      editable ? (
        <AddressLine key={line.key} form={form} rules={rules} prefix={prefix} line={line} />
      ) : (
        <ReadOnlyLine key={line.key} form={form} name={`${prefix}${line.key}`} label={line.label} />
      ),
    )}
  </fieldset>
)

/**
 * The billing address, "same address" and (when it differs) the shipping
 * address, as checkout and the account's address page both ask for them.
 * Not `editable`: the saved addresses shown read-only, with no tick to change.
 */
export const AddressFields = <Values extends BillingShippingValues>({
  form,
  rules,
  editable = true,
}: {
  form: FormWith<Values>
  rules: Rules<Values>
  editable?: boolean
}) => {
  const addressForm = form as AddressForm
  const addressRules = rules as Rules<BillingShippingValues>
  const same = useStore(form.store, (s) => (s.values as BillingShippingValues).sameAddress)
  return (
    <>
      <Address form={addressForm} rules={addressRules} prefix="billing" editable={editable} />
      {editable ? (
        <Field form={form} name="sameAddress">
          {(field) => (
            <CheckboxField field={field}>
              My shipping address is the same as my billing address
            </CheckboxField>
          )}
        </Field>
      ) : null}
      {same ? null : (
        <Address form={addressForm} rules={addressRules} prefix="shipping" editable={editable} />
      )}
    </>
  )
}
