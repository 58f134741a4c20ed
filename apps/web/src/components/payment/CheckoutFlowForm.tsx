import { useEffect, useRef, useState } from "react"
import { sendLog } from "../../api/logging"
import {
  CardFormHeading,
  CardFormLoading,
  CardFormUnavailableNotice,
  ProviderDisclaimer,
} from "./card-form-parts"
import type { CardOutcome } from "./card-outcome"
import {
  type CardMetadata,
  type CheckoutError,
  flowErrorOutcome,
  flowSessionOf,
  loadFlow,
  refusesCard,
} from "./checkout-flow"
import { CARD_FORM_UNAVAILABLE, CardFormUnavailable } from "./provider-script"

type Status = "loading" | "ready" | "unavailable"

/**
 * The CARD PAYMENT form for Checkout.com: Flow, mounted with the
 * payment's session, draws the card fields, the wallets the browser has
 * (Google Pay, Apple Pay) and its own pay button, and runs 3-D Secure.
 * Where the order may not take a credit card, Flow refuses one at the card
 * number with the shop's notice. A payment Flow completes, or a decline,
 * is put to the shop (`onOutcome`), which asks Checkout.com itself; a
 * payment that needed a redirect comes back to /Checkout/PaymentReturn.
 */
export const CheckoutFlowForm = ({
  balance,
  scriptUrl,
  clientToken,
  creditCardNotice,
  onOutcome,
}: {
  balance: number
  scriptUrl: string
  clientToken: string
  /** The shop's words when a credit card may not pay this order; null when one may. */
  creditCardNotice: string | null
  onOutcome: (outcome: CardOutcome) => Promise<void>
}) => {
  const [status, setStatus] = useState<Status>("loading")
  // Bumped by "Try again": mounts Flow afresh after a failed load.
  const [attempt, setAttempt] = useState(0)
  const container = useRef<HTMLDivElement>(null)
  // The latest handler, so Flow's callbacks (set once at mount) never call a stale one.
  const outcome = useRef(onOutcome)
  outcome.current = onOutcome

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry signal.
  useEffect(() => {
    let gone = false
    let flow: { unmount(): void } | undefined
    const unavailable = (reason: string) => {
      if (gone) return
      setStatus("unavailable")
      console.error(`Card form unavailable: ${reason}`)
      sendLog({ event: "client-error", title: CARD_FORM_UNAVAILABLE, detail: reason })
    }
    const session = flowSessionOf(clientToken)
    if (session === null) {
      unavailable("the payment's token is not a Checkout.com payment session")
      return
    }
    loadFlow(scriptUrl, session, {
      onPaymentCompleted: () => {
        if (!gone) void outcome.current({ kind: "accepted" })
      },
      onError: (_component: unknown, error: CheckoutError) => {
        if (gone) return
        const meant = flowErrorOutcome(error)
        // A retry is Flow's to show: it keeps the form and says what went wrong.
        if (meant.kind === "declined") void outcome.current(meant)
      },
    }).then(
      (checkout) => {
        const place = container.current
        if (gone) return
        if (!place) return unavailable("no place to mount Flow")
        flow = checkout
          .create("flow", {
            onCardBinChanged: (_component: unknown, metadata: CardMetadata) =>
              refusesCard(metadata, creditCardNotice !== null)
                ? { continue: false, errorMessage: creditCardNotice }
                : { continue: true },
          })
          .mount(place)
        setStatus("ready")
      },
      (error: unknown) =>
        unavailable(error instanceof CardFormUnavailable ? error.reason : String(error)),
    )
    return () => {
      gone = true
      flow?.unmount()
    }
  }, [scriptUrl, clientToken, creditCardNotice, attempt])

  const retry = () => {
    setStatus("loading")
    setAttempt((n) => n + 1)
  }

  return (
    <section aria-label="Card payment" className="card space-y-5 p-5 sm:p-7">
      <CardFormHeading balance={balance} />
      {status === "unavailable" ? (
        <CardFormUnavailableNotice onRetry={retry} />
      ) : (
        <>
          {status === "loading" ? <CardFormLoading /> : null}
          <div ref={container} />
        </>
      )}
      <ProviderDisclaimer />
    </section>
  )
}
