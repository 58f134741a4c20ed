import type { CustomerJson } from "@howzat/contracts/customers"
import { useForm } from "@tanstack/react-form"
import { createFileRoute } from "@tanstack/react-router"
import { useState } from "react"
import { getCustomer, updateCustomer } from "../../api/accounts"
import { pageTitle } from "../../brand"
import { DetailsFrame } from "../../components/account/DetailsForm"
import { ErrorDialog } from "../../components/Dialog"
import { AddressFields } from "../../components/forms/AddressFields"
import { FormMessage, SubmitButton, submitWith } from "../../components/forms/Fields"
import { addressFromValues, addressRules, billingShippingValues } from "../../lib/addresses"
import { type DialogContent, errorDialogContent } from "../../lib/error-text"

export const Route = createFileRoute("/Account/BillingShippingDetails")({
  loader: ({ context, abortController }) => getCustomer(context.customerId, abortController.signal),
  head: () => ({ meta: [{ title: pageTitle("Address Details") }] }),
  component: BillingShippingDetails,
})

const rules = addressRules

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
        <AddressFields form={form} rules={rules} />
      </DetailsFrame>
      <ErrorDialog content={problem} onClose={() => setProblem(null)} />
    </>
  )
}
