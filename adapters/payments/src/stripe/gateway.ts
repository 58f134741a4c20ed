import {
  type IntentStatus,
  NotificationRejected,
  type PaymentGatewayShape,
  PaymentGatewayUnavailable,
} from "@howzat/core/ports"
import type { CardFunding } from "@howzat/core/rules"
import { Duration, Effect, Option, Schema } from "effect"
import { cardSucceeded } from "../card-succeeded"
import { DEFAULT_TOLERANCE_SECONDS, verifySignature } from "../signature"

/**
 * A real card provider, spoken to over Stripe's REST API with global fetch:
 * form-encoded requests, Bearer secret key, Idempotency-Key on creation and
 * refunds, and webhooks signed `t=,v1=` in the `stripe-signature` header.
 */

export const STRIPE_PROVIDER = "stripe"
export const STRIPE_SIGNATURE_HEADER = "stripe-signature"

export interface StripeGatewayConfig {
  /** sk_live_… or sk_test_…; never leaves the server. */
  readonly secretKey: string
  /** whsec_…: the endpoint's signing secret from the provider's dashboard. */
  readonly webhookSecret: string
  /** Default https://api.stripe.com; tests and proxies point it elsewhere. */
  readonly apiBase?: string | undefined
  /** Per request; default 10 seconds. */
  readonly timeout?: Duration.DurationInput | undefined
  /** Signature window in seconds; default 300, as the provider's own libraries use. */
  readonly toleranceSeconds?: number | undefined
}

const LastPaymentError = Schema.NullishOr(
  Schema.Struct({ message: Schema.optional(Schema.String) }),
)

const PaymentIntentJson = Schema.Struct({
  id: Schema.String,
  status: Schema.String,
  client_secret: Schema.optional(Schema.NullOr(Schema.String)),
  last_payment_error: Schema.optional(LastPaymentError),
  cancellation_reason: Schema.optional(Schema.NullOr(Schema.String)),
  /** An id, or the payment method itself when expanded: then its card's fingerprint. */
  payment_method: Schema.optional(Schema.Unknown),
})
type PaymentIntentJson = typeof PaymentIntentJson.Type
const decodeIntent = Schema.decodeUnknown(PaymentIntentJson)

/** Every event's envelope; what `data.object` is depends on the type. */
const EventJson = Schema.Struct({
  id: Schema.String,
  type: Schema.String,
  data: Schema.Struct({ object: Schema.Unknown }),
})
const decodeEvent = Schema.decodeUnknown(Schema.parseJson(EventJson))

const RefundJson = Schema.Struct({ id: Schema.String, status: Schema.NullishOr(Schema.String) })
const decodeRefund = Schema.decodeUnknown(RefundJson)

const ErrorJson = Schema.Struct({
  error: Schema.Struct({
    message: Schema.optional(Schema.String),
    code: Schema.optional(Schema.String),
  }),
})
const decodeError = Schema.decodeUnknownOption(ErrorJson)

/** The provider's words when it gives none: the same as the sandbox's for a plain decline. */
const DECLINED = "Your card was declined."
const CANCELLED = "The payment was cancelled."

const unavailable = (reason: string) =>
  new PaymentGatewayUnavailable({ provider: STRIPE_PROVIDER, reason })

/**
 * Where an intent stands after the shop asked to cancel it. Only `canceled`
 * is voided: any other open state (processing, say) could still take money,
 * so it is Pending, never Failed.
 */
const statusAfterCancel = (intent: PaymentIntentJson): IntentStatus =>
  intent.status === "succeeded"
    ? { status: "Succeeded" }
    : intent.status === "canceled"
      ? { status: "Failed", failureDetail: CANCELLED }
      : { status: "Pending" }

/** payment_method.card.fingerprint when the intent carries the expanded method (decision 0039). */
export const cardFingerprintOf = (intent: PaymentIntentJson): string | undefined => {
  const method = intent.payment_method
  if (typeof method !== "object" || method === null) return undefined
  const card = (method as { card?: unknown }).card
  if (typeof card !== "object" || card === null) return undefined
  const fingerprint = (card as { fingerprint?: unknown }).fingerprint
  return typeof fingerprint === "string" && fingerprint !== "" ? fingerprint : undefined
}

/** payment_method.card.funding, when expanded (decision 0042): credit, debit, prepaid or unknown. */
export const cardFundingOf = (intent: PaymentIntentJson): CardFunding | undefined => {
  const method = intent.payment_method
  if (typeof method !== "object" || method === null) return undefined
  const card = (method as { card?: unknown }).card
  if (typeof card !== "object" || card === null) return undefined
  switch ((card as { funding?: unknown }).funding) {
    case "credit":
      return "Credit"
    case "debit":
      return "Debit"
    case "prepaid":
      return "Prepaid"
    case "unknown":
      return "Unknown"
    default:
      return undefined
  }
}

const succeeded = (intent: PaymentIntentJson): IntentStatus =>
  cardSucceeded(cardFingerprintOf(intent), cardFundingOf(intent))

/**
 * A declined card leaves the intent in requires_payment_method with the
 * issuer's message; without a message nobody has tried a card yet.
 */
export const statusOfIntent = (intent: PaymentIntentJson): IntentStatus | undefined => {
  switch (intent.status) {
    case "succeeded":
      return succeeded(intent)
    case "canceled":
      return { status: "Failed", failureDetail: CANCELLED }
    case "requires_payment_method":
      return intent.last_payment_error
        ? { status: "Failed", failureDetail: intent.last_payment_error.message ?? DECLINED }
        : { status: "Pending" }
    case "processing":
    case "requires_confirmation":
    case "requires_action":
    case "requires_capture":
      return { status: "Pending" }
    default:
      return undefined
  }
}

export const makeStripeGateway = (config: StripeGatewayConfig): PaymentGatewayShape => {
  const apiBase = (config.apiBase ?? "https://api.stripe.com").replace(/\/+$/, "")
  const timeout = config.timeout ?? Duration.seconds(10)

  /**
   * One call to the API: the answer's status and JSON body. Unreachable, too
   * slow or not JSON is "unavailable"; what the status means is the caller's.
   */
  const send = (
    method: "GET" | "POST",
    path: string,
    init: { readonly form?: URLSearchParams; readonly idempotencyKey?: string } = {},
  ) =>
    Effect.gen(function* () {
      const headers: Record<string, string> = { authorization: `Bearer ${config.secretKey}` }
      if (init.form) headers["content-type"] = "application/x-www-form-urlencoded"
      if (init.idempotencyKey) headers["idempotency-key"] = init.idempotencyKey
      const response = yield* Effect.tryPromise({
        try: (signal) =>
          fetch(`${apiBase}${path}`, { method, headers, body: init.form?.toString(), signal }),
        catch: (cause) => unavailable(`The provider could not be reached: ${String(cause)}`),
      }).pipe(
        Effect.timeoutFail({
          duration: timeout,
          onTimeout: () =>
            unavailable(`The provider did not answer within ${Duration.format(timeout)}.`),
        }),
      )
      const body: unknown = yield* Effect.tryPromise({
        try: () => response.json(),
        catch: () => unavailable(`The provider answered ${response.status} without JSON.`),
      })
      return { ok: response.ok, status: response.status, body }
    })

  const errorOf = (body: unknown) =>
    Option.getOrUndefined(Option.map(decodeError(body), (e) => e.error))

  const refused = (answer: { readonly status: number; readonly body: unknown }) => {
    const message = errorOf(answer.body)?.message
    return unavailable(`The provider answered ${answer.status}${message ? `: ${message}` : "."}`)
  }

  /** A call that must answer a payment intent; anything else is "unavailable". */
  const call = (
    method: "GET" | "POST",
    path: string,
    init: { readonly form?: URLSearchParams; readonly idempotencyKey?: string } = {},
  ) =>
    Effect.flatMap(send(method, path, init), (answer) =>
      answer.ok
        ? decodeIntent(answer.body).pipe(
            Effect.mapError(() => unavailable("The provider's answer was not a payment intent.")),
          )
        : Effect.fail(refused(answer)),
    )

  const intentPath = (providerReference: string) =>
    `/v1/payment_intents/${encodeURIComponent(providerReference)}`

  return {
    provider: STRIPE_PROVIDER,
    method: "Card",

    createIntent: (request) =>
      Effect.gen(function* () {
        const form = new URLSearchParams({
          amount: String(request.amount),
          currency: "gbp",
          "metadata[order_id]": request.orderId,
          // For the operator's Radar rule (decision 0042, README): block a
          // credit card before it is charged where the shop would refund it.
          "metadata[credit_cards_allowed]": request.creditCardsAllowed ? "true" : "false",
          "automatic_payment_methods[enabled]": "true",
        })
        const intent = yield* call("POST", "/v1/payment_intents", {
          form,
          idempotencyKey: request.idempotencyKey,
        })
        if (!intent.client_secret) {
          return yield* unavailable("The provider's intent came without a client secret.")
        }
        return { providerReference: intent.id, clientToken: intent.client_secret }
      }),

    intentStatus: (providerReference) =>
      // Expanded, so a succeeded intent names its card's fingerprint (decision 0039).
      call("GET", `${intentPath(providerReference)}?expand%5B%5D=payment_method`).pipe(
        Effect.flatMap((intent) => {
          const status = statusOfIntent(intent)
          return status
            ? Effect.succeed(status)
            : Effect.fail(unavailable(`The intent is in an unknown state: ${intent.status}.`))
        }),
      ),

    cancelIntent: (providerReference) =>
      Effect.gen(function* () {
        const answer = yield* send("POST", `${intentPath(providerReference)}/cancel`, {
          form: new URLSearchParams({ cancellation_reason: "abandoned" }),
        })
        if (answer.ok) {
          const intent = yield* decodeIntent(answer.body).pipe(
            Effect.mapError(() => unavailable("The provider's answer was not a payment intent.")),
          )
          return statusAfterCancel(intent)
        }
        // Succeeded, already canceled or mid-processing: the intent itself says which.
        if (errorOf(answer.body)?.code === "payment_intent_unexpected_state") {
          return statusAfterCancel(yield* call("GET", intentPath(providerReference)))
        }
        return yield* refused(answer)
      }),

    refund: (request) =>
      Effect.gen(function* () {
        const answer = yield* send("POST", "/v1/refunds", {
          form: new URLSearchParams({
            payment_intent: request.providerReference,
            amount: String(request.amount),
          }),
          idempotencyKey: request.idempotencyKey,
        })
        if (!answer.ok) return yield* refused(answer)
        const refund = yield* decodeRefund(answer.body).pipe(
          Effect.mapError(() => unavailable("The provider's answer was not a refund.")),
        )
        // Pending is accepted: the provider finishes it. Failed or canceled gave nothing back.
        if (refund.status === "failed" || refund.status === "canceled") {
          return yield* unavailable(`The provider's refund ${refund.id} is ${refund.status}.`)
        }
        return { refundReference: refund.id }
      }),

    verifyNotification: (rawBody, headers) =>
      Effect.gen(function* () {
        yield* verifySignature({
          secret: config.webhookSecret,
          header: headers[STRIPE_SIGNATURE_HEADER],
          rawBody,
          toleranceSeconds: config.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
        })
        const event = yield* decodeEvent(rawBody).pipe(
          Effect.mapError(() => new NotificationRejected({ reason: "The body is not an event." })),
        )
        // Genuine, but not about a payment intent (our refunds' charge.refunded, say):
        // acknowledged, or the provider retries it for days and may disable the endpoint.
        const ignored = { kind: "Ignored", eventId: event.id, eventType: event.type } as const
        if (!event.type.startsWith("payment_intent.")) return ignored
        const intent = yield* decodeIntent(event.data.object).pipe(
          Effect.mapError(
            () => new NotificationRejected({ reason: "The event's payment intent is malformed." }),
          ),
        )
        const outcome: IntentStatus | undefined =
          event.type === "payment_intent.succeeded"
            ? succeeded(intent)
            : event.type === "payment_intent.payment_failed"
              ? {
                  status: "Failed",
                  failureDetail: intent.last_payment_error?.message ?? DECLINED,
                }
              : statusOfIntent(intent)
        if (outcome === undefined) {
          // A state this adapter does not know: nothing it could record; the
          // shop still asks the provider itself before the order moves.
          yield* Effect.logWarning("stripe: a payment intent event in an unknown state", {
            eventId: event.id,
            eventType: event.type,
            providerReference: intent.id,
            status: intent.status,
          })
          return ignored
        }
        return { kind: "IntentStatus", providerReference: intent.id, eventId: event.id, outcome }
      }),
  }
}
