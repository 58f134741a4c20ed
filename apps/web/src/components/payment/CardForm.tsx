import { type FormEvent, type InputHTMLAttributes, useId, useRef, useState } from "react"
import {
  type CardErrors,
  type CardValues,
  cardErrors,
  formatCardNumber,
  formatExpiry,
  SANDBOX_TEST_CARDS,
  securityCodeDigits,
} from "./card"
import { CardFormHeading, PayNowButton, ProviderDisclaimer } from "./card-form-parts"

const emptyCard: CardValues = { cardNumber: "", cardholderName: "", expiry: "", securityCode: "" }

/**
 * docs/product/screens.md's CARD PAYMENT form for the sandbox provider, with its test cards.
 * The card goes to the provider only; Pay Now is disabled with a spinner
 * while paying, and a second press (or Enter) while one payment is under
 * way does nothing. A real provider's fields come from its own script
 * (StripeCardForm).
 */
export const CardForm = ({
  balance,
  onPay,
}: {
  balance: number
  onPay: (card: CardValues) => Promise<void>
}) => {
  const [values, setValues] = useState<CardValues>(emptyCard)
  const [touched, setTouched] = useState<Partial<Record<keyof CardValues, boolean>>>({})
  const [attempted, setAttempted] = useState(false)
  const [paying, setPaying] = useState(false)
  const busy = useRef(false)
  const errors: CardErrors = cardErrors(values, new Date())
  const shown = (name: keyof CardValues) => (attempted || touched[name] ? errors[name] : undefined)

  const set = (name: keyof CardValues, value: string) =>
    setValues((current) => ({ ...current, [name]: value }))

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy.current) return
    setAttempted(true)
    if (Object.keys(errors).length > 0) return
    busy.current = true
    setPaying(true)
    try {
      await onPay({ ...values, cardholderName: values.cardholderName.trim() })
    } finally {
      busy.current = false
      setPaying(false)
    }
  }

  return (
    <form noValidate onSubmit={submit} className="card space-y-5 p-5 sm:p-7" aria-busy={paying}>
      <CardFormHeading balance={balance} />
      <CardField
        label="Card number"
        error={shown("cardNumber")}
        value={values.cardNumber}
        onChange={(v) => set("cardNumber", formatCardNumber(v))}
        onBlur={() => setTouched((t) => ({ ...t, cardNumber: true }))}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        disabled={paying}
      />
      <CardField
        label="Cardholder name"
        error={shown("cardholderName")}
        value={values.cardholderName}
        onChange={(v) => set("cardholderName", v)}
        onBlur={() => setTouched((t) => ({ ...t, cardholderName: true }))}
        autoComplete="cc-name"
        maxLength={100}
        disabled={paying}
      />
      <div className="grid grid-cols-2 gap-4">
        <CardField
          label="Expiry (MM/YY)"
          error={shown("expiry")}
          value={values.expiry}
          onChange={(v) => set("expiry", formatExpiry(v))}
          onBlur={() => setTouched((t) => ({ ...t, expiry: true }))}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
          disabled={paying}
        />
        <CardField
          label="Security code"
          error={shown("securityCode")}
          value={values.securityCode}
          onChange={(v) => set("securityCode", securityCodeDigits(v))}
          onBlur={() => setTouched((t) => ({ ...t, securityCode: true }))}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          disabled={paying}
        />
      </div>
      <PayNowButton paying={paying} />
      <ProviderDisclaimer />
      <aside aria-label="Test cards" className="rounded-xl bg-sunken p-3 text-xs text-muted">
        <p className="font-semibold text-fg">Test payments: no real money is taken.</p>
        <ul className="mt-1 space-y-0.5">
          {SANDBOX_TEST_CARDS.map((card) => (
            <li key={card.number}>
              <span className="font-mono tabular-nums">{card.number}</span> {card.outcome}
            </li>
          ))}
        </ul>
        <p className="mt-1">Any future expiry date and any 3-digit security code.</p>
      </aside>
    </form>
  )
}

const CardField = ({
  label,
  error,
  value,
  onChange,
  ...input
}: {
  label: string
  error: string | undefined
  value: string
  onChange: (value: string) => void
} & Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "id">) => {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="field-label" data-invalid={error ? "true" : undefined}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="field-input tabular-nums"
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
