import { formatMoney, pence } from "@howzat/core/rules"
import { FormMessage } from "../forms/Fields"
import { CARD_FORM_UNAVAILABLE } from "./provider-script"

/** What every card form shows, whichever provider's fields sit between (docs/product/screens.md). */

export const CardFormHeading = ({
  balance,
  title = "CARD PAYMENT",
  id,
}: {
  balance: number
  /** Another method's panel (pay by bank) heads itself the same way. */
  title?: string
  id?: string
}) => (
  <div className="flex flex-wrap items-baseline justify-between gap-2">
    <h2 id={id} className="display-title text-2xl">
      {title}
    </h2>
    <p className="text-sm text-muted">
      Total to pay{" "}
      <strong className="ml-1 text-xl text-fg tabular-nums">{formatMoney(pence(balance))}</strong>
    </p>
  </div>
)

/** Disabled with a spinner while paying, so a second press cannot pay twice. */
export const PayNowButton = ({ paying, disabled }: { paying: boolean; disabled?: boolean }) => (
  <button type="submit" className="btn-primary w-full text-base" disabled={paying || disabled}>
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
)

export const ProviderDisclaimer = () => (
  <p className="text-xs text-muted">
    Your card details go straight to our card payment provider over a secure connection. We never
    see or store your full card number.
  </p>
)

/** A provider's form that could not load: said, with another go (it loads the script afresh). */
export const CardFormUnavailableNotice = ({ onRetry }: { onRetry: () => void }) => (
  <div className="space-y-3">
    <FormMessage tone="error">{CARD_FORM_UNAVAILABLE}</FormMessage>
    <button type="button" className="btn-outline w-full" onClick={onRetry}>
      Try again
    </button>
  </div>
)

export const CardFormLoading = () => (
  <p role="status" className="text-sm text-muted">
    Loading the secure card form…
  </p>
)
