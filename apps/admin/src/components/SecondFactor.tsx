import { SECOND_FACTOR_CHALLENGE_EXPIRED_PROBLEM } from "@howzat/contracts/problem-types"
import { useEffect, useId, useRef, useState } from "react"
import { ApiError, api } from "../api"
import { cleanCode, groupedSecret, type SecondFactorChallenge } from "../lib/second-factor"
import { signIn } from "../session"
import { ErrorNote, Loading } from "./PageStates"
import { QrCode } from "./QrCode"

type Enrolment = { readonly secret: string; readonly otpauthUri: string }

const expired = (error: unknown) =>
  error instanceof ApiError && error.type === SECOND_FACTOR_CHALLENGE_EXPIRED_PROBLEM

/**
 * After an Admin's password: set up an authenticator app the first time
 * (QR code or the secret typed in, then a code to prove it, then the
 * recovery codes shown once), or type the current code (or a recovery code).
 */
export function SecondFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  readonly challenge: SecondFactorChallenge
  readonly onSignedIn: () => void
  /** The challenge ran out (time or tries): back to the password, saying why. */
  readonly onRestart: (why: unknown) => void
}) {
  const [enrolment, setEnrolment] = useState<Enrolment>()
  const [loadError, setLoadError] = useState<unknown>()
  const [recoveryCodes, setRecoveryCodes] = useState<readonly string[]>()

  useEffect(() => {
    if (challenge.enrolled) return
    let live = true
    api.auth
      .startSecondFactorEnrolment({ payload: { challenge: challenge.challenge } })
      .then((started) => live && setEnrolment(started))
      .catch((error: unknown) => {
        if (!live) return
        if (expired(error)) onRestart(error)
        else setLoadError(error)
      })
    return () => {
      live = false
    }
  }, [challenge, onRestart])

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onSignedIn} />
  if (!challenge.enrolled && !enrolment) {
    return loadError ? <ErrorNote error={loadError} /> : <Loading label="Setting up…" />
  }

  const submit = async (code: string) => {
    try {
      if (challenge.enrolled) {
        await signIn(
          await api.auth.verifySecondFactor({
            payload: { challenge: challenge.challenge, code: cleanCode(code) },
          }),
        )
        onSignedIn()
      } else {
        const confirmed = await api.auth.confirmSecondFactorEnrolment({
          payload: { challenge: challenge.challenge, code: cleanCode(code) },
        })
        await signIn(confirmed.auth)
        setRecoveryCodes(confirmed.recoveryCodes)
      }
    } catch (error) {
      if (expired(error)) onRestart(error)
      else throw error
    }
  }

  return (
    <div className="space-y-4">
      {enrolment ? (
        <>
          <h2 className="font-semibold">Set up two-step sign-in</h2>
          <p className="text-sm text-slate-700">
            Admin accounts need a second step. Scan this code with an authenticator app (Google
            Authenticator, Microsoft Authenticator, 1Password, Authy…), or type the key in, then
            enter the six-digit code it shows.
          </p>
          <div className="flex justify-center">
            <QrCode text={enrolment.otpauthUri} label="QR code for your authenticator app" />
          </div>
          <p className="text-sm">
            Key:{" "}
            <code data-testid="totp-secret" className="rounded bg-slate-100 px-1.5 py-0.5">
              {groupedSecret(enrolment.secret)}
            </code>
          </p>
        </>
      ) : (
        <>
          <h2 className="font-semibold">Two-step sign-in</h2>
          <p className="text-sm text-slate-700">
            Enter the six-digit code from your authenticator app, or one of your recovery codes.
          </p>
        </>
      )}
      <CodeForm onSubmit={submit} />
    </div>
  )
}

function CodeForm({ onSubmit }: { readonly onSubmit: (code: string) => Promise<void> }) {
  const id = useId()
  const [code, setCode] = useState("")
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>()
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [])
  return (
    <form
      noValidate
      className="space-y-3"
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
          await onSubmit(code)
        } catch (failure) {
          setError(failure)
          setCode("")
          input.current?.focus()
        } finally {
          setPending(false)
        }
      }}
    >
      <div className="space-y-1">
        <label htmlFor={id} className="label">
          Code from your authenticator app
        </label>
        <input
          ref={input}
          id={id}
          className="input font-mono tracking-widest"
          inputMode="text"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <ErrorNote error={error} />
      <button type="submit" className="btn btn-primary w-full" disabled={pending}>
        {pending ? "Checking…" : "Continue"}
      </button>
    </form>
  )
}

function RecoveryCodes({
  codes,
  onDone,
}: {
  readonly codes: readonly string[]
  readonly onDone: () => void
}) {
  return (
    <div className="space-y-4">
      <h2 className="font-semibold">Your recovery codes</h2>
      <p className="text-sm text-slate-700">
        If you lose your phone, each of these codes signs you in once in place of the six-digit
        code. Keep them somewhere safe, such as a password manager. They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary w-full" onClick={onDone}>
        I have saved my recovery codes
      </button>
    </div>
  )
}
