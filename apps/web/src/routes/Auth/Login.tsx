import {
  stripInvalidEmailCharacters,
  validateEmail,
  validateLoginPassword,
} from "@howzat/core/rules/validation"
import { useForm } from "@tanstack/react-form"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import { returnUrlSearch, safeReturnPath } from "../../auth/return-url"
import { login, loginWithToken } from "../../auth/session"
import { pageTitle } from "../../brand"
import {
  FormCard,
  FormMessage,
  SubmitButton,
  submitWith,
  TextField,
} from "../../components/forms/Fields"
import { loginFailureText } from "../../lib/error-text"
import { fieldRule, type Rules } from "../../lib/form-rules"

interface LoginSearch {
  returnUrl?: string
  /** A one-time login link from an email (authenticate-by-token). */
  token?: string
}

export const Route = createFileRoute("/Auth/Login")({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    ...returnUrlSearch(search),
    ...(typeof search.token === "string" && search.token ? { token: search.token } : {}),
  }),
  head: () => ({ meta: [{ title: pageTitle("Login") }] }),
  component: Login,
})

interface LoginValues {
  email: string
  password: string
}

const rules: Rules<LoginValues> = {
  email: (value) => validateEmail(value),
  password: (value) => validateLoginPassword(value),
}

/** A link is single-use: React's development double effects must not spend it twice. */
const tokenLogins = new Map<string, ReturnType<typeof loginWithToken>>()

function Login() {
  const { returnUrl, token } = Route.useSearch()
  const navigate = useNavigate()
  const [failure, setFailure] = useState<string | null>(null)
  const destination = safeReturnPath(returnUrl, "/")

  const form = useForm({
    defaultValues: { email: "", password: "" } satisfies LoginValues as LoginValues,
    onSubmit: async ({ value }) => {
      setFailure(null)
      try {
        await login(value.email, value.password)
      } catch (error) {
        setFailure(loginFailureText(error))
        return
      }
      await navigate({ href: destination, replace: true })
    },
  })

  useEffect(() => {
    if (!token) return
    let attempt = tokenLogins.get(token)
    if (!attempt) {
      attempt = loginWithToken(token)
      tokenLogins.set(token, attempt)
    }
    attempt.then(
      () => navigate({ href: destination, replace: true }),
      (error: unknown) => setFailure(loginFailureText(error)),
    )
  }, [token, destination, navigate])

  return (
    <FormCard
      title="Login"
      intro="Welcome back! Log in to see your tickets and enter competitions."
    >
      <form noValidate onSubmit={submitWith(form)} className="space-y-5">
        <form.Field name="email" validators={fieldRule(rules.email)}>
          {(field) => (
            <TextField
              field={field}
              label="Email address"
              type="email"
              autoComplete="username"
              inputMode="email"
              clean={stripInvalidEmailCharacters}
            />
          )}
        </form.Field>
        <form.Field name="password" validators={fieldRule(rules.password)}>
          {(field) => (
            <TextField
              field={field}
              label="Password"
              type="password"
              autoComplete="current-password"
              trim={false}
            />
          )}
        </form.Field>
        <div className="flex justify-end">
          <Link
            to="/Auth/ForgotPassword"
            className="text-sm font-semibold text-accent hover:underline"
          >
            Forgot Password
          </Link>
        </div>
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <SubmitButton form={form} rules={rules}>
          LOGIN
        </SubmitButton>
      </form>
      <p className="mt-6 border-t border-line pt-5 text-center text-sm text-muted">
        New to us?{" "}
        <Link
          to="/Auth/Register"
          search={returnUrl ? { returnUrl } : {}}
          className="font-bold text-accent hover:underline"
        >
          Register
        </Link>
      </p>
    </FormCard>
  )
}
