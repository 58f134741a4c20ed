import {
  COMPLAINT_CATEGORIES,
  type ComplaintForm,
  complaintMessages,
  complaintTimelineText,
  MAX_COMPLAINT_DESCRIPTION_LENGTH,
  MAX_COMPLAINT_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_ORDER_NUMBER_LENGTH,
  mailtoLink,
  stripInvalidEmailCharacters,
  validateComplaintForm,
} from "@howzat/core/rules"
import { useForm } from "@tanstack/react-form"
import { createFileRoute, Link } from "@tanstack/react-router"
import { useEffect, useRef, useState } from "react"
import { HONEY_POT } from "../../api/accounts"
import { sendComplaint } from "../../api/complaints"
import { useCustomer } from "../../auth/use-session"
import { brand, pageTitle } from "../../brand"
import {
  FormCard,
  FormMessage,
  SubmitButton,
  submitWith,
  TextField,
} from "../../components/forms/Fields"
import { HoneyPotBox } from "../../components/forms/HoneyPotBox"
import { SelectField } from "../../components/forms/SelectField"
import { TextAreaField } from "../../components/forms/TextAreaField"
import {
  blankComplaint,
  type ComplaintValues,
  complaintFailure,
  prefillComplaint,
} from "../../lib/complaints"
import { fieldRule, type Rules } from "../../lib/form-rules"

export const Route = createFileRoute("/Home/Complaints")({
  head: () => ({ meta: [{ title: pageTitle("Complaints") }] }),
  component: Complaints,
})

/** One rule per field, from core's form rules: the page and the server say the same words. */
const ruleFor =
  (name: keyof ComplaintForm) =>
  (value: string, values: ComplaintValues): string | undefined =>
    validateComplaintForm({ ...values, [name]: value })[name]

const rules: Rules<ComplaintValues> = {
  name: ruleFor("name"),
  email: ruleFor("email"),
  orderNumber: ruleFor("orderNumber"),
  category: ruleFor("category"),
  description: ruleFor("description"),
}

const Timelines = () => (
  <section aria-labelledby="complaint-timelines" className="space-y-2 text-sm text-muted">
    <h2 id="complaint-timelines" className="font-bold text-base text-ink">
      What happens next
    </h2>
    <ul className="list-disc space-y-1 pl-5">
      {complaintTimelineText.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
    <p>
      Prefer email? Write to{" "}
      <a
        href={mailtoLink(brand.customerCareEmail, "Complaint")}
        className="font-bold underline underline-offset-4"
      >
        {brand.customerCareEmail}
      </a>{" "}
      with "Complaint" in the subject and we will log it and send you a reference. Our complaints
      policy is in our{" "}
      <Link to="/TsAndCs" className="font-bold underline underline-offset-4">
        terms and conditions
      </Link>
      .
    </p>
  </section>
)

function Complaints() {
  const customer = useCustomer()
  const [reference, setReference] = useState<string | null>(null)
  const [notTaken, setNotTaken] = useState<string | null>(null)
  const thanksRef = useRef<HTMLHeadingElement>(null)

  const form = useForm({
    defaultValues: blankComplaint,
    onSubmit: async ({ value, formApi }) => {
      setNotTaken(null)
      try {
        const receipt = await sendComplaint({
          name: value.name.trim(),
          email: value.email,
          orderNumber: value.orderNumber.trim(),
          category: value.category,
          description: value.description.trim(),
          [HONEY_POT]: value.honeyPot,
        })
        setReference(receipt.reference)
      } catch (error) {
        const failure = complaintFailure(error)
        if (failure.kind === "notTaken") {
          setNotTaken(failure.detail ?? complaintMessages.failure)
          return
        }
        for (const [name, message] of Object.entries(failure.errors))
          formApi.setFieldMeta(name as keyof ComplaintValues, (meta) => ({
            ...meta,
            errorMap: { ...meta.errorMap, onChange: message },
          }))
      }
    },
  })

  // A signed-in customer need not type who they are.
  useEffect(() => {
    if (customer === null) return
    const current = form.state.values
    const next = prefillComplaint(current, {
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      email: customer.email,
    })
    if (next.name !== current.name) form.setFieldValue("name", next.name)
    if (next.email !== current.email) form.setFieldValue("email", next.email)
  }, [customer, form])

  useEffect(() => {
    if (reference !== null) thanksRef.current?.focus()
  }, [reference])

  if (reference !== null)
    return (
      <FormCard wide title="Complaints">
        <div role="status" className="space-y-3">
          <h2 ref={thanksRef} tabIndex={-1} className="display-title text-2xl outline-none">
            Your reference is <span data-testid="complaint-reference">{reference}</span>
          </h2>
          <p className="text-muted">{complaintMessages.sent(reference)}</p>
        </div>
        <div className="mt-6">
          <Timelines />
        </div>
      </FormCard>
    )

  return (
    <FormCard
      wide
      title="Complaints"
      intro="We're sorry something has gone wrong. Tell us about it here and we will give you a reference straight away, so you can follow it up. For a general question, use our contact form instead."
    >
      <div className="mb-6">
        <Timelines />
      </div>
      <form noValidate onSubmit={submitWith(form)} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <form.Field name="name" validators={fieldRule(rules.name)}>
            {(field) => (
              <TextField
                field={field}
                label="Your name"
                autoComplete="name"
                maxLength={MAX_COMPLAINT_NAME_LENGTH}
              />
            )}
          </form.Field>
          <form.Field name="email" validators={fieldRule(rules.email)}>
            {(field) => (
              <TextField
                field={field}
                label="Email address"
                type="email"
                inputMode="email"
                autoComplete="email"
                maxLength={MAX_EMAIL_LENGTH}
                clean={stripInvalidEmailCharacters}
              />
            )}
          </form.Field>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <form.Field name="category" validators={fieldRule(rules.category)}>
            {(field) => (
              <SelectField
                field={field}
                label="What is it about?"
                placeholder="Choose one"
                options={COMPLAINT_CATEGORIES}
              />
            )}
          </form.Field>
          <form.Field name="orderNumber" validators={fieldRule(rules.orderNumber)}>
            {(field) => (
              <TextField
                field={field}
                label="Order number (optional)"
                maxLength={MAX_ORDER_NUMBER_LENGTH}
                hint="It's on your order confirmation email and under My Orders."
              />
            )}
          </form.Field>
        </div>
        <form.Field name="description" validators={fieldRule(rules.description)}>
          {(field) => (
            <TextAreaField
              field={field}
              label="Your complaint"
              rows={7}
              maxLength={MAX_COMPLAINT_DESCRIPTION_LENGTH}
            />
          )}
        </form.Field>
        <form.Field name="honeyPot">
          {(field) => (
            <HoneyPotBox
              value={field.state.value}
              onChange={(value) => field.handleChange(value)}
            />
          )}
        </form.Field>
        {notTaken !== null ? (
          <FormMessage tone="error">
            {notTaken}{" "}
            <a
              href={mailtoLink(brand.customerCareEmail, "Complaint")}
              className="font-bold underline"
            >
              Email {brand.customerCareEmail}
            </a>
          </FormMessage>
        ) : null}
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(submitting) => (
            <SubmitButton form={form} rules={rules}>
              {submitting ? "Sending…" : "Send complaint"}
            </SubmitButton>
          )}
        </form.Subscribe>
      </form>
    </FormCard>
  )
}
