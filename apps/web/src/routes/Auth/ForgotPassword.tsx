import {
  accountMessages,
  stripInvalidEmailCharacters,
  validateConfirmPassword,
  validateEmail,
  validateNewPassword,
} from "@howzat/core/rules"
import { useForm } from "@tanstack/react-form"
import { createFileRoute, Link } from "@tanstack/react-router"
import { useState } from "react"
import { forgotPassword, resetPassword } from "../../api/accounts"
import { pageTitle } from "../../brand"
import {
  FormCard,
  FormMessage,
  SubmitButton,
  submitWith,
  TextField,
} from "../../components/forms/Fields"
import { recoveryErrorText } from "../../lib/error-text"
import { fieldRule, type Rules } from "../../lib/form-rules"

export const Route = createFileRoute("/Auth/ForgotPassword")({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === "string" && search.token ? { token: search.token } : {},
  head: ({ match }) => ({
    meta: [{ title: pageTitle(match.search.token ? "Reset Password" : "Forgot Password") }],
  }),
  component: ForgotOrReset,
})

/** docs/product/screens.md: with a `token` it is the reset form, without it the forgot form. */
function ForgotOrReset() {
  const { token } = Route.useSearch()
  return token ? <ResetPassword token={token} /> : <ForgotPassword />
}

type Outcome = { tone: "success" | "error"; text: string } | null

const forgotRules: Rules<{ email: string }> = { email: (value) => validateEmail(value) }

function ForgotPassword() {
  const [outcome, setOutcome] = useState<Outcome>(null)
  const form = useForm({
    defaultValues: { email: "" },
    onSubmit: async ({ value }) => {
      setOutcome(null)
      try {
        await forgotPassword(value.email)
        setOutcome({ tone: "success", text: accountMessages.resetLinkSent })
      } catch (error) {
        setOutcome({ tone: "error", text: recoveryErrorText(error) })
      }
    },
  })
  return (
    <FormCard
      title="Forgot Password"
      intro="Enter the email address you registered with and we'll email you a link to choose a new password."
    >
      <form noValidate onSubmit={submitWith(form)} className="space-y-5">
        <form.Field name="email" validators={fieldRule(forgotRules.email)}>
          {(field) => (
            <TextField
              field={field}
              label="Email address"
              type="email"
              inputMode="email"
              autoComplete="email"
              clean={stripInvalidEmailCharacters}
            />
          )}
        </form.Field>
        {outcome ? <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage> : null}
        <SubmitButton form={form} rules={forgotRules}>
          Request Password Reset
        </SubmitButton>
      </form>
      <p className="mt-6 border-t border-line pt-5 text-center text-sm text-muted">
        Remembered it?{" "}
        <Link to="/Auth/Login" className="font-bold text-accent hover:underline">
          Login
        </Link>
      </p>
    </FormCard>
  )
}

interface ResetValues {
  password: string
  confirmPassword: string
}

const resetRules: Rules<ResetValues> = {
  password: (value) => validateNewPassword(value),
  confirmPassword: (value, values) => validateConfirmPassword(value, values.password),
}

function ResetPassword({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<Outcome>(null)
  const form = useForm({
    defaultValues: { password: "", confirmPassword: "" } as ResetValues,
    onSubmit: async ({ value }) => {
      setOutcome(null)
      try {
        await resetPassword({ token, ...value })
        setOutcome({ tone: "success", text: accountMessages.passwordReset })
      } catch (error) {
        setOutcome({ tone: "error", text: recoveryErrorText(error) })
      }
    },
  })
  const done = outcome?.tone === "success"
  return (
    <FormCard title="Reset Password" intro="Choose a new password for your account.">
      {done ? (
        <div className="space-y-5">
          <FormMessage tone="success">{outcome.text}</FormMessage>
          <Link to="/Auth/Login" className="btn-primary w-full">
            Login
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={submitWith(form)} className="space-y-5">
          <form.Field name="password" validators={fieldRule(resetRules.password)}>
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
            name="confirmPassword"
            validators={fieldRule(resetRules.confirmPassword, ["password"])}
          >
            {(field) => (
              <TextField
                field={field}
                label="Confirm password"
                type="password"
                autoComplete="new-password"
                trim={false}
              />
            )}
          </form.Field>
          {outcome ? <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage> : null}
          <SubmitButton form={form} rules={resetRules}>
            Submit
          </SubmitButton>
        </form>
      )}
    </FormCard>
  )
}
