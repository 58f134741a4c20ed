import {
  accountMessages,
  stripInvalidEmailCharacters,
  validateEmail,
  validateLoginPassword,
} from "@howzat/core/rules"
import { useForm } from "@tanstack/react-form"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import { requestLoginLink } from "../../api/login-link"
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
import { loginFailureText, recoveryErrorText } from "../../lib/error-text"
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
  const [linkOutcome, setLinkOutcome] = useState<{
    tone: "success" | "error"
    text: string
  } | null>(null)
  const [linkBusy, setLinkBusy] = useState(false)
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

  /** docs/product/validation.md login link: to the email typed above; answered the same whether or not it has an account. */
  const emailMeALink = async () => {
    setLinkOutcome(null)
    const email = form.state.values.email
    if (rules.email?.(email, form.state.values) !== undefined) {
      // Show the email's own message and take the customer there.
      form.setFieldMeta("email", (meta) => ({ ...meta, isTouched: true, isDirty: true }))
      await form.validateField("email", "change")
      document.querySelector<HTMLInputElement>('input[name="email"]')?.focus()
      return
    }
    setLinkBusy(true)
    try {
      await requestLoginLink(email)
      setLinkOutcome({ tone: "success", text: accountMessages.loginLinkSent })
    } catch (error) {
      setLinkOutcome({ tone: "error", text: recoveryErrorText(error) })
    } finally {
      setLinkBusy(false)
    }
  }

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
      <div className="mt-6 space-y-3 text-center">
        <p className="text-sm text-muted">
          No password to hand? We can email you a link that logs you in once, to the address above.
        </p>
        <button
          type="button"
          className="btn-outline w-full"
          onClick={() => void emailMeALink()}
          disabled={linkBusy}
          aria-busy={linkBusy || undefined}
        >
          {linkBusy ? "Sending…" : "Email me a login link"}
        </button>
        {linkOutcome ? <FormMessage tone={linkOutcome.tone}>{linkOutcome.text}</FormMessage> : null}
      </div>
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
