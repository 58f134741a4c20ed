import type { CardOutcome } from "./card-outcome"
import { cardOutcomeTexts } from "./card-outcome"
import { documentHost, makeScriptLoader } from "./provider-script"

/**
 * Checkout.com's Flow (docs/decisions/0070, 0073), loaded as Checkout.com
 * publishes it: its Web Components script defines `CheckoutWebComponents`,
 * which is started with the payment session and the public key and creates
 * the `flow` component, whose frames take the card (and Google Pay or Apple
 * Pay where the browser has them); card details never touch this page. The
 * types are the small part of the package's index.d.ts this page uses.
 */

/** What the shop's Checkout.com payment token holds (the adapter's client token). */
export interface FlowSession {
  readonly paymentSession: {
    readonly id: string
    readonly payment_session_secret: string
    readonly payment_session_token: string
  }
  readonly publicKey: string
  readonly environment: "sandbox" | "production"
}

/** Flow's CheckoutError. */
export interface CheckoutError {
  readonly type?: string
  readonly code?: string
  readonly message?: string
  readonly details?: { readonly requestErrorCodes?: readonly string[] }
}

/** What Flow says of a card as its first eight digits are typed. */
export interface CardMetadata {
  readonly card_type?: string
}

export interface FlowComponent {
  mount(element: HTMLElement): FlowComponent
  unmount(): void
}

export interface CheckoutWebComponents {
  create(name: "flow", options?: Readonly<Record<string, unknown>>): FlowComponent
}

type CheckoutWebComponentsFactory = (
  options: Readonly<Record<string, unknown>>,
) => Promise<CheckoutWebComponents>

const isString = (value: unknown): value is string => typeof value === "string" && value !== ""

/** The payment's token as Flow is started with it; null for a token that is not a session's. */
export const flowSessionOf = (token: string): FlowSession | null => {
  try {
    const parsed = JSON.parse(token) as Partial<FlowSession> | null
    const session = parsed?.paymentSession
    if (
      !session ||
      !isString(session.id) ||
      !isString(session.payment_session_secret) ||
      !isString(session.payment_session_token) ||
      !isString(parsed?.publicKey) ||
      (parsed.environment !== "sandbox" && parsed.environment !== "production")
    )
      return null
    return {
      paymentSession: session,
      publicKey: parsed.publicKey,
      environment: parsed.environment,
    }
  } catch {
    return null
  }
}

/**
 * A card Flow may not take for this order (decision 0042): a credit card,
 * or a charge card, which is credit repaid monthly. Said at the card
 * number, before any money moves; the shop's check when the payment
 * succeeds stays the authority.
 */
export const refusesCard = (metadata: CardMetadata, creditCardsRefused: boolean): boolean => {
  if (!creditCardsRefused) return false
  const type = metadata.card_type?.toLowerCase()
  return type === "credit" || type === "charge"
}

/** The bank's reasons Flow passes on, in the shop's words. */
const DECLINE_TEXTS: Readonly<Record<string, string>> = {
  not_enough_funds: "Your card was declined: there is not enough money in the account.",
  card_expired: "Your card has expired.",
  card_number_invalid: "Your card number is not valid.",
}

/**
 * What a Flow error means for the page: a declined payment ends the
 * attempt (the payment-failed page says why, and Retry starts a new one);
 * anything else left nothing charged and the form may be tried again.
 */
export const flowErrorOutcome = (error: CheckoutError): CardOutcome => {
  if (error.code === "payment_request_declined") {
    const reason = error.details?.requestErrorCodes?.find((code) => code in DECLINE_TEXTS)
    return {
      kind: "declined",
      detail: (reason && DECLINE_TEXTS[reason]) ?? cardOutcomeTexts.declined,
    }
  }
  return { kind: "retry", message: cardOutcomeTexts.unreachable }
}

const loadScript = makeScriptLoader(documentHost)

/** Flow's script, then CheckoutWebComponents started with the session. */
export const loadFlow = async (
  scriptUrl: string,
  session: FlowSession,
  callbacks: Readonly<Record<string, unknown>>,
): Promise<CheckoutWebComponents> => {
  const factory = (await loadScript(
    scriptUrl,
    "CheckoutWebComponents",
  )) as CheckoutWebComponentsFactory
  return factory({
    paymentSession: session.paymentSession,
    publicKey: session.publicKey,
    environment: session.environment,
    locale: "en-GB",
    ...callbacks,
  })
}
