import { ordinalDateTime } from "@howzat/core/rules"
import { createFileRoute, Link } from "@tanstack/react-router"
import { type FormEvent, useId, useState } from "react"
import { getSpendLimit, setSpendLimit } from "../../api/spend-limits"
import { pageTitle } from "../../brand"
import { FormMessage } from "../../components/forms/Fields"
import { basketErrorText } from "../../lib/basket"
import { moneyText, spendLimitFromText, spendLimitTexts } from "../../lib/spend-limits"

export const Route = createFileRoute("/Account/SpendLimit")({
  loader: ({ context, abortController }) =>
    getSpendLimit(context.customerId, abortController.signal),
  head: () => ({ meta: [{ title: pageTitle("Monthly spend limit") }] }),
  component: SpendLimitPage,
})

type Limit = { readonly amount: number | null; readonly noLimit: boolean }
const limitText = (limit: Limit) =>
  limit.noLimit ? "No limit" : `${moneyText(limit.amount ?? 0)} a month`

/**
 * The customer's monthly spend limit (decision 0041): what applies now, what has
 * been spent and is left this month, a raise waiting out its 24 hours, and
 * the form to change it: an amount (£0 allowed) or, explicitly, no limit.
 */
function SpendLimitPage() {
  const loaded = Route.useLoaderData()
  const { customerId } = Route.useRouteContext()
  const id = useId()
  const [summary, setSummary] = useState(loaded.spendLimit)
  const [choice, setChoice] = useState<"amount" | "none">(
    summary.limit?.noLimit ? "none" : "amount",
  )
  const [text, setText] = useState("")
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<{ kind: "saved" | "failed"; text: string } | null>(null)

  const parsed = choice === "amount" ? spendLimitFromText(text) : null
  const fieldError = touched && parsed !== null && "error" in parsed ? parsed.error : undefined

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (busy || (parsed !== null && "error" in parsed)) return
    setBusy(true)
    setOutcome(null)
    try {
      const answer = await setSpendLimit(
        customerId,
        parsed === null ? { noLimit: true } : { amount: parsed.amount },
      )
      setSummary(answer.spendLimit)
      setText("")
      setTouched(false)
      setOutcome({ kind: "saved", text: spendLimitTexts.saved })
    } catch (error) {
      setOutcome({ kind: "failed", text: basketErrorText(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="space-y-6">
      <div className="card p-5 sm:p-8">
        <h2 className="display-title text-2xl">Monthly spend limit</h2>
        <dl className="mt-6 grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm font-semibold text-muted">Your limit</dt>
            <dd className="display-title mt-1 text-2xl" data-testid="spend-limit-current">
              {summary.limit === null ? "Not set yet" : limitText(summary.limit)}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-muted">Spent this month</dt>
            <dd className="display-title mt-1 text-2xl tabular-nums">
              {moneyText(summary.spentThisMonth)}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-muted">Left this month</dt>
            <dd className="display-title mt-1 text-2xl tabular-nums">
              {summary.leftThisMonth === null ? "No limit" : moneyText(summary.leftThisMonth)}
            </dd>
          </div>
        </dl>
        {summary.pending ? (
          <p
            className="mt-6 rounded-xl border border-line bg-sunken p-4"
            data-testid="spend-limit-pending"
          >
            You asked to change your limit to {limitText(summary.pending)}. This takes effect on{" "}
            {ordinalDateTime(new Date(summary.pending.appliesAt))}.
          </p>
        ) : null}
        <p className="mt-6 text-muted">{spendLimitTexts.rules}</p>
        <p className="mt-3 text-muted">
          The month runs from the 1st to the end of the month. Site credit counts when you spend it
          on tickets, not when you buy it.{" "}
          <Link
            className="font-semibold text-accent underline underline-offset-2"
            to="/ResponsiblePlay"
          >
            {spendLimitTexts.responsiblePlayLink}
          </Link>
        </p>
      </div>

      <form noValidate onSubmit={(event) => void save(event)} className="card space-y-4 p-5 sm:p-8">
        <fieldset className="space-y-3">
          <legend className="display-title text-xl">Change your limit</legend>
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name={`${id}-choice`}
              checked={choice === "amount"}
              onChange={() => setChoice("amount")}
            />
            A monthly amount
          </label>
          {choice === "amount" ? (
            <div className="ps-7">
              <label
                htmlFor={`${id}-amount`}
                className="field-label"
                data-invalid={fieldError ? "true" : undefined}
              >
                Monthly limit (£)
              </label>
              <input
                id={`${id}-amount`}
                className="field-input tabular-nums"
                inputMode="decimal"
                autoComplete="off"
                placeholder="50.00"
                value={text}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${id}-amount-error` : undefined}
                onChange={(event) => {
                  setText(event.target.value)
                  setOutcome(null)
                }}
                onBlur={() => setTouched(true)}
              />
              {fieldError ? (
                <p id={`${id}-amount-error`} className="field-error">
                  {fieldError}
                </p>
              ) : null}
            </div>
          ) : null}
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name={`${id}-choice`}
              checked={choice === "none"}
              onChange={() => setChoice("none")}
            />
            No limit
          </label>
        </fieldset>
        <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Saving…" : "Save spend limit"}
        </button>
        <div role="status" aria-live="polite">
          {outcome?.kind === "saved" ? (
            <p className="font-semibold text-accent">{outcome.text}</p>
          ) : null}
        </div>
        {outcome?.kind === "failed" ? <FormMessage tone="error">{outcome.text}</FormMessage> : null}
      </form>
    </section>
  )
}
