import type { CustomerJson } from "@howzat/contracts/customers"
import {
  trimText,
  validateDateOfBirth,
  validateFirstName,
  validateLastName,
  validateTelephone,
} from "@howzat/core/rules"
import { Field, useForm } from "@tanstack/react-form"
import { createFileRoute, Link } from "@tanstack/react-router"
import { useState } from "react"
import { getCustomer, updateCustomer } from "../../api/accounts"
import { updateSessionUser } from "../../auth/session"
import { pageTitle } from "../../brand"
import { DetailsFrame } from "../../components/account/DetailsForm"
import { ErrorDialog } from "../../components/Dialog"
import type { FormWith } from "../../components/forms/bound-form"
import { CheckboxField, FormMessage, SubmitButton, submitWith } from "../../components/forms/Fields"
import { PersonFields } from "../../components/forms/PersonFields"
import { type DialogContent, errorDialogContent } from "../../lib/error-text"
import type { Rules } from "../../lib/form-rules"

export const Route = createFileRoute("/Account/PersonalDetails")({
  loader: ({ context, abortController }) => getCustomer(context.customerId, abortController.signal),
  head: () => ({ meta: [{ title: pageTitle("My Details") }] }),
  component: PersonalDetails,
})

interface DetailsValues {
  firstName: string
  lastName: string
  dateOfBirth: string
  telephoneNumber: string
  allowMarketingByEmail: boolean
  allowMarketingByPhone: boolean
  allowMarketingByText: boolean
  allowMarketingByPost: boolean
}

const rules: Rules<DetailsValues> = {
  firstName: (value) => validateFirstName(value),
  lastName: (value) => validateLastName(value),
  dateOfBirth: (value) => validateDateOfBirth(value, new Date()),
  telephoneNumber: (value) => validateTelephone(value),
}

const valuesOf = (c: CustomerJson): DetailsValues => ({
  firstName: c.firstName,
  lastName: c.lastName,
  dateOfBirth: c.dateOfBirth,
  telephoneNumber: c.telephoneNumber,
  allowMarketingByEmail: c.allowMarketingByEmail,
  allowMarketingByPhone: c.allowMarketingByPhone,
  allowMarketingByText: c.allowMarketingByText,
  allowMarketingByPost: c.allowMarketingByPost,
})

const marketing = [
  { name: "allowMarketingByEmail", label: "Email" },
  { name: "allowMarketingByPhone", label: "Phone" },
  { name: "allowMarketingByText", label: "Text message" },
  { name: "allowMarketingByPost", label: "Post" },
] as const

function PersonalDetails() {
  const loaded = Route.useLoaderData()
  const [customer, setCustomer] = useState(loaded.customer)
  const [editing, setEditing] = useState(false)
  const [saved, setSaved] = useState(false)
  const [problem, setProblem] = useState<DialogContent | null>(null)

  const form = useForm({
    defaultValues: valuesOf(customer),
    onSubmit: async ({ value, formApi }) => {
      try {
        // The whole customer model goes back (docs/product/api.md); the addresses are kept as they are.
        const { customer: updated } = await updateCustomer(customer.customerId, {
          customerId: customer.customerId,
          ...value,
          firstName: trimText(value.firstName),
          lastName: trimText(value.lastName),
          telephoneNumber: trimText(value.telephoneNumber),
          defaultBillingAddress: customer.defaultBillingAddress,
          defaultShippingAddress: customer.defaultShippingAddress,
        })
        setCustomer(updated)
        formApi.reset(valuesOf(updated))
        updateSessionUser({ firstName: updated.firstName, lastName: updated.lastName })
        setEditing(false)
        setSaved(true)
      } catch (error) {
        setProblem(errorDialogContent(error))
      }
    },
  })

  return (
    <>
      <DetailsFrame
        title="My Details"
        editing={editing}
        editLabel="EDIT MY DETAILS"
        onEdit={() => {
          setSaved(false)
          setEditing(true)
        }}
        onCancel={() => {
          form.reset(valuesOf(customer))
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
          saved ? <FormMessage tone="success">Your details have been saved.</FormMessage> : null
        }
      >
        <PersonFields form={form} rules={rules} names={["firstName", "lastName"]} />
        <AccountEmail email={customer.email} />
        <PersonFields form={form} rules={rules} names={["dateOfBirth", "telephoneNumber"]} />
        <MarketingChoices form={form} />
      </DetailsFrame>
      <p className="mt-6 text-sm">
        <Link to="/Auth/ChangePassword" className="font-bold text-accent hover:underline">
          Change password
        </Link>
      </p>
      <ErrorDialog content={problem} onClose={() => setProblem(null)} />
    </>
  )
}

/** The email address, shown but changed on its own page, where the new one is verified. */
const AccountEmail = ({ email }: { email: string }) => (
  <div>
    <label htmlFor="account-email" className="field-label">
      Email address
    </label>
    <input
      id="account-email"
      type="email"
      value={email}
      disabled
      className="field-input"
      aria-describedby="account-email-hint"
    />
    <p id="account-email-hint" className="mt-1.5 text-sm text-muted">
      Your email address is changed separately, so we can verify the new one.{" "}
      <Link
        to="/Auth/ChangeEmailAddress"
        search={{ returnUrl: "/Account/PersonalDetails" }}
        className="font-semibold text-accent underline underline-offset-2"
      >
        Change email address
      </Link>
    </p>
  </div>
)

/** Each way the shop may contact the customer, ticked one by one. */
const MarketingChoices = ({ form }: { form: FormWith<DetailsValues> }) => (
  <fieldset className="rounded-xl bg-sunken p-4">
    <legend className="float-left mb-3 w-full text-sm font-semibold">
      You may contact me about competitions and offers by
    </legend>
    <div className="clear-left grid grid-cols-2 gap-3 sm:grid-cols-4">
      {marketing.map((m) => (
        <Field key={m.name} form={form} name={m.name}>
          {(field) => <CheckboxField field={field}>{m.label}</CheckboxField>}
        </Field>
      ))}
    </div>
  </fieldset>
)
