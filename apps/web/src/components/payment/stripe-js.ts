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

/** What the customer reads when the card form cannot start; `reason` is for the log. */
export const CARD_FORM_UNAVAILABLE =
  "The card payment form could not be loaded. Please check your connection and try again."

export class CardFormUnavailable extends Error {
  override readonly name = "CardFormUnavailable"
  constructor(readonly reason: string) {
    super(CARD_FORM_UNAVAILABLE)
  }
}

/** How a script reaches the page: the real document, or a stand-in in tests. */
export interface ScriptHost {
  /** Adds `<script src async>`; exactly one of the callbacks runs. Returns a remover. */
  readonly addScript: (src: string, onLoad: () => void, onError: () => void) => () => void
  /** The `Stripe` global the script defines once it has run. */
  readonly stripeGlobal: () => unknown
}

const documentHost: ScriptHost = {
  addScript: (src, onLoad, onError) => {
    const script = document.createElement("script")
    script.src = src
    script.async = true
    script.addEventListener("load", onLoad, { once: true })
    script.addEventListener("error", onError, { once: true })
    document.head.appendChild(script)
    return () => script.remove()
  },
  stripeGlobal: () => (globalThis as { Stripe?: unknown }).Stripe,
}

/** A blocked or black-holed script fires neither event; the customer is told rather than left waiting. */
export const SCRIPT_TIMEOUT_MS = 20_000

/**
 * One script per address and one Stripe object per key, however often the
 * page mounts (React may mount twice, the customer may come back). A failed
 * load is forgotten and its tag removed, so "Try again" really tries again.
 */
export const makeStripeLoader = (host: ScriptHost, timeoutMs = SCRIPT_TIMEOUT_MS) => {
  const scripts = new Map<string, Promise<StripeConstructor>>()
  const instances = new Map<string, StripeJs>()

  const loadScript = (url: string): Promise<StripeConstructor> => {
    const loaded = host.stripeGlobal()
    if (typeof loaded === "function") return Promise.resolve(loaded as StripeConstructor)
    const pending = new Promise<StripeConstructor>((resolve, reject) => {
      let settled = false
      let removeScript = () => {}
      const fail = (reason: string) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        // Later than now: the host may report a failure before addScript has returned its remover.
        queueMicrotask(() => removeScript())
        reject(new CardFormUnavailable(reason))
      }
      const timer = setTimeout(
        () => fail(`${url} did not load within ${timeoutMs / 1000} s`),
        timeoutMs,
      )
      removeScript = host.addScript(
        url,
        () => {
          const stripe = host.stripeGlobal()
          if (typeof stripe !== "function") return fail(`${url} loaded but defined no Stripe`)
          if (settled) return
          settled = true
          clearTimeout(timer)
          resolve(stripe as StripeConstructor)
        },
        () => fail(`${url} could not be loaded`),
      )
    })
    scripts.set(url, pending)
    pending.catch(() => {
      if (scripts.get(url) === pending) scripts.delete(url)
    })
    return pending
  }

  return async (url: string, publishableKey: string): Promise<StripeJs> => {
    const key = `${url} ${publishableKey}`
    const known = instances.get(key)
    if (known) return known
    const Stripe = await (scripts.get(url) ?? loadScript(url))
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
