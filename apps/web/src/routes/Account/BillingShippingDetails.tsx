import type { CustomerJson } from "@howzat/contracts/customers"
import {
  MAX_ADDRESS_LINE_LENGTH,
  MAX_POSTCODE_LENGTH,
  validateAddressLine1,
  validatePostcode,
} from "@howzat/core/rules"
import { useForm } from "@tanstack/react-form"
import { createFileRoute } from "@tanstack/react-router"
import { useState } from "react"
import { getCustomer, updateCustomer } from "../../api/accounts"
import { pageTitle } from "../../brand"
import { DetailsFrame } from "../../components/account/DetailsForm"
import { ErrorDialog } from "../../components/Dialog"
import {
  CheckboxField,
  FormMessage,
  SubmitButton,
  submitWith,
  TextField,
} from "../../components/forms/Fields"
import {
  type AddressPart,
  addressFromValues,
  type BillingShippingValues,
  billingShippingValues,
} from "../../lib/addresses"
import { type DialogContent, errorDialogContent } from "../../lib/error-text"
import { fieldRule, type Rules } from "../../lib/form-rules"

export const Route = createFileRoute("/Account/BillingShippingDetails")({
  loader: ({ context, abortController }) => getCustomer(context.customerId, abortController.signal),
  head: () => ({ meta: [{ title: pageTitle("Address Details") }] }),
  component: BillingShippingDetails,
})

const shipping =
  (rule: (value: string) => string | undefined) => (value: string, values: BillingShippingValues) =>
    values.sameAddress ? undefined : rule(value)

const rules: Rules<BillingShippingValues> = {
  billingLine1: (value) => validateAddressLine1(value),
  billingPostCode: (value) => validatePostcode(value),
  shippingLine1: shipping(validateAddressLine1),
  shippingPostCode: shipping(validatePostcode),
}

const lines: readonly {
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

function BillingShippingDetails() {
  const loaded = Route.useLoaderData()
  const [customer, setCustomer] = useState<CustomerJson>(loaded.customer)
  const [editing, setEditing] = useState(false)
  const [saved, setSaved] = useState(false)
  const [problem, setProblem] = useState<DialogContent | null>(null)

  const form = useForm({
    defaultValues: billingShippingValues(customer),
    onSubmit: async ({ value, formApi }) => {
      const billing = addressFromValues(value, "billing")
      try {
        const { customer: updated } = await updateCustomer(customer.customerId, {
          customerId: customer.customerId,
          firstName: customer.firstName,
          lastName: customer.lastName,
          dateOfBirth: customer.dateOfBirth,
          telephoneNumber: customer.telephoneNumber,
          allowMarketingByEmail: customer.allowMarketingByEmail,
          allowMarketingByPhone: customer.allowMarketingByPhone,
          allowMarketingByText: customer.allowMarketingByText,
          allowMarketingByPost: customer.allowMarketingByPost,
          defaultBillingAddress: billing,
          defaultShippingAddress: value.sameAddress
            ? billing
            : addressFromValues(value, "shipping"),
        })
        setCustomer(updated)
        formApi.reset(billingShippingValues(updated))
        setEditing(false)
        setSaved(true)
      } catch (error) {
        setProblem(errorDialogContent(error))
      }
    },
  })

  const addressFields = (prefix: "billing" | "shipping") =>
    lines.map((line) => {
      const name = `${prefix}${line.key}` as const
      const isPostcode = line.key === "PostCode"
      return (
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
              clean={isPostcode ? (v) => v.toUpperCase() : undefined}
              className={isPostcode ? "uppercase" : undefined}
            />
          )}
        </form.Field>
      )
    })

  return (
    <>
      <DetailsFrame
        title="Address Details"
        editing={editing}
        editLabel="EDIT DETAILS"
        onEdit={() => {
          setSaved(false)
          setEditing(true)
        }}
        onCancel={() => {
          form.reset(billingShippingValues(customer))
          setEditing(false)
        }}
        onSubmit={submitWith(form)}
        saveButton={
          <SubmitButton
            key="save"
            form={form}
            rules={rules}
            blockWhenInvalid={false}
            className="btn-primary"
          >
            SAVE DETAILS
          </SubmitButton>
        }
        status={
          saved ? <FormMessage tone="success">Your addresses have been saved.</FormMessage> : null
        }
      >
        {customer.defaultBillingAddress === null && !editing ? (
          <p className="text-muted">
            You haven't given us an address yet. Press EDIT DETAILS to add one.
          </p>
        ) : null}
        <fieldset className="space-y-4">
          <legend className="mb-4 text-lg font-bold">Billing address</legend>
          {addressFields("billing")}
        </fieldset>
        <form.Field name="sameAddress">
          {(field) => (
            <CheckboxField field={field}>
              My shipping address is the same as my billing address
            </CheckboxField>
          )}
        </form.Field>
        <form.Subscribe selector={(s) => s.values.sameAddress}>
          {(same) =>
            same ? null : (
              <fieldset className="space-y-4">
                <legend className="mb-4 text-lg font-bold">Shipping address</legend>
                {addressFields("shipping")}
              </fieldset>
            )
          }
        </form.Subscribe>
      </DetailsFrame>
      <ErrorDialog content={problem} onClose={() => setProblem(null)} />
    </>
  )
}
