import {
  EARLIEST_DATE_OF_BIRTH,
  MAX_ADDRESS_LINE_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_POSTCODE_LENGTH,
  MAX_TELEPHONE_LENGTH,
  stripInvalidEmailCharacters,
  stripInvalidTelephoneCharacters,
} from "@howzat/core/rules"
import { useForm } from "@tanstack/react-form"
import { useId } from "react"
import { type CheckoutMode, type CheckoutValues, needsAddress } from "../../../basket/checkout"
import type { AddressPart } from "../../../lib/addresses"
import { basketTexts } from "../../../lib/basket"
import { latestDateOfBirth } from "../../../lib/dates"
import { fieldRule, type Rules } from "../../../lib/form-rules"
import { CheckboxField, showEveryError, TextField } from "../../forms/Fields"
import { HoneyPotBox } from "../../forms/HoneyPotBox"

/**
 * The checkout's form: one place names its type for the route and the
 * fields. A press with fields to fix shows every message and focuses the
 * first field to fix inside `formElement`.
 */
export const useCheckoutForm = (
  defaultValues: CheckoutValues,
  onSubmit: (values: CheckoutValues) => Promise<void>,
  formElement: () => HTMLElement | null,
) =>
  useForm({
    defaultValues,
    onSubmit: ({ value }) => onSubmit(value),
    onSubmitInvalid: showEveryError(formElement),
  })

type CheckoutForm = ReturnType<typeof useCheckoutForm>

/** The fields typed as text (the rest are ticks). */
type TextKey = {
  [K in keyof CheckoutValues]: CheckoutValues[K] extends string ? K : never
}[keyof CheckoutValues]

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

/** A customer's detail, shown but not edited here (docs/product/screens.md: with the tooltip). */
const ReadOnlyField = ({ label, value }: { label: string; value: string }) => {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={value}
        title={basketTexts.readOnlyField}
        aria-describedby={`${id}-why`}
        className="field-input cursor-not-allowed bg-sunken text-muted"
      />
      <span id={`${id}-why`} className="sr-only">
        {basketTexts.readOnlyField}
      </span>
    </div>
  )
}

/**
 * Billing details (Checkout in docs/product/screens.md): a visitor's registration fields and
 * addresses; a customer's details read-only, with addresses to type only
 * when none is saved. Password, date of birth and marketing rows are a
 * visitor's only.
 */
export const BillingFields = ({
  form,
  mode,
  rules,
}: {
  form: CheckoutForm
  mode: CheckoutMode
  rules: Rules<CheckoutValues>
}) => {
  const visitor = mode.kind === "visitor"
  const editAddress = needsAddress(mode)

  const text = (
    name: TextKey,
    label: string,
    props: Omit<Parameters<typeof TextField>[0], "field" | "label"> = {},
    listenTo: TextKey[] = [],
  ) =>
    visitor ? (
      <form.Field name={name} validators={fieldRule(rules[name], listenTo)}>
        {(field) => <TextField field={field} label={label} {...props} />}
      </form.Field>
    ) : (
      <form.Subscribe selector={(s) => s.values[name]}>
        {(value) => <ReadOnlyField label={label} value={String(value ?? "")} />}
      </form.Subscribe>
    )

  const address = (prefix: "billing" | "shipping") =>
    addressLines.map((line) => {
      const name = `${prefix}${line.key}` as const
      const isPostcode = line.key === "PostCode"
      return editAddress ? (
        <form.Field
          key={name}
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
        </form.Field>
      ) : (
        <form.Subscribe key={name} selector={(s) => s.values[name]}>
          {(value) => <ReadOnlyField label={line.label} value={String(value ?? "")} />}
        </form.Subscribe>
      )
    })

  return (
    <section aria-labelledby="billing-title" className="card space-y-5 p-5 sm:p-6">
      <h2 id="billing-title" className="display-title text-xl">
        Billing details
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        {text("firstName", "First name", {
          autoComplete: "given-name",
          maxLength: MAX_NAME_LENGTH,
        })}
        {text("lastName", "Last name", { autoComplete: "family-name", maxLength: MAX_NAME_LENGTH })}
        {text("emailAddress", "Email address", {
          type: "email",
          inputMode: "email",
          autoComplete: "email",
          maxLength: MAX_EMAIL_LENGTH,
          clean: stripInvalidEmailCharacters,
        })}
        {text("telephoneNumber", "Phone number", {
          type: "tel",
          inputMode: "tel",
          autoComplete: "tel",
          maxLength: MAX_TELEPHONE_LENGTH,
          clean: stripInvalidTelephoneCharacters,
        })}
        {visitor ? (
          <>
            {text("password", "Password", {
              type: "password",
              autoComplete: "new-password",
              trim: false,
            })}
            {text(
              "confirmPassword",
              "Confirm password",
              { type: "password", autoComplete: "new-password", trim: false },
              ["password"],
            )}
            {text("dateOfBirth", "Date of birth", {
              type: "date",
              autoComplete: "bday",
              min: EARLIEST_DATE_OF_BIRTH,
              max: latestDateOfBirth(new Date()),
            })}
          </>
        ) : null}
      </div>

      {visitor ? (
        <form.Field name="honeyPot">
          {(field) => (
            <HoneyPotBox
              value={String(field.state.value)}
              onChange={(value) => field.handleChange(value)}
            />
          )}
        </form.Field>
      ) : null}

      <fieldset className="space-y-4">
        <legend className="mb-4 text-lg font-bold">Billing address</legend>
        {address("billing")}
      </fieldset>
      {editAddress ? (
        <form.Field name="sameAddress">
          {(field) => (
            <CheckboxField field={field}>
              My shipping address is the same as my billing address
            </CheckboxField>
          )}
        </form.Field>
      ) : null}
      <form.Subscribe selector={(s) => s.values.sameAddress}>
        {(same) =>
          same ? null : (
            <fieldset className="space-y-4">
              <legend className="mb-4 text-lg font-bold">Shipping address</legend>
              {address("shipping")}
            </fieldset>
          )
        }
      </form.Subscribe>

      {visitor ? (
        <div className="space-y-4 rounded-xl bg-sunken p-4">
          <form.Field name="allowMarketing">
            {(field) => (
              <CheckboxField field={field}>
                Keep me posted about new competitions, offers and winners by email, phone, text and
                post. You can change this at any time in My Details.
              </CheckboxField>
            )}
          </form.Field>
          <form.Field name="acceptTerms" validators={fieldRule(rules.acceptTerms)}>
            {(field) => (
              <CheckboxField field={field}>
                I am 18 or over and I accept the terms and conditions.
              </CheckboxField>
            )}
          </form.Field>
        </div>
      ) : null}
    </section>
  )
}
