import type { AccountStandingResponseJson } from "@howzat/contracts/standing"
import {
  COOL_OFF_LENGTHS,
  ordinalDate,
  ordinalDateTime,
  PAUSE_LENGTH_LABELS,
  type PauseLength,
  pauseEnd,
  SELF_SUSPENSION_LENGTHS,
} from "@howzat/core/rules"
import { createFileRoute, useRouter } from "@tanstack/react-router"
import { type FormEvent, useId, useState } from "react"
import { isApiError } from "../../api/client"
import { closeAccount, getStanding, takeABreak } from "../../api/standing"
import { pageTitle } from "../../brand"
import { SupportLinks } from "../../components/account/SupportLinks"
import { FormMessage } from "../../components/forms/Fields"

export const Route = createFileRoute("/Account/TakeABreak")({
  loader: ({ context, abortController }) => getStanding(context.customerId, abortController.signal),
  head: () => ({ meta: [{ title: pageTitle("Take a break") }] }),
  component: TakeABreak,
})

type Standing = AccountStandingResponseJson["standing"]
type Step =
  | { readonly kind: "choose" }
  | { readonly kind: "confirmBreak"; readonly length: PauseLength }
  | { readonly kind: "confirmClose" }

const failureText = (error: unknown) =>
  isApiError(error) && error.detail.trim()
    ? error.detail
    : "Something went wrong and nothing was changed. Please try again."

/**
 * Pause and close (decision 0043): a short cool-off or a
 * self-suspension of 6 months or more, or closing the account, each
 * confirmed in a second step that says plainly it cannot be undone early.
 */
function TakeABreak() {
  const { customerId } = Route.useRouteContext()
  const [standing, setStanding] = useState<Standing>(Route.useLoaderData().standing)
  const [step, setStep] = useState<Step>({ kind: "choose" })
  const [chosen, setChosen] = useState<PauseLength | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const groupId = useId()
  const router = useRouter()

  const pausedUntil = standing.pausedUntil ? new Date(standing.pausedUntil) : null
  // A break is only ever made longer: lengths ending no later than the running one are off.
  const available = (length: PauseLength) =>
    pausedUntil === null || pauseEnd(new Date(), length) > pausedUntil

  const act = async (run: () => Promise<AccountStandingResponseJson>, said: string) => {
    setBusy(true)
    setFailure(null)
    try {
      const { standing: after } = await run()
      setStanding(after)
      setDone(said)
      // The account frame's banner reads the standing too.
      void router.invalidate()
      setStep({ kind: "choose" })
      setChosen(null)
    } catch (error) {
      setFailure(failureText(error))
    } finally {
      setBusy(false)
    }
  }

  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (chosen !== null && available(chosen)) setStep({ kind: "confirmBreak", length: chosen })
  }

  return (
    <section className="space-y-6">
      <div className="card space-y-4 p-5 sm:p-8">
        <h2 className="display-title text-2xl">Take a break</h2>
        <StandingStatus standing={standing} />
        <p className="text-muted">
          While a break runs you can't buy tickets or enter competitions, and we won't send you
          marketing emails. You can still sign in to see your orders, tickets and wins, and tickets
          you already bought stay in their draws.
        </p>
        {done ? <FormMessage tone="success">{done}</FormMessage> : null}
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      </div>

      {standing.status !== "Closed" && step.kind === "choose" ? (
        <form noValidate onSubmit={choose} className="card space-y-5 p-5 sm:p-8">
          <fieldset className="space-y-5">
            <legend className="display-title text-xl">
              {standing.status === "Paused" ? "Make your break longer" : "How long a break?"}
            </legend>
            <LengthGroup
              id={`${groupId}-short`}
              title="A short cool-off"
              lengths={COOL_OFF_LENGTHS}
              chosen={chosen}
              onChoose={setChosen}
              available={available}
            />
            <LengthGroup
              id={`${groupId}-long`}
              title="A self-suspension (6 months or more)"
              lengths={SELF_SUSPENSION_LENGTHS}
              chosen={chosen}
              onChoose={setChosen}
              available={available}
            />
          </fieldset>
          <button type="submit" className="btn-primary" disabled={chosen === null}>
            Continue
          </button>
        </form>
      ) : null}

      {step.kind === "confirmBreak" ? (
        <section className="card space-y-4 p-5 sm:p-8" aria-label="Confirm your break">
          <h3 className="display-title text-xl">Confirm your break</h3>
          <p>
            Your account will be on a break for {PAUSE_LENGTH_LABELS[step.length]}, until{" "}
            <strong>{ordinalDate(pauseEnd(new Date(), step.length))}</strong>.
          </p>
          <p className="font-bold">
            This can't be undone: the break can't be ended early, by you or by us.
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() =>
                act(
                  () => takeABreak(customerId, step.length),
                  "Your break has started. We've emailed you a confirmation.",
                )
              }
            >
              Yes, take a break
            </button>
            <button
              type="button"
              className="btn-outline"
              onClick={() => setStep({ kind: "choose" })}
            >
              Go back
            </button>
          </div>
        </section>
      ) : null}

      {standing.status !== "Closed" ? (
        <div className="card space-y-4 p-5 sm:p-8">
          <h3 className="display-title text-xl">Close your account</h3>
          <p className="text-muted">
            Closing is for good: you can't reopen your account yourself. You can still sign in to
            see your orders, tickets and wins, and tickets you already bought stay in their draws.
            If you have site credit left, contact us and we will refund it.
          </p>
          {step.kind === "confirmClose" ? (
            <section className="space-y-4" aria-label="Confirm closing your account">
              <p className="font-bold">
                Are you sure? Your account closes now and this can't be undone by you. We can only
                reopen it if you ask us, and not within 6 months.
              </p>
              <div className="flex flex-wrap gap-3">
                <button
                  type="button"
                  className="btn-primary"
                  disabled={busy}
                  aria-busy={busy || undefined}
                  onClick={() =>
                    act(
                      () => closeAccount(customerId),
                      "Your account is closed. We've emailed you a confirmation.",
                    )
                  }
                >
                  Yes, close my account
                </button>
                <button
                  type="button"
                  className="btn-outline"
                  onClick={() => setStep({ kind: "choose" })}
                >
                  Go back
                </button>
              </div>
            </section>
          ) : (
            <button
              type="button"
              className="btn-outline"
              onClick={() => setStep({ kind: "confirmClose" })}
            >
              Close my account
            </button>
          )}
        </div>
      ) : null}

      <div className="card p-5 sm:p-8">
        <SupportLinks />
      </div>
    </section>
  )
}

/** Where the account stands now, in one sentence. */
export const StandingStatus = ({ standing }: { standing: Standing }) =>
  standing.status === "Paused" && standing.pausedUntil ? (
    <p className="text-lg font-bold" data-testid="standing-status">
      Your account is on a break until {ordinalDateTime(new Date(standing.pausedUntil))}. It can't
      be ended early.
    </p>
  ) : standing.status === "Closed" ? (
    <p className="text-lg font-bold" data-testid="standing-status">
      Your account is closed.
    </p>
  ) : null

const LengthGroup = ({
  id,
  title,
  lengths,
  chosen,
  onChoose,
  available,
}: {
  id: string
  title: string
  lengths: readonly PauseLength[]
  chosen: PauseLength | null
  onChoose: (length: PauseLength) => void
  available: (length: PauseLength) => boolean
}) => (
  <div role="radiogroup" aria-labelledby={id} className="space-y-2">
    <p id={id} className="font-bold">
      {title}
    </p>
    <div className="flex flex-wrap gap-2">
      {lengths.map((length) => (
        <label
          key={length}
          className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line px-4 has-checked:border-accent has-checked:bg-accent-soft has-disabled:cursor-not-allowed has-disabled:opacity-50"
        >
          <input
            type="radio"
            name="length"
            value={length}
            checked={chosen === length}
            disabled={!available(length)}
            onChange={() => onChoose(length)}
          />
          {PAUSE_LENGTH_LABELS[length]}
        </label>
      ))}
    </div>
  </div>
)
