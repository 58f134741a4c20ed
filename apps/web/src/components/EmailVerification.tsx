import { accountMessages } from "@howzat/core/rules"
import { Link, useNavigate } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import { verifyEmail } from "../api/accounts"
import { useCustomer } from "../auth/use-session"
import { dismissVerificationNotice } from "../auth/verification-notice"
import { verificationFailureText } from "../lib/error-text"
import { Dialog } from "./Dialog"

/** A link works once: React's development double effects must not spend it twice. */
const verifications = new Map<string, ReturnType<typeof verifyEmail>>()

type Outcome = { ok: true } | { ok: false; text: string }

/**
 * Home with `?token=` (docs/product/screens.md): verifies the email address, then says so
 * with a link to the account if logged in, otherwise to the login page.
 * Loaded only when there is a token, so Home stays light.
 */
export default function EmailVerification({ token }: { token: string }) {
  const navigate = useNavigate()
  const customer = useCustomer()
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  useEffect(() => {
    let verification = verifications.get(token)
    if (!verification) {
      verification = verifyEmail(token)
      verifications.set(token, verification)
    }
    let current = true
    verification.then(
      () => {
        // "Please verify your email address" has been answered.
        dismissVerificationNotice()
        if (current) setOutcome({ ok: true })
      },
      (error: unknown) =>
        current && setOutcome({ ok: false, text: verificationFailureText(error) }),
    )
    return () => {
      current = false
    }
  }, [token])

  // Closing takes the spent token out of the address bar.
  const close = () => void navigate({ to: "/", search: {}, replace: true })

  if (outcome === null) {
    return (
      <p role="status" className="sr-only">
        Verifying your email address…
      </p>
    )
  }
  if (!outcome.ok) {
    return (
      <Dialog open title="Error" tone="error" onClose={close}>
        <p>{outcome.text}</p>
      </Dialog>
    )
  }
  return (
    <Dialog
      open
      title="Email verified"
      tone="success"
      onClose={close}
      actions={
        <>
          <button type="button" className="btn-outline" onClick={close}>
            Close
          </button>
          {customer ? (
            <Link to="/Account" className="btn-primary">
              Go to my account
            </Link>
          ) : (
            <Link to="/Auth/Login" className="btn-primary">
              Login
            </Link>
          )}
        </>
      }
    >
      <p>{accountMessages.emailVerified}</p>
    </Dialog>
  )
}
