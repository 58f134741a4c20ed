import { useNavigate } from "@tanstack/react-router"
import { type FormEvent, useId, useState } from "react"
import { createSiteCreditOrder } from "../../api/orders"
import { brand } from "../../brand"
import { buyCreditErrorText, creditAmountFromText, creditAmountShown } from "../../lib/site-credit"
import { FormMessage } from "../forms/Fields"

/**
 * docs/product/validation.md's buy control: the amount in pounds, shown to two decimals once
 * left, BUY disabled while it is 0 or not a valid amount. Buying makes a
 * credit order and goes to its card payment; the credit lands only when the
 * payment succeeds.
 */
export const BuySiteCredit = ({ customerId }: { customerId: string }) => {
  const id = useId()
  const navigate = useNavigate()
  const [text, setText] = useState("")
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const { amount, error } = creditAmountFromText(text)
  const shownError = touched ? (error ?? problem) : problem

  const buy = async (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (amount === null || busy) return
    setBusy(true)
    setProblem(null)
    try {
      const { order } = await createSiteCreditOrder(customerId, amount)
      await navigate({ to: "/Checkout/Payment/$orderId", params: { orderId: order.id } })
    } catch (failure) {
      setProblem(buyCreditErrorText(failure))
      setBusy(false)
    }
  }

  return (
    <form onSubmit={(event) => void buy(event)} noValidate className="space-y-2">
      <label htmlFor={id} className="field-label" data-invalid={shownError ? "true" : undefined}>
        Buy {brand.siteCredit.name} (£)
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          className="field-input flex-1 tabular-nums"
          inputMode="decimal"
          autoComplete="off"
          placeholder="10.00"
          value={text}
          aria-invalid={touched && error ? true : undefined}
          aria-describedby={`${id}-message`}
          onChange={(event) => {
            setText(event.target.value.replace(/[^0-9.]/g, ""))
            setProblem(null)
          }}
          onBlur={() => {
            setTouched(true)
            setText(creditAmountShown(text))
          }}
        />
        <button type="submit" className="btn-primary" disabled={amount === null || busy}>
          {busy ? "BUYING…" : "BUY"}
        </button>
      </div>
      <div id={`${id}-message`}>
        {shownError ? (
          <FormMessage tone="error">{shownError}</FormMessage>
        ) : (
          <p className="text-sm text-muted">
            From £1.00. You pay by card, and the credit is added once the payment goes through.
          </p>
        )}
      </div>
    </form>
  )
}
