import { useForm } from "@tanstack/react-form"
import { createFileRoute, redirect, useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { brand } from "../../../web/src/brand"
import { api } from "../api"
import { Field } from "../components/Field"
import { ErrorNote } from "../components/PageStates"
import { SecondFactorStep } from "../components/SecondFactor"
import { textParam } from "../lib/search"
import { type SecondFactorChallenge, secondFactorChallenge } from "../lib/second-factor"
import { getSession, signIn, startSession } from "../session"

/** Only back-office paths: a crafted ?redirect= cannot send staff off the site. */
const safeRedirect = (value: string | undefined): string =>
  value?.startsWith("/") && !value.startsWith("//") ? value : "/"

export const Route = createFileRoute("/sign-in")({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const target = textParam(search.redirect)
    return target ? { redirect: target } : {}
  },
  beforeLoad: async ({ search }) => {
    await startSession()
    if (getSession().status === "signedIn") throw redirect({ to: safeRedirect(search.redirect) })
  },
  component: SignIn,
})

const required = (label: string) => ({
  onChange: ({ value }: { value: string }) => (value.trim() ? undefined : `Enter your ${label}.`),
})

function SignIn() {
  const { redirect: target } = Route.useSearch()
  const navigate = useNavigate()
  const [failure, setFailure] = useState<unknown>()
  // An Admin's password is answered with a challenge: the second factor comes next.
  const [challenge, setChallenge] = useState<SecondFactorChallenge>()
  const done = () => navigate({ to: safeRedirect(target) })
  const form = useForm({
    defaultValues: { email: "", password: "" },
    onSubmit: async ({ value }) => {
      setFailure(undefined)
      try {
        await signIn(await api.auth.authenticate({ payload: value }))
        await done()
      } catch (error) {
        const next = secondFactorChallenge(error)
        if (next) setChallenge(next)
        else setFailure(error)
      }
    },
  })
  return (
    <main className="grid min-h-dvh place-items-center p-4">
      <div className="card w-full max-w-md space-y-5 p-6">
        <div>
          <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase">
            {brand.shortName}
          </p>
          <h1 className="text-xl font-semibold">Sign in to the back office</h1>
        </div>
        {challenge ? (
          <SecondFactorStep
            challenge={challenge}
            onSignedIn={done}
            onRestart={(why) => {
              setChallenge(undefined)
              setFailure(why)
            }}
          />
        ) : (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault()
              void form.handleSubmit()
            }}
          >
            <form.Field name="email" validators={required("email address")}>
              {(field) => (
                <Field field={field} label="Email address" type="email" autoComplete="username" />
              )}
            </form.Field>
            <form.Field name="password" validators={required("password")}>
              {(field) => (
                <Field
                  field={field}
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                />
              )}
            </form.Field>
            <ErrorNote error={failure} />
            <form.Subscribe selector={(s) => s.isSubmitting}>
              {(submitting) => (
                <button type="submit" className="btn btn-primary w-full" disabled={submitting}>
                  {submitting ? "Signing in…" : "Sign in"}
                </button>
              )}
            </form.Subscribe>
          </form>
        )}
      </div>
    </main>
  )
}
