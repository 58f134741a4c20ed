import {
  accountMessages,
  validateConfirmNewPassword,
  validateCurrentPassword,
  validateNewPassword,
} from "@howzat/core/rules"
import { useForm } from "@tanstack/react-form"
import { createFileRoute, Link } from "@tanstack/react-router"
import { useState } from "react"
import { changePassword } from "../../api/accounts"
import { requireCustomer } from "../../auth/guard"
import { useCustomer } from "../../auth/use-session"
import { pageTitle } from "../../brand"
import { ErrorDialog } from "../../components/Dialog"
import {
  FormCard,
  FormMessage,
  SubmitButton,
  submitWith,
  TextField,
} from "../../components/forms/Fields"
import { type DialogContent, errorDialogContent } from "../../lib/error-text"
import { fieldRule, type Rules } from "../../lib/form-rules"

export const Route = createFileRoute("/Auth/ChangePassword")({
  beforeLoad: requireCustomer,
  head: () => ({ meta: [{ title: pageTitle("Change Password") }] }),
  component: ChangePassword,
})

interface ChangePasswordValues {
  currentPassword: string
  newPassword: string
  confirmNewPassword: string
}

const rules: Rules<ChangePasswordValues> = {
  currentPassword: (value) => validateCurrentPassword(value),
  newPassword: (value) => validateNewPassword(value),
  confirmNewPassword: (value, values) => validateConfirmNewPassword(value, values.newPassword),
}

const blank: ChangePasswordValues = { currentPassword: "", newPassword: "", confirmNewPassword: "" }

function ChangePassword() {
  const customer = useCustomer()
  const [changed, setChanged] = useState(false)
  const [problem, setProblem] = useState<DialogContent | null>(null)

  const form = useForm({
    defaultValues: blank,
    onSubmit: async ({ value, formApi }) => {
      setChanged(false)
      try {
        await changePassword({ email: customer?.emailAddress ?? "", ...value })
        setChanged(true)
        formApi.reset()
      } catch (error) {
        setProblem(errorDialogContent(error))
      }
    },
  })

  return (
    <FormCard title="Change Password">
      <form noValidate onSubmit={submitWith(form)} className="space-y-5">
        {/* Lets password managers save the new password against the right account. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={customer?.emailAddress ?? ""}
          readOnly
          hidden
        />
        <form.Field name="currentPassword" validators={fieldRule(rules.currentPassword)}>
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
        <form.Field name="newPassword" validators={fieldRule(rules.newPassword)}>
          {(field) => (
            <TextField
              field={field}
              label="New password"
              type="password"
              autoComplete="new-password"
              trim={false}
            />
          )}
        </form.Field>
        <form.Field
          name="confirmNewPassword"
          validators={fieldRule(rules.confirmNewPassword, ["newPassword"])}
        >
          {(field) => (
            <TextField
              field={field}
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              trim={false}
            />
          )}
        </form.Field>
        {changed ? (
          <FormMessage tone="success">{accountMessages.passwordChanged}</FormMessage>
        ) : null}
        <SubmitButton form={form} rules={rules}>
          Change Password
        </SubmitButton>
      </form>
      <p className="mt-6 border-t border-line pt-5 text-center text-sm">
        <Link to="/Account/PersonalDetails" className="font-bold text-accent hover:underline">
          Back to My Details
        </Link>
      </p>
      <ErrorDialog content={problem} onClose={() => setProblem(null)} />
    </FormCard>
  )
}
