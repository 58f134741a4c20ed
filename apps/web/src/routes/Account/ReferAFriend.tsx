import { INVITATIONS_NOT_YET_ALLOWED, ordinalDate } from "@howzat/core/rules"
import { createFileRoute } from "@tanstack/react-router"
import { type FormEvent, useId, useState } from "react"
import { isApiError } from "../../api/client"
import { getReferrals, sendReferralInvitations } from "../../api/referrals"
import { brand, pageTitle } from "../../brand"
import { CopyValue } from "../../components/CopyValue"
import { Icon } from "../../components/Icon"
import {
  canAddReferralEmail,
  INVALID_REFERRAL_EMAIL,
  referralEmailError,
  referralEmailsToSend,
} from "../../lib/referral-emails"

export const Route = createFileRoute("/Account/ReferAFriend")({
  loader: ({ context, abortController }) =>
    getReferrals(context.customerId, abortController.signal),
  head: () => ({ meta: [{ title: pageTitle("Share the secret") }] }),
  component: ReferAFriend,
})

/** docs/product/errors.md's words when invitations cannot go. */
const SEND_FAILED = "Sorry, we're not able to send referrals at the moment."

type Outcome =
  | { readonly kind: "sent"; readonly count: number }
  | { readonly kind: "failed" }
  | { readonly kind: "refused"; readonly detail: string }
  | null

/**
 * "Share the secret" (decision 0039): the customer's own link and code to
 * pass on, invitations by email for a customer allowed to send them
 * (decision 0065: a verified email and a paid order; anyone else is told
 * so instead of shown the form), and the friends who joined through them,
 * with whether their reward was paid.
 */
function ReferAFriend() {
  const { referrals } = Route.useLoaderData()
  const { customerId } = Route.useRouteContext()
  const listId = useId()
  const [emails, setEmails] = useState<string[]>([""])
  const [touched, setTouched] = useState<boolean[]>([false])
  const [serverInvalid, setServerInvalid] = useState<readonly string[]>([])
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)

  const errorOf = (index: number) => {
    const value = emails[index] ?? ""
    if (serverInvalid.includes(value.trim())) return INVALID_REFERRAL_EMAIL
    return touched[index] ? referralEmailError(value) : undefined
  }
  const toSend = referralEmailsToSend(emails)

  const change = (index: number, value: string) => {
    setEmails((list) => list.map((email, i) => (i === index ? value.replace(/\s/g, "") : email)))
    setServerInvalid([])
    setOutcome(null)
  }
  const add = () => {
    setEmails((list) => [...list, ""])
    setTouched((list) => [...list, false])
  }
  const remove = (index: number) => {
    setEmails((list) => (list.length === 1 ? [""] : list.filter((_, i) => i !== index)))
    setTouched((list) => (list.length === 1 ? [false] : list.filter((_, i) => i !== index)))
    setOutcome(null)
  }

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setTouched(emails.map(() => true))
    if (toSend === undefined || toSend.length === 0 || sending) return
    setSending(true)
    setOutcome(null)
    try {
      const { sent } = await sendReferralInvitations(customerId, toSend)
      setOutcome({ kind: "sent", count: sent })
      setEmails([""])
      setTouched([false])
    } catch (error) {
      const problem = isApiError(error) ? error.problem : undefined
      const invalid = problem?.errors as { emails?: string[] } | undefined
      // 403: no longer allowed to invite (decision 0065); its detail says why.
      if (isApiError(error) && (error.status === 400 || error.status === 403) && problem) {
        setServerInvalid(
          toSend.filter((email) =>
            (invalid?.emails ?? []).some((line) => line.startsWith(`${email} `)),
          ),
        )
        setOutcome({ kind: "refused", detail: error.detail })
      } else setOutcome({ kind: "failed" })
    } finally {
      setSending(false)
    }
  }

  return (
    <section className="space-y-6">
      <div className="card p-5 sm:p-8">
        <h2 className="display-title text-2xl">Share the secret</h2>
        <p className="mt-3 text-muted">
          Invite your friends to {brand.shortName}. When a friend joins through your link and has
          spent £5 on tickets, you each get £5 of {brand.siteCredit.name}.
        </p>
        <dl className="mt-6 space-y-4">
          <CopyValue label="Your referral link" value={referrals.link} />
          <CopyValue label="Your referral code" value={referrals.code} />
        </dl>
      </div>

      {referrals.canInvite ? (
        <form noValidate onSubmit={send} className="card space-y-4 p-5 sm:p-8">
          <h3 className="display-title text-xl" id={`${listId}-title`}>
            Invite friends by email
          </h3>
          <ul aria-labelledby={`${listId}-title`} className="space-y-3">
            {emails.map((email, index) => {
              const id = `${listId}-${index}`
              const error = errorOf(index)
              return (
                // Fields have no identity but their place; removing one re-labels the rest.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional.
                <li key={index}>
                  <label
                    htmlFor={id}
                    className="field-label"
                    data-invalid={error ? "true" : undefined}
                  >
                    Friend's email {index + 1}
                  </label>
                  <div className="flex items-start gap-2">
                    <input
                      id={id}
                      type="email"
                      inputMode="email"
                      autoComplete="off"
                      maxLength={255}
                      className="field-input"
                      value={email}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      onChange={(event) => change(index, event.target.value)}
                      onBlur={() =>
                        setTouched((list) => list.map((t, i) => (i === index ? true : t)))
                      }
                    />
                    <button
                      type="button"
                      className="icon-btn border border-line"
                      aria-label={`Remove friend's email ${index + 1}`}
                      title="Remove"
                      onClick={() => remove(index)}
                    >
                      <Icon name="close" />
                    </button>
                  </div>
                  {error ? (
                    <p id={`${id}-error`} className="field-error">
                      {error}
                    </p>
                  ) : null}
                </li>
              )
            })}
          </ul>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-outline"
              disabled={!canAddReferralEmail(emails)}
              onClick={add}
            >
              Add another email
            </button>
            <button
              type="submit"
              className="btn-primary"
              disabled={sending || toSend === undefined || toSend.length === 0}
              aria-busy={sending || undefined}
            >
              {sending ? "Sending…" : "Send invitations"}
            </button>
          </div>
          <div role="status" aria-live="polite">
            {outcome?.kind === "sent" ? (
              <p className="font-semibold text-accent">Invitations sent: {outcome.count}</p>
            ) : null}
          </div>
          {outcome?.kind === "failed" ? (
            <p role="alert" className="field-error">
              {SEND_FAILED}
            </p>
          ) : null}
          {outcome?.kind === "refused" ? (
            <p role="alert" className="field-error">
              {outcome.detail}
            </p>
          ) : null}
        </form>
      ) : (
        <div className="card space-y-3 p-5 sm:p-8">
          <h3 className="display-title text-xl">Invite friends by email</h3>
          <p>{INVITATIONS_NOT_YET_ALLOWED}</p>
          <p className="text-muted">
            Until then you can share your link or code above with friends yourself.
          </p>
        </div>
      )}

      <div className="card p-5 sm:p-8">
        <h3 className="display-title text-xl">Friends who joined</h3>
        {referrals.friends.length === 0 ? (
          <p className="mt-3 text-muted">
            No friends have joined through your link yet. Share it and they'll show here.
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-line">
            {referrals.friends.map((friend, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: friends have no id on the wire.
              <li key={index} className="flex flex-wrap justify-between gap-2 py-3">
                <span className="font-semibold">{friend.firstName}</span>
                <span className="text-muted">joined {ordinalDate(new Date(friend.joinedAt))}</span>
                <span className={friend.rewarded ? "font-semibold text-accent" : "text-muted"}>
                  {friend.rewarded
                    ? "£5 reward paid"
                    : friend.refused
                      ? "No reward for this referral"
                      : "Not yet spent £5"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
