import { useRef, useState } from "react"
import { CardFormHeading } from "./card-form-parts"

/**
 * Pay by bank beside the card form (docs/decisions/0072): one button that
 * starts the bank payment and takes the customer to their bank's approval
 * through the provider's page. The button says what is happening while the
 * payment is made, and a second press does nothing.
 */
export const PayByBankPanel = ({
  balance,
  first,
  onPay,
}: {
  balance: number
  /** Offered first: where a credit card may not pay, the panel says why the bank is easiest. */
  first: boolean
  onPay: () => Promise<void>
}) => {
  const [leaving, setLeaving] = useState(false)
  const busy = useRef(false)
  const pay = async () => {
    if (busy.current) return
    busy.current = true
    setLeaving(true)
    try {
      await onPay()
    } finally {
      busy.current = false
      setLeaving(false)
    }
  }
  return (
    <section
      aria-labelledby="pay-by-bank"
      className="card space-y-4 p-5 sm:p-7"
      aria-busy={leaving}
    >
      <CardFormHeading balance={balance} title="PAY BY BANK" id="pay-by-bank" />
      <p className="text-sm text-muted">
        Approve the payment in your banking app or online banking: no card details to type, and the
        money goes straight from your account.
        {first ? " A bank payment is never a credit card, so it can pay for everything here." : ""}
      </p>
      <button
        type="button"
        className="btn-primary w-full text-base"
        onClick={pay}
        disabled={leaving}
      >
        {leaving ? (
          <>
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
            />
            Taking you to your bank…
          </>
        ) : (
          "Pay by bank"
        )}
      </button>
      <p className="text-xs text-muted">
        Secured by TrueLayer, an FCA-authorised payment provider. You choose your bank on its page
        and come straight back here.
      </p>
    </section>
  )
}
