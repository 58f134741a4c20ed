import {
  CardFormUnavailable,
  documentHost,
  makeScriptLoader,
  SCRIPT_TIMEOUT_MS,
  type ScriptHost,
} from "./provider-script"

export { CARD_FORM_UNAVAILABLE, CardFormUnavailable, type ScriptHost } from "./provider-script"

/**
 * Stripe.js v3, loaded the way the provider documents it: a <script> from
 * its own host (never bundled, never self-hosted), then `Stripe(key)`. Only
 * the payment page loads it, so no other page pays for its bytes. The types
 * are the small part of https://docs.stripe.com/js this storefront uses.
 */

export interface StripeFieldError {
  readonly type?: string
  readonly code?: string
  readonly message?: string
}

/** What a card field reports as the customer types. */
export interface StripeElementChangeEvent {
  readonly elementType: string
  readonly empty: boolean
  readonly complete: boolean
  readonly error?: StripeFieldError | undefined
}

export interface StripeElement {
  mount(domElement: HTMLElement): void
  on(event: "change", handler: (event: StripeElementChangeEvent) => void): StripeElement
  on(
    event: "loaderror",
    handler: (event: { readonly error?: StripeFieldError }) => void,
  ): StripeElement
  update(options: Readonly<Record<string, unknown>>): void
  focus(): void
  destroy(): void
}

export type StripeCardFieldType = "cardNumber" | "cardExpiry" | "cardCvc"

export interface StripeElements {
  create(type: StripeCardFieldType, options?: Readonly<Record<string, unknown>>): StripeElement
}

export interface StripePaymentIntent {
  readonly id: string
  readonly status: string
}

export interface StripeError extends StripeFieldError {
  readonly decline_code?: string
  readonly payment_intent?: StripePaymentIntent
}

export type ConfirmCardPaymentResult =
  | { readonly paymentIntent: StripePaymentIntent; readonly error?: undefined }
  | { readonly error: StripeError; readonly paymentIntent?: undefined }

export interface StripeJs {
  elements(options?: Readonly<Record<string, unknown>>): StripeElements
  confirmCardPayment(
    clientSecret: string,
    data: {
      readonly payment_method: {
        readonly card: StripeElement
        readonly billing_details: { readonly name: string }
      }
    },
  ): Promise<ConfirmCardPaymentResult>
}

type StripeConstructor = (publishableKey: string) => StripeJs

/**
 * One script per address and one Stripe object per key, however often the
 * page mounts (React may mount twice, the customer may come back). A failed
 * load is forgotten and its tag removed, so "Try again" really tries again.
 */
export const makeStripeLoader = (host: ScriptHost, timeoutMs = SCRIPT_TIMEOUT_MS) => {
  const loadScript = makeScriptLoader(host, timeoutMs)
  const instances = new Map<string, StripeJs>()

  return async (url: string, publishableKey: string): Promise<StripeJs> => {
    const key = `${url} ${publishableKey}`
    const known = instances.get(key)
    if (known) return known
    const Stripe = (await loadScript(url, "Stripe")) as StripeConstructor
    const again = instances.get(key)
    if (again) return again
    let stripe: StripeJs
    try {
      stripe = Stripe(publishableKey)
    } catch (error) {
      throw new CardFormUnavailable(
        `Stripe(publishableKey) failed: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    instances.set(key, stripe)
    return stripe
  }
}

/** The payment page's loader, on the real document. */
export const loadStripe = makeStripeLoader(documentHost)
