import { formatMoney, pence } from "@howzat/core/rules/money"
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

const emptyCard: CardValues = { cardNumber: "", cardholderName: "", expiry: "", securityCode: "" }

/**
 * SPEC §2's CARD PAYMENT form. The card goes to the provider only; Pay Now
 * is disabled with a spinner while paying, and a second press (or Enter)
 * while one payment is under way does nothing.
 */
export const CardForm = ({
  balance,
  sandbox,
  onPay,
}: {
  balance: number
  sandbox: boolean
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
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="display-title text-2xl">CARD PAYMENT</h2>
        <p className="text-sm text-muted">
          Total to pay{" "}
          <strong className="ml-1 text-xl text-fg tabular-nums">
            {formatMoney(pence(balance))}
          </strong>
        </p>
      </div>
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
      <button type="submit" className="btn-primary w-full text-base" disabled={paying}>
        {paying ? (
          <>
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
            />
            Paying…
          </>
        ) : (
          "Pay Now"
        )}
      </button>
      <div className="grid grid-cols-2 gap-3">
        {["Google Pay", "Apple Pay"].map((wallet) => (
          <button
            key={wallet}
            type="button"
            disabled
            className="btn border border-line bg-sunken text-muted normal-case"
          >
            {wallet} — coming soon
          </button>
        ))}
      </div>
      <p className="text-xs text-muted">
        Your card details go straight to our card payment provider over a secure connection. We
        never see or store your full card number.
      </p>
      {sandbox ? (
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
      ) : null}
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
