import { useForm } from "@tanstack/react-form"
import { type CheckoutMode, type CheckoutValues, needsAddress } from "../../../basket/checkout"
import type { Rules } from "../../../lib/form-rules"
import { AddressFields } from "../../forms/AddressFields"
import { ConsentFields } from "../../forms/ConsentFields"
import { showEveryError } from "../../forms/Fields"
import { HoneyPotBox } from "../../forms/HoneyPotBox"
import { PersonFields, type PersonKey } from "../../forms/PersonFields"

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

/** A visitor registers here; a customer sees who they are, read-only. */
const visitorFields: readonly PersonKey[] = [
  "firstName",
  "lastName",
  "emailAddress",
  "telephoneNumber",
  "password",
  "confirmPassword",
  "dateOfBirth",
]
const customerFields: readonly PersonKey[] = [
  "firstName",
  "lastName",
  "emailAddress",
  "telephoneNumber",
]

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
  return (
    <section aria-labelledby="billing-title" className="card space-y-5 p-5 sm:p-6">
      <h2 id="billing-title" className="display-title text-xl">
        Billing details
      </h2>
      <PersonFields
        form={form}
        rules={rules}
        names={visitor ? visitorFields : customerFields}
        readOnly={!visitor}
      />

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

      <AddressFields form={form} rules={rules} editable={needsAddress(mode)} />

      {visitor ? <ConsentFields form={form} rules={rules} /> : null}
    </section>
  )
}
