import {
  accountMessages,
  MAX_EMAIL_LENGTH,
  stripInvalidEmailCharacters,
  validateCurrentPasswordForEmailChange,
  validateNewEmail,
} from "@howzat/core/rules"
import { useForm } from "@tanstack/react-form"
import { createFileRoute, Link } from "@tanstack/react-router"
import { useState } from "react"
import { changeEmailAddress } from "../../api/accounts"
import { requireCustomer } from "../../auth/guard"
import { returnUrlSearch, safeReturnPath } from "../../auth/return-url"
import { useCustomer } from "../../auth/use-session"
import { pageTitle } from "../../brand"
import { Dialog, ErrorDialog } from "../../components/Dialog"
import { FormCard, SubmitButton, submitWith, TextField } from "../../components/forms/Fields"
import { type DialogContent, errorDialogContent } from "../../lib/error-text"
import { fieldRule, type Rules } from "../../lib/form-rules"

export const Route = createFileRoute("/Auth/ChangeEmailAddress")({
  validateSearch: returnUrlSearch,
  beforeLoad: requireCustomer,
  head: () => ({ meta: [{ title: pageTitle("Change Email Address") }] }),
  component: ChangeEmailAddress,
})

interface ChangeEmailValues {
  newEmail: string
  password: string
}

const rules: Rules<ChangeEmailValues> = {
  newEmail: (value) => validateNewEmail(value),
  password: (value) => validateCurrentPasswordForEmailChange(value),
}

function ChangeEmailAddress() {
  const { returnUrl } = Route.useSearch()
  const customer = useCustomer()
  const [changed, setChanged] = useState(false)
  const [problem, setProblem] = useState<DialogContent | null>(null)

  const form = useForm({
    defaultValues: { newEmail: "", password: "" } as ChangeEmailValues,
    onSubmit: async ({ value }) => {
      try {
        await changeEmailAddress({
          currentEmail: customer?.emailAddress ?? "",
          newEmail: value.newEmail,
          password: value.password,
        })
        setChanged(true)
      } catch (error) {
        setProblem(errorDialogContent(error))
      }
    },
  })

  // docs/product/screens.md: confirm, go on, and reload so every part of the page shows the new address.
  const carryOn = () =>
    window.location.assign(safeReturnPath(returnUrl, "/Account/PersonalDetails"))

  return (
    <FormCard
      title="Change Email Address"
      intro={
        customer ? (
          <>
            You log in as <strong className="break-all text-fg">{customer.emailAddress}</strong>.
            We'll send a verification link to the new address.
          </>
        ) : null
      }
    >
      <form noValidate onSubmit={submitWith(form)} className="space-y-5">
        <form.Field name="newEmail" validators={fieldRule(rules.newEmail)}>
          {(field) => (
            <TextField
              field={field}
              label="New email address"
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={MAX_EMAIL_LENGTH}
              clean={stripInvalidEmailCharacters}
            />
          )}
        </form.Field>
        <form.Field name="password" validators={fieldRule(rules.password)}>
          {(field) => (
            <TextField
              field={field}
              label="Current password"
              type="password"
              autoComplete="current-password"
              trim={false}
            />
          )}
        </form.Field>
        <SubmitButton form={form} rules={rules}>
          Change Email Address
        </SubmitButton>
      </form>
      <p className="mt-6 border-t border-line pt-5 text-center text-sm">
        <Link to="/Account/PersonalDetails" className="font-bold text-accent hover:underline">
          Back to My Details
        </Link>
      </p>
      <Dialog open={changed} title="Email address changed" tone="success" onClose={carryOn}>
        <p>{accountMessages.emailChanged}</p>
      </Dialog>
      <ErrorDialog content={problem} onClose={() => setProblem(null)} />
    </FormCard>
  )
}
