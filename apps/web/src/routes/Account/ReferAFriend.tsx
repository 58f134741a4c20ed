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
  friendRewardText,
  INVALID_REFERRAL_EMAIL,
  referralEmailError,
  referralEmailsToSend,
  refusedReferralEmails,
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
  return (
    <section className="space-y-6">
      <ShareYourLink link={referrals.link} code={referrals.code} />
      {referrals.canInvite ? <InviteByEmail customerId={customerId} /> : <InvitationsNotYet />}
      <FriendsWhoJoined friends={referrals.friends} />
    </section>
  )
}

const ShareYourLink = ({ link, code }: { link: string; code: string }) => (
  <div className="card p-5 sm:p-8">
    <h2 className="display-title text-2xl">Share the secret</h2>
    <p className="mt-3 text-muted">
      Invite your friends to {brand.shortName}. When a friend joins through your link and has spent
      £5 on tickets, you each get £5 of {brand.siteCredit.name}.
    </p>
    <dl className="mt-6 space-y-4">
      <CopyValue label="Your referral link" value={link} />
      <CopyValue label="Your referral code" value={code} />
    </dl>
  </div>
)

/**
 * The list of friends' addresses: each typed, checked once left, removed;
 * another added once the last is filled in and valid. `serverInvalid` are
 * the ones the server refused, marked until the list changes.
 */
const useEmailList = () => {
  const [emails, setEmails] = useState<string[]>([""])
  const [touched, setTouched] = useState<boolean[]>([false])
  const [serverInvalid, setServerInvalid] = useState<readonly string[]>([])
  const errorOf = (index: number) => {
    const value = emails[index] ?? ""
    if (serverInvalid.includes(value.trim())) return INVALID_REFERRAL_EMAIL
    return touched[index] ? referralEmailError(value) : undefined
  }
  return {
    emails,
    errorOf,
    change: (index: number, value: string) => {
      setEmails((list) => list.map((email, i) => (i === index ? value.replace(/\s/g, "") : email)))
      setServerInvalid([])
    },
    leave: (index: number) => setTouched((list) => list.map((t, i) => (i === index ? true : t))),
    add: () => {
      setEmails((list) => [...list, ""])
      setTouched((list) => [...list, false])
    },
    remove: (index: number) => {
      setEmails((list) => (list.length === 1 ? [""] : list.filter((_, i) => i !== index)))
      setTouched((list) => (list.length === 1 ? [false] : list.filter((_, i) => i !== index)))
    },
    touchAll: () => setTouched(emails.map(() => true)),
    clear: () => {
      setEmails([""])
      setTouched([false])
    },
    refused: setServerInvalid,
  }
}

const InviteByEmail = ({ customerId }: { customerId: string }) => {
  const listId = useId()
  const list = useEmailList()
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const toSend = referralEmailsToSend(list.emails)

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    list.touchAll()
    if (toSend === undefined || toSend.length === 0 || sending) return
    setSending(true)
    setOutcome(null)
    try {
      const { sent } = await sendReferralInvitations(customerId, toSend)
      setOutcome({ kind: "sent", count: sent })
      list.clear()
    } catch (error) {
      const problem = isApiError(error) ? error.problem : undefined
      const invalid = problem?.errors as { emails?: string[] } | undefined
      // 403: no longer allowed to invite (decision 0065); its detail says why.
      if (isApiError(error) && (error.status === 400 || error.status === 403) && problem) {
        list.refused(refusedReferralEmails(toSend, invalid?.emails ?? []))
        setOutcome({ kind: "refused", detail: error.detail })
      } else setOutcome({ kind: "failed" })
    } finally {
      setSending(false)
    }
  }

  return (
    <form noValidate onSubmit={send} className="card space-y-4 p-5 sm:p-8">
      <h3 className="display-title text-xl" id={`${listId}-title`}>
        Invite friends by email
      </h3>
      <ul aria-labelledby={`${listId}-title`} className="space-y-3">
        {list.emails.map((email, index) => (
          // Fields have no identity but their place; removing one re-labels the rest.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional.
          <li key={index}>
            <FriendEmail
              id={`${listId}-${index}`}
              number={index + 1}
              email={email}
              error={list.errorOf(index)}
              onChange={(value) => {
                list.change(index, value)
                setOutcome(null)
              }}
              onLeave={() => list.leave(index)}
              onRemove={() => {
                list.remove(index)
                setOutcome(null)
              }}
            />
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-outline"
          disabled={!canAddReferralEmail(list.emails)}
          onClick={list.add}
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
  )
}

/** One friend's address, with its message and the button to remove it. */
const FriendEmail = ({
  id,
  number,
  email,
  error,
  onChange,
  onLeave,
  onRemove,
}: {
  id: string
  number: number
  email: string
  error: string | undefined
  onChange: (value: string) => void
  onLeave: () => void
  onRemove: () => void
}) => (
  <>
    <label htmlFor={id} className="field-label" data-invalid={error ? "true" : undefined}>
      Friend's email {number}
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
        onChange={(event) => onChange(event.target.value)}
        onBlur={onLeave}
      />
      <button
        type="button"
        className="icon-btn border border-line"
        aria-label={`Remove friend's email ${number}`}
        title="Remove"
        onClick={onRemove}
      >
        <Icon name="close" />
      </button>
    </div>
    {error ? (
      <p id={`${id}-error`} className="field-error">
        {error}
      </p>
    ) : null}
  </>
)

const InvitationsNotYet = () => (
  <div className="card space-y-3 p-5 sm:p-8">
    <h3 className="display-title text-xl">Invite friends by email</h3>
    <p>{INVITATIONS_NOT_YET_ALLOWED}</p>
    <p className="text-muted">
      Until then you can share your link or code above with friends yourself.
    </p>
  </div>
)

const FriendsWhoJoined = ({
  friends,
}: {
  friends: readonly { firstName: string; joinedAt: string; rewarded: boolean; refused: boolean }[]
}) => (
  <div className="card p-5 sm:p-8">
    <h3 className="display-title text-xl">Friends who joined</h3>
    {friends.length === 0 ? (
      <p className="mt-3 text-muted">
        No friends have joined through your link yet. Share it and they'll show here.
      </p>
    ) : (
      <ul className="mt-4 divide-y divide-line">
        {friends.map((friend, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: friends have no id on the wire.
          <li key={index} className="flex flex-wrap justify-between gap-2 py-3">
            <span className="font-semibold">{friend.firstName}</span>
            <span className="text-muted">joined {ordinalDate(new Date(friend.joinedAt))}</span>
            <span className={friend.rewarded ? "font-semibold text-accent" : "text-muted"}>
              {friendRewardText(friend)}
            </span>
          </li>
        ))}
      </ul>
    )}
  </div>
)
