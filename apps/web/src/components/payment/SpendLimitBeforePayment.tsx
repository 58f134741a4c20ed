import { Link } from "@tanstack/react-router"
import { type FormEvent, useEffect, useId, useRef, useState } from "react"
import { setSpendLimit } from "../../api/spend-limits"
import { basketErrorText } from "../../lib/basket"
import { spendLimitFromText, spendLimitTexts } from "../../lib/spend-limits"
import { FormMessage } from "../forms/Fields"

/**
 * The spend-limit question in the payment form's place (decision 0041): a
 * customer who chose "I'll decide later" at registration answers it before
 * the first payment, as the registration page promised, then carries on to
 * pay. An amount (£0 allowed) or, explicitly, no limit; nothing is assumed.
 */
export const SpendLimitBeforePayment = ({
  customerId,
  onAnswered,
}: {
  customerId: string
  onAnswered: () => void
}) => {
  const id = useId()
  const [choice, setChoice] = useState<"amount" | "none">("amount")
  const [text, setText] = useState("")
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)

  // The form the customer expected is not here: say why where a screen reader is reading.
  useEffect(() => heading.current?.focus(), [])

  const parsed = choice === "amount" ? spendLimitFromText(text) : null
  const fieldError = touched && parsed !== null && "error" in parsed ? parsed.error : undefined

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (busy || (parsed !== null && "error" in parsed)) return
    setBusy(true)
    setProblem(null)
    try {
      await setSpendLimit(
        customerId,
        parsed === null ? { noLimit: true } : { amount: parsed.amount },
      )
      onAnswered()
    } catch (error) {
      setProblem(basketErrorText(error))
      setBusy(false)
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void save(event)}
      aria-labelledby={`${id}-title`}
      className="card space-y-4 p-5 sm:p-6"
      data-testid="spend-limit-before-payment"
    >
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="display-title text-xl">
        {spendLimitTexts.beforePaymentTitle}
      </h2>
      <p className="text-sm text-muted">{spendLimitTexts.beforePayment}</p>
      <p className="text-sm text-muted">{spendLimitTexts.rules}</p>
      <fieldset className="space-y-2">
        <legend className="sr-only">Your monthly spend limit</legend>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="radio"
            name={`${id}-choice`}
            checked={choice === "amount"}
            onChange={() => setChoice("amount")}
          />
          A monthly amount (£0 is fine)
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
              onChange={(event) => setText(event.target.value)}
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
      {problem ? <FormMessage tone="error">{problem}</FormMessage> : null}
      <button
        type="submit"
        className="btn-primary w-full"
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? "Saving…" : spendLimitTexts.beforePaymentButton}
      </button>
      <p className="text-sm">
        <Link to="/ResponsiblePlay" className="font-semibold text-accent underline">
          {spendLimitTexts.responsiblePlayLink}
        </Link>
      </p>
    </form>
  )
}
