import { accountMessages, verificationEmailSentMessage } from "@howzat/core/rules"
import { useEffect, useState } from "react"
import { resendVerificationEmail } from "../api/accounts"
import { isApiError } from "../api/client"
import { useSession } from "../auth/use-session"
import { dismissVerificationNotice, useVerificationNotice } from "../auth/verification-notice"

type Outcome = { readonly kind: "sent" | "refused"; readonly text: string }

/**
 * After registering: to which address the verification email went, with
 * "Resend" for one that went astray. The shop limits how often it resends
 * (a 429 says when to try again), and that refusal is shown as it is. Gone
 * once dismissed, verified or logged out.
 */
export const VerificationSentNotice = () => {
  const notice = useVerificationNotice()
  const session = useSession()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  const user = session.status === "signedIn" ? session.user : null
  const stale =
    notice !== null &&
    (session.status === "signedOut" ||
      (user !== null && (user.customerId !== notice.customerId || user.emailVerified)))
  useEffect(() => {
    if (stale) dismissVerificationNotice()
  }, [stale])

  if (notice === null || user === null || stale) return null

  const resend = async () => {
    setBusy(true)
    setOutcome(null)
    try {
      const { message } = await resendVerificationEmail()
      // Verified meanwhile (another tab): the shop says so and mails nothing.
      setOutcome({
        kind: "sent",
        text: message === accountMessages.alreadyVerified ? message : `Sent again. ${message}`,
      })
    } catch (error) {
      setOutcome({
        kind: "refused",
        text:
          isApiError(error) && error.status === 429
            ? `We couldn't send another email just now. ${error.detail}`
            : isApiError(error) && !error.unreachable
              ? error.detail || error.title
              : "We couldn't reach the shop just now. Please try again.",
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section
      aria-labelledby="verification-sent-title"
      className="mx-auto mt-4 max-w-5xl px-3 sm:px-5"
      data-testid="verification-sent"
    >
      <div className="card space-y-3 border border-accent/30 p-4 sm:p-5">
        <h2 id="verification-sent-title" className="font-bold">
          Please verify your email address
        </h2>
        <p role="status">{verificationEmailSentMessage(notice.email)}</p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="btn-outline"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void resend()}
          >
            {busy ? "Sending…" : "Resend"}
          </button>
          <button type="button" className="btn-outline" onClick={dismissVerificationNotice}>
            Dismiss
          </button>
        </div>
        {outcome?.kind === "sent" ? (
          <p role="status" className="text-sm font-medium text-accent-strong dark:text-accent">
            {outcome.text}
          </p>
        ) : null}
        {outcome?.kind === "refused" ? (
          <p role="alert" className="text-sm font-medium text-leather-600 dark:text-red-300">
            {outcome.text}
          </p>
        ) : null}
      </div>
    </section>
  )
}
