import { type FormEvent, useEffect, useId, useRef, useState } from "react"
import { sendLog } from "../../api/logging"
import { cardMessages, validateCardholderName } from "./card"
import {
  CardFormHeading,
  CardFormLoading,
  CardFormUnavailableNotice,
  PayNowButton,
  ProviderDisclaimer,
} from "./card-form-parts"
import { type CardOutcome, cardOutcomeTexts, stripeOutcome } from "./card-outcome"
import {
  CARD_FORM_UNAVAILABLE,
  CardFormUnavailable,
  loadStripe,
  type StripeCardFieldType,
  type StripeElement,
  type StripeJs,
} from "./stripe-js"

interface CardField {
  readonly type: StripeCardFieldType
  readonly label: string
  /** Shown when Pay Now is pressed with the field unfinished and Stripe has said nothing yet. */
  readonly unfinished: string
}

const NUMBER: CardField = {
  type: "cardNumber",
  label: "Card number",
  unfinished: cardMessages.numberRequired,
}
const EXPIRY: CardField = {
  type: "cardExpiry",
  label: "Expiry (MM/YY)",
  unfinished: cardMessages.expiryInvalid,
}
const CVC: CardField = {
  type: "cardCvc",
  label: "Security code",
  unfinished: cardMessages.securityCodeInvalid,
}
const FIELDS = [NUMBER, EXPIRY, CVC] as const

type FieldStates = Record<StripeCardFieldType, { complete: boolean; error?: string | undefined }>
const emptyFields: FieldStates = {
  cardNumber: { complete: false },
  cardExpiry: { complete: false },
  cardCvc: { complete: false },
}

type Status = "loading" | "ready" | "unavailable"

/**
 * The card fields live in the provider's frames, which cannot read this
 * page's CSS: they get the page's own text colours and font, read when
 * they are mounted (so light or dark, as the page was then).
 */
const fieldStyle = (container: HTMLElement) => {
  const css = getComputedStyle(container)
  return {
    base: {
      color: css.color,
      fontFamily: css.fontFamily,
      fontSize: "16px",
      "::placeholder": { color: css.getPropertyValue("--app-muted").trim() || "#64748b" },
    },
    invalid: { color: css.getPropertyValue("--color-leather-500").trim() || "#c0262d" },
  }
}

/**
 * docs/product/screens.md's CARD PAYMENT form for Stripe: card number, expiry and security
 * code are Stripe Elements (frames from the provider, so the card never
 * touches this page), the cardholder's name is ours and goes with the card
 * as billing details. Pay Now confirms the payment intent with its client
 * secret (the payment's token); Stripe.js runs 3D Secure itself.
 */
export const StripeCardForm = ({
  balance,
  publishableKey,
  scriptUrl,
  clientSecret,
  onOutcome,
}: {
  balance: number
  publishableKey: string
  scriptUrl: string
  clientSecret: string
  onOutcome: (outcome: CardOutcome) => Promise<void>
}) => {
  const id = useId()
  const [status, setStatus] = useState<Status>("loading")
  // Bumped by "Try again": remounts the fields after a failed load.
  const [attempt, setAttempt] = useState(0)
  const [fields, setFields] = useState<FieldStates>(emptyFields)
  const [name, setName] = useState("")
  const [nameTouched, setNameTouched] = useState(false)
  const [attempted, setAttempted] = useState(false)
  const [paying, setPaying] = useState(false)
  const busy = useRef(false)
  const containers = useRef<Partial<Record<StripeCardFieldType, HTMLDivElement | null>>>({})
  const mounted = useRef<{
    stripe: StripeJs
    elements: Record<StripeCardFieldType, StripeElement>
  }>(undefined)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry signal.
  useEffect(() => {
    let gone = false
    const created: StripeElement[] = []
    const unavailable = (reason: string) => {
      if (gone) return
      setStatus("unavailable")
      console.error(`Card form unavailable: ${reason}`)
      sendLog({ event: "client-error", title: CARD_FORM_UNAVAILABLE, detail: reason })
    }
    loadStripe(scriptUrl, publishableKey).then(
      (stripe) => {
        if (gone) return
        const elements = stripe.elements({ locale: "en-GB" })
        const byType = {} as Record<StripeCardFieldType, StripeElement>
        for (const field of FIELDS) {
          const container = containers.current[field.type]
          if (!container) return unavailable(`no place to mount ${field.type}`)
          const element = elements.create(field.type, {
            style: fieldStyle(container),
            ...(field === NUMBER ? { showIcon: true } : {}),
          })
          element.on("change", (event) =>
            setFields((current) => ({
              ...current,
              [field.type]: { complete: event.complete, error: event.error?.message },
            })),
          )
          element.on("loaderror", (event) =>
            unavailable(
              `${field.type} failed to load: ${event.error?.message ?? "no reason given"}`,
            ),
          )
          element.mount(container)
          created.push(element)
          byType[field.type] = element
        }
        mounted.current = { stripe, elements: byType }
        setStatus("ready")
      },
      (error: unknown) =>
        unavailable(error instanceof CardFormUnavailable ? error.reason : String(error)),
    )
    return () => {
      gone = true
      mounted.current = undefined
      for (const element of created) element.destroy()
    }
  }, [scriptUrl, publishableKey, attempt])

  useEffect(() => {
    if (status !== "ready") return
    for (const element of Object.values(mounted.current?.elements ?? {}))
      element.update({ disabled: paying })
  }, [paying, status])

  const fieldError = (field: CardField) =>
    fields[field.type].error ??
    (attempted && !fields[field.type].complete ? field.unfinished : undefined)
  const nameError = attempted || nameTouched ? validateCardholderName(name) : undefined

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = mounted.current
    if (busy.current || status !== "ready" || !form) return
    setAttempted(true)
    const unfinished = FIELDS.find((field) => !fields[field.type].complete)
    if (unfinished) return form.elements[unfinished.type].focus()
    if (validateCardholderName(name)) return
    busy.current = true
    setPaying(true)
    try {
      let outcome: CardOutcome
      try {
        outcome = stripeOutcome(
          await form.stripe.confirmCardPayment(clientSecret, {
            payment_method: {
              card: form.elements.cardNumber,
              billing_details: { name: name.trim() },
            },
          }),
        )
      } catch (error) {
        // Stripe.js answers with { error } for everything a customer can meet; a throw is ours.
        console.error("confirmCardPayment threw", error)
        outcome = { kind: "retry", message: cardOutcomeTexts.unreachable }
      }
      await onOutcome(outcome)
    } finally {
      busy.current = false
      setPaying(false)
    }
  }

  const retry = () => {
    // Together, so the fields' places are on the page before the effect mounts into them.
    setStatus("loading")
    setAttempt((n) => n + 1)
  }

  const providerField = (field: CardField) => {
    const error = status === "ready" ? fieldError(field) : undefined
    return (
      <div>
        {/* Stripe's frame labels its own input; this label is for the eye. */}
        <div className="field-label" data-invalid={error ? "true" : undefined}>
          {field.label}
        </div>
        <div
          ref={(element) => {
            containers.current[field.type] = element
          }}
          data-invalid={error ? "true" : undefined}
          className="field-input flex flex-col justify-center data-[invalid=true]:border-leather-500 [&.StripeElement--focus]:border-accent [&.StripeElement--focus]:outline-3 [&.StripeElement--focus]:outline-(--app-focus)"
        />
        {error ? (
          // The frame cannot point at it, so a screen reader is told when it appears.
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    )
  }

  return (
    <form noValidate onSubmit={submit} className="card space-y-5 p-5 sm:p-7" aria-busy={paying}>
      <CardFormHeading balance={balance} />
      {status === "unavailable" ? (
        <CardFormUnavailableNotice onRetry={retry} />
      ) : (
        <>
          {status === "loading" ? <CardFormLoading /> : null}
          {providerField(NUMBER)}
          <div>
            <label
              htmlFor={`${id}-name`}
              className="field-label"
              data-invalid={nameError ? "true" : undefined}
            >
              Cardholder name
            </label>
            <input
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              onBlur={() => setNameTouched(true)}
              autoComplete="cc-name"
              maxLength={100}
              disabled={paying}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${id}-name-error` : undefined}
              className="field-input"
            />
            {nameError ? (
              <p id={`${id}-name-error`} className="field-error">
                {nameError}
              </p>
            ) : null}
          </div>
          <div className="grid grid-cols-2 gap-4">
            {providerField(EXPIRY)}
            {providerField(CVC)}
          </div>
          <PayNowButton paying={paying} disabled={status !== "ready"} />
        </>
      )}
      <ProviderDisclaimer />
    </form>
  )
}
