import {
  stripInvalidEmailCharacters,
  validateEmail,
  validateLoginPassword,
} from "@howzat/core/rules"
import { useForm } from "@tanstack/react-form"
import { Link } from "@tanstack/react-router"
import { useState } from "react"
import { login } from "../../../auth/session"
import { loginFailureText } from "../../../lib/error-text"
import { fieldRule, type Rules } from "../../../lib/form-rules"
import { FormMessage, SubmitButton, submitWith, TextField } from "../../forms/Fields"

interface LoginValues {
  email: string
  password: string
}

const rules: Rules<LoginValues> = {
  email: (value) => validateEmail(value),
  password: (value) => validateLoginPassword(value),
}

/**
 * "Already have an account?" (docs/product/screens.md): a collapsed login form. Logging in
 * reprices the same basket for the customer (basket/store) and the page
 * turns into the customer's checkout.
 */
export const CheckoutLogin = () => {
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm({
    defaultValues: { email: "", password: "" } satisfies LoginValues as LoginValues,
    onSubmit: async ({ value }) => {
      setFailure(null)
      try {
        await login(value.email, value.password)
      } catch (error) {
        setFailure(loginFailureText(error))
      }
    },
  })
  return (
    <details className="card group p-0">
      <summary className="flex min-h-14 cursor-pointer items-center justify-between gap-3 px-5 py-4 font-bold">
        <span>Already have an account? Login here</span>
        <span aria-hidden="true" className="text-xl transition-transform group-open:rotate-45">
          +
        </span>
      </summary>
      <form noValidate onSubmit={submitWith(form)} className="space-y-4 border-t border-line p-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <form.Field name="email" validators={fieldRule(rules.email)}>
            {(field) => (
              <TextField
                field={field}
                label="Login email address"
                type="email"
                inputMode="email"
                autoComplete="username"
                clean={stripInvalidEmailCharacters}
              />
            )}
          </form.Field>
          <form.Field name="password" validators={fieldRule(rules.password)}>
            {(field) => (
              <TextField
                field={field}
                label="Login password"
                type="password"
                autoComplete="current-password"
                trim={false}
              />
            )}
          </form.Field>
        </div>
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton form={form} rules={rules} className="btn-primary">
            LOGIN
          </SubmitButton>
          <Link to="/Auth/ForgotPassword" className="text-sm font-semibold text-accent">
            Forgot Password?
          </Link>
        </div>
      </form>
    </details>
  )
}
