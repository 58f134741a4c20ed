import {
  contactMessages,
  MAX_CONTACT_MESSAGE_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_TELEPHONE_LENGTH,
  mailtoLink,
  stripInvalidEmailCharacters,
  stripInvalidTelephoneCharacters,
  validateContactEmail,
  validateContactMessage,
  validateSenderFirstName,
  validateSenderLastName,
  validateTelephone,
} from "@howzat/core/rules"
import { useForm } from "@tanstack/react-form"
import { createFileRoute, Link } from "@tanstack/react-router"
import { useEffect, useRef, useState } from "react"
import { getCustomer, HONEY_POT } from "../../api/accounts"
import { sendContactMessage } from "../../api/contact"
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
import { TextAreaField } from "../../components/forms/TextAreaField"
import { blankContact, type ContactValues, prefillContact, sendFailure } from "../../lib/contact"
import { fieldRule, type Rules } from "../../lib/form-rules"

export const Route = createFileRoute("/Home/Contact")({
  head: () => ({ meta: [{ title: pageTitle("Contact Us") }] }),
  component: Contact,
})

const rules: Rules<ContactValues> = {
  firstName: (value) => validateSenderFirstName(value),
  lastName: (value) => validateSenderLastName(value),
  email: (value) => validateContactEmail(value),
  telephoneNumber: (value) => validateTelephone(value),
  message: (value) => validateContactMessage(value),
}

const FAILURE_LEAD = contactMessages.failure.replace(/here\.$/, "")

function Contact() {
  const customer = useCustomer()
  const [sent, setSent] = useState(false)
  const [undelivered, setUndelivered] = useState(false)
  const thanksRef = useRef<HTMLHeadingElement>(null)

  const form = useForm({
    defaultValues: blankContact,
    onSubmit: async ({ value, formApi }) => {
      setUndelivered(false)
      try {
        await sendContactMessage({
          firstName: value.firstName.trim(),
          lastName: value.lastName.trim(),
          email: value.email,
          telephoneNumber: value.telephoneNumber.trim(),
          message: value.message.trim(),
          [HONEY_POT]: value.honeyPot,
        })
      } catch (error) {
        const failure = sendFailure(error)
        if (failure.kind === "undelivered") {
          setUndelivered(true)
          return
        }
        // The server's words go under the fields; typing again re-checks them as usual.
        for (const [name, message] of Object.entries(failure.errors))
          formApi.setFieldMeta(name as keyof ContactValues, (meta) => ({
            ...meta,
            errorMap: { ...meta.errorMap, onChange: message },
          }))
        return
      }
      setSent(true)
    },
  })

  // A signed-in customer need not type who they are: filled in where still empty.
  useEffect(() => {
    if (customer === null) return
    const fill = (known: Parameters<typeof prefillContact>[1]) => {
      const current = form.state.values
      const next = prefillContact(current, known)
      for (const name of ["firstName", "lastName", "email", "telephoneNumber"] as const)
        if (next[name] !== current[name]) form.setFieldValue(name, next[name])
    }
    fill({ firstName: customer.firstName, lastName: customer.lastName, email: customer.email })
    const customerId = customer.customerId
    if (!customerId) return
    const controller = new AbortController()
    getCustomer(customerId, controller.signal).then(
      ({ customer: record }) => fill({ telephoneNumber: record.telephoneNumber }),
      () => {
        // The phone is a convenience: without it the customer types it.
      },
    )
    return () => controller.abort()
  }, [customer, form])

  useEffect(() => {
    if (sent) thanksRef.current?.focus()
  }, [sent])

  if (sent)
    return (
      <FormCard title="Contact Us">
        <div role="status" className="space-y-3">
          <h2 ref={thanksRef} tabIndex={-1} className="display-title text-2xl outline-none">
            {contactMessages.thanks(brand.shortName)}
          </h2>
          <p className="text-muted">{contactMessages.replySoon}</p>
        </div>
      </FormCard>
    )

  return (
    <FormCard
      wide
      title="Contact Us"
      intro="Questions about a competition, an order or a prize? Send us a message and our customer-care team will get back to you."
    >
      <p className="mb-5 text-sm text-muted">
        Want to make a complaint? Use our{" "}
        <Link to="/Home/Complaints" className="font-bold underline underline-offset-4">
          complaints form
        </Link>{" "}
        and you'll get a reference straight away.
      </p>
      <form noValidate onSubmit={submitWith(form)} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <form.Field name="firstName" validators={fieldRule(rules.firstName)}>
            {(field) => (
              <TextField
                field={field}
                label="First name"
                autoComplete="given-name"
                maxLength={MAX_NAME_LENGTH}
              />
            )}
          </form.Field>
          <form.Field name="lastName" validators={fieldRule(rules.lastName)}>
            {(field) => (
              <TextField
                field={field}
                label="Last name"
                autoComplete="family-name"
                maxLength={MAX_NAME_LENGTH}
              />
            )}
          </form.Field>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
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
          <form.Field name="telephoneNumber" validators={fieldRule(rules.telephoneNumber)}>
            {(field) => (
              <TextField
                field={field}
                label="Phone number"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={MAX_TELEPHONE_LENGTH}
                clean={stripInvalidTelephoneCharacters}
              />
            )}
          </form.Field>
        </div>
        <form.Field name="message" validators={fieldRule(rules.message)}>
          {(field) => (
            <TextAreaField
              field={field}
              label="Message"
              rows={7}
              maxLength={MAX_CONTACT_MESSAGE_LENGTH}
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
        {undelivered ? (
          <FormMessage tone="error">
            {FAILURE_LEAD}
            {/* biome-ignore lint/a11y/noAmbiguousAnchorText: docs/product/errors.md's own word; aria-label says where it goes */}
            <a
              href={mailtoLink(brand.customerCareEmail, "A message from the website")}
              aria-label={`here: email ${brand.customerCareEmail}`}
              className="font-bold underline"
            >
              here
            </a>
            .
          </FormMessage>
        ) : null}
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(submitting) => (
            <SubmitButton form={form} rules={rules}>
              {submitting ? "Sending…" : "Send message"}
            </SubmitButton>
          )}
        </form.Subscribe>
      </form>
    </FormCard>
  )
}
