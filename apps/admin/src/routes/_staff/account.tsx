import { createFileRoute } from "@tanstack/react-router"
import { useId, useState, useSyncExternalStore } from "react"
import { api } from "../../api"
import { ErrorNote, PageHeader } from "../../components/PageStates"
import { pageTitle } from "../../lib/page-title"
import { cleanCode } from "../../lib/second-factor"
import { getSession, subscribeSession } from "../../session"

export const Route = createFileRoute("/_staff/account")({
  head: () => ({ meta: [{ title: pageTitle("Your account") }] }),
  component: Account,
})

function Account() {
  const session = useSyncExternalStore(subscribeSession, getSession)
  if (session.status !== "signedIn") return null
  const { user } = session
  return (
    <>
      <PageHeader title="Your account" />
      <section className="card max-w-xl space-y-2 p-4">
        <p className="font-medium">
          {user.firstName} {user.lastName}
        </p>
        <p className="text-sm text-slate-600">
          {user.emailAddress} · {user.role}
        </p>
      </section>
      {user.role === "Admin" && <RecoveryCodes />}
    </>
  )
}

/** New recovery codes for an Admin who used some or fears they were seen (decision 0032). */
function RecoveryCodes() {
  const id = useId()
  const [code, setCode] = useState("")
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>()
  const [codes, setCodes] = useState<readonly string[]>()
  return (
    <section className="card mt-4 max-w-xl space-y-3 p-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="font-semibold">
        Recovery codes
      </h2>
      <p className="text-sm text-slate-700">
        Each recovery code signs you in once if you lose your phone. Making new ones ends the old
        ones. To make new ones, enter the current code from your authenticator app.
      </p>
      {codes ? (
        <>
          <ul aria-label="New recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
            {codes.map((c) => (
              <li key={c} className="rounded bg-slate-100 px-2 py-1">
                {c}
              </li>
            ))}
          </ul>
          <p role="status" className="text-sm text-slate-700">
            Save these now: they are shown only this once.
          </p>
        </>
      ) : (
        <form
          noValidate
          className="flex flex-wrap items-end gap-2"
          onSubmit={async (event) => {
            event.preventDefault()
            if (pending) return
            if (!code.trim()) {
              setError(new Error("Enter the code from your authenticator app."))
              return
            }
            setPending(true)
            setError(undefined)
            try {
              const answer = await api.auth.regenerateRecoveryCodes({
                payload: { code: cleanCode(code) },
              })
              setCodes(answer.recoveryCodes)
            } catch (failure) {
              setError(failure)
            } finally {
              setPending(false)
              setCode("")
            }
          }}
        >
          <div className="space-y-1">
            <label htmlFor={id} className="label">
              Code from your authenticator app
            </label>
            <input
              id={id}
              className="input w-40 font-mono tracking-widest"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? "Making codes…" : "Make new recovery codes"}
          </button>
        </form>
      )}
      <ErrorNote error={error} />
    </section>
  )
}
