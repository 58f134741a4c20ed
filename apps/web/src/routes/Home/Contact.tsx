import {
  contactMessages,
  MAX_CONTACT_MESSAGE_LENGTH,
  MAX_EMAIL_LENGTH,
  mailtoLink,
  stripInvalidEmailCharacters,
} from "@howzat/core/rules"
import { useForm } from "@tanstack/react-form"
import { createFileRoute, Link } from "@tanstack/react-router"
import { useEffect, useRef, useState } from "react"
import { getCustomer } from "../../api/accounts"
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
import { PersonField, PersonFields } from "../../components/forms/PersonFields"
import { TextAreaField } from "../../components/forms/TextAreaField"
import {
  blankContact,
  type ContactValues,
  contactRequest,
  contactRules,
  prefillContact,
  sendFailure,
} from "../../lib/contact"
import { fieldRule } from "../../lib/form-rules"

export const Route = createFileRoute("/Home/Contact")({
  head: () => ({ meta: [{ title: pageTitle("Contact Us") }] }),
  component: Contact,
})

const rules = contactRules

const FAILURE_LEAD = contactMessages.failure.replace(/here\.$/, "")

/**
 * The contact form and sending it. A failure the customer can fix puts the
 * server's words under the fields (typing again re-checks them as usual);
 * one they cannot says where to write instead.
 */
const useContactForm = (onSent: () => void, onUndelivered: (undelivered: boolean) => void) =>
  useForm({
    defaultValues: blankContact,
    onSubmit: async ({ value, formApi }) => {
      onUndelivered(false)
      try {
        await sendContactMessage(contactRequest(value))
      } catch (error) {
        const failure = sendFailure(error)
        if (failure.kind === "undelivered") return onUndelivered(true)
        for (const [name, message] of Object.entries(failure.errors))
          formApi.setFieldMeta(name as keyof ContactValues, (meta) => ({
            ...meta,
            errorMap: { ...meta.errorMap, onChange: message },
          }))
        return
      }
      onSent()
    },
  })

type ContactFormApi = ReturnType<typeof useContactForm>

/** A signed-in customer need not type who they are: filled in where still empty. */
const usePrefillFromCustomer = (form: ContactFormApi) => {
  const customer = useCustomer()
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
}

function Contact() {
  const [sent, setSent] = useState(false)
  const [undelivered, setUndelivered] = useState(false)
  const form = useContactForm(() => setSent(true), setUndelivered)
  usePrefillFromCustomer(form)

  if (sent) return <ContactThanks />
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
        <PersonFields form={form} rules={rules} names={["firstName", "lastName"]} />
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
          <PersonField form={form} rules={rules} name="telephoneNumber" />
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
        {undelivered ? <Undelivered /> : null}
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

/** Sent: the thanks takes focus, so a screen reader hears it at once. */
const ContactThanks = () => {
  const thanksRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    thanksRef.current?.focus()
  }, [])
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
}

/** docs/product/errors.md's words when the message could not be delivered, with where to write. */
const Undelivered = () => (
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
)
