import { createHash, createHmac, timingSafeEqual } from "node:crypto"
import {
  type IntentStatus,
  NotificationRejected,
  type PaymentGatewayShape,
  PaymentGatewayUnavailable,
  type VerifiedNotification,
} from "@howzat/core/ports"
import type { CardFunding } from "@howzat/core/rules"
import { Clock, Duration, Effect, Option, Schema } from "effect"
import { cardSucceeded } from "../card-succeeded"
import { readProviderAnswer } from "../provider-answer"

/**
 * Card payments through Checkout.com (decision 0070): a Payment Session per
 * intent, paid in the browser by Checkout.com's Flow component (cards, Apple
 * Pay, Google Pay), captured automatically, 3-D Secure on. Requests carry the
 * secret key as a bearer token and, when they move money, a
 * `Cko-Idempotency-Key`; webhooks carry `Cko-Signature`, an HMAC-SHA256 of the
 * raw body with the webhook's signature key.
 *
 * A session can see several payments (a declined card, then another), and
 * every payment and every webhook carries the session's `reference`, not its
 * id. So the intent is known by a reference this adapter makes per intent:
 * the provider reference is that, and the session's payments are found by it.
 */

export const CHECKOUT_PROVIDER = "checkout"
export const CHECKOUT_SIGNATURE_HEADER = "cko-signature"

/**
 * The default base URLs. Checkout.com gives each account its own
 * (`https://{prefix}.api.checkout.com`, the prefix in the Dashboard), which
 * `apiUrl` should name in production.
 */
export const CHECKOUT_URLS = {
  sandbox: "https://api.sandbox.checkout.com",
  production: "https://api.checkout.com",
} as const

export interface CheckoutGatewayConfig {
  /** sk_… (sk_sbox_… in the sandbox), with the payment-sessions and payments scopes; never leaves the server. */
  readonly secretKey: string
  /** pk_…, with the payment-sessions:pay and vault-tokenization scopes: handed to Flow in the browser. */
  readonly publicKey: string
  /** pc_…: the processing channel the shop's card payments go through. */
  readonly processingChannelId: string
  /** The signature key the Dashboard shows for the shop's webhook endpoint. */
  readonly webhookSignatureKey: string
  readonly environment: "sandbox" | "production"
  /** Default by environment (`CHECKOUT_URLS`); the account's own prefixed URL in production. */
  readonly apiUrl?: string | undefined
  /**
   * Where Flow sends the customer after a payment that needed a redirect
   * (3-D Secure, a wallet); `{orderId}` in either is replaced by the order's
   * id, so the customer comes back to their own order's page.
   */
  readonly successUrl: string
  readonly failureUrl: string
  /** Per request; default 10 seconds. */
  readonly timeout?: Duration.DurationInput | undefined
  /** How long a session can be paid; default an hour. */
  readonly sessionLifetime?: Duration.DurationInput | undefined
}

const forOrder = (url: string, orderId: string) =>
  url.replaceAll("{orderId}", encodeURIComponent(orderId))

const unavailable = (reason: string) =>
  new PaymentGatewayUnavailable({ provider: CHECKOUT_PROVIDER, reason })
const rejected = (reason: string) => new NotificationRejected({ reason })

const SessionJson = Schema.Struct({
  id: Schema.String,
  payment_session_token: Schema.String,
  payment_session_secret: Schema.String,
})
const decodeSession = Schema.decodeUnknown(SessionJson)

const SourceJson = Schema.Struct({
  type: Schema.optional(Schema.String),
  card_type: Schema.optional(Schema.NullOr(Schema.String)),
  fingerprint: Schema.optional(Schema.NullOr(Schema.String)),
})

/**
 * One of a payment's actions: in full from `GET /payments/{id}/actions`
 * (latest first, with `processed_on`), or summarised on the payment itself
 * (`actions`, SDKs' PaymentActionSummary: id, type, response_code).
 */
const PaymentActionJson = Schema.Struct({
  type: Schema.String,
  response_code: Schema.optional(Schema.NullOr(Schema.String)),
  processed_on: Schema.optional(Schema.NullOr(Schema.String)),
})
type PaymentActionJson = typeof PaymentActionJson.Type
const decodeActions = Schema.decodeUnknown(Schema.Array(PaymentActionJson))

const PaymentJson = Schema.Struct({
  id: Schema.String,
  status: Schema.String,
  reference: Schema.optional(Schema.NullOr(Schema.String)),
  requested_on: Schema.optional(Schema.String),
  source: Schema.optional(Schema.NullOr(SourceJson)),
  actions: Schema.optional(Schema.NullOr(Schema.Array(PaymentActionJson))),
  // Not in Checkout.com's payment object (the code is on its actions); read
  // should an answer carry it, as a payment request's answer does.
  response_code: Schema.optional(Schema.NullOr(Schema.String)),
})
type PaymentJson = typeof PaymentJson.Type

const PaymentListJson = Schema.Struct({ data: Schema.Array(PaymentJson) })
const decodePaymentList = Schema.decodeUnknown(PaymentListJson)

/** A void's or a refund's acceptance: Checkout.com finishes it later. */
const ActionJson = Schema.Struct({ action_id: Schema.String })
const decodeAction = Schema.decodeUnknown(ActionJson)

const EventJson = Schema.Struct({
  id: Schema.String,
  type: Schema.String,
  created_on: Schema.optional(Schema.String),
  data: Schema.optional(
    Schema.Struct({
      id: Schema.optional(Schema.String),
      reference: Schema.optional(Schema.NullOr(Schema.String)),
      source: Schema.optional(Schema.NullOr(SourceJson)),
      response_code: Schema.optional(Schema.NullOr(Schema.String)),
    }),
  ),
})
const decodeEvent = Schema.decodeUnknown(Schema.parseJson(EventJson))

const ErrorJson = Schema.Struct({
  error_type: Schema.optional(Schema.String),
  error_codes: Schema.optional(Schema.Array(Schema.String)),
})
const decodeError = Schema.decodeUnknownOption(ErrorJson)

const TRY_AGAIN = "Your order is still open: please try again, or use another card."

/**
 * What the customer reads when a card payment was declined, by Checkout.com's
 * response code: 2xxxx soft declines (the issuer said no this time), 3xxxx
 * hard declines (the card cannot be used), 4xxxx the risk checks. The few the
 * customer can act on get their own words; a risk decline is not told apart
 * from the issuer's, so it teaches a fraudster nothing.
 */
export const declineDetailOf = (responseCode: string | null | undefined): string => {
  switch (responseCode) {
    case "20051":
      return `Your card was declined: there was not enough money in the account. ${TRY_AGAIN}`
    case "20054":
      return `Your card has expired. ${TRY_AGAIN}`
    case "20014":
    case "20087":
      return `Your card was declined: please check the card number, expiry date and security code. ${TRY_AGAIN}`
    case "20150":
    case "20151":
    case "20152":
    case "20153":
    case "20154":
      return `The payment was not confirmed with your bank (3-D Secure). ${TRY_AGAIN}`
    default:
      return `Your card was declined. ${TRY_AGAIN}`
  }
}

const CANCELLED = "The payment was cancelled."
const EXPIRED = `The payment was not completed in time. ${TRY_AGAIN}`

/**
 * Checkout.com's `card_type`, which it writes "CREDIT" or "Credit" by
 * endpoint. A charge card is a credit line repaid each month, so for the
 * credit-card rule (decision 0042) it is credit; anything else it names
 * (deferred debit, say) is Unknown, never guessed to be debit.
 */
export const cardFundingOf = (cardType: string | null | undefined): CardFunding | undefined => {
  if (!cardType) return undefined
  switch (cardType.toLowerCase()) {
    case "credit":
    case "charge":
      return "Credit"
    case "debit":
      return "Debit"
    case "prepaid":
      return "Prepaid"
    default:
      return "Unknown"
  }
}

type Source = typeof SourceJson.Type

const succeeded = (source: Source | null | undefined): IntentStatus =>
  cardSucceeded(source?.fingerprint || undefined, cardFundingOf(source?.card_type))

/**
 * The response code of the latest authorisation among these actions:
 * Checkout.com lists them latest first, and `processed_on`, where given,
 * decides. Undefined when none carries one.
 */
export const authorizationCodeOf = (
  actions: readonly PaymentActionJson[] | null | undefined,
): string | undefined =>
  (actions ?? [])
    .filter((a) => a.type === "Authorization" && a.response_code)
    // Stable: actions without a time keep Checkout.com's order.
    .toSorted((a, b) => (b.processed_on ?? "").localeCompare(a.processed_on ?? ""))[0]
    ?.response_code ?? undefined

/**
 * Why a declined payment was declined: its authorisation action's code
 * (Checkout.com's payment carries none of its own), else a `response_code`
 * on the payment should one be there.
 */
export const declineCodeOf = (payment: PaymentJson): string | undefined =>
  authorizationCodeOf(payment.actions) ?? (payment.response_code || undefined)

/**
 * Where one payment stands. Captured is when the money is the shop's:
 * Authorized (held on the card, its automatic capture still to come, which
 * can be declined) is Pending. Refunded was captured first: it paid, and
 * what was given back is the shop's own record.
 */
export const statusOfPayment = (payment: PaymentJson): IntentStatus | undefined => {
  switch (payment.status) {
    case "Captured":
    case "Partially Captured":
    case "Paid":
    case "Refunded":
    case "Partially Refunded":
      return succeeded(payment.source)
    case "Pending":
    case "Authorized":
    case "Retry Scheduled":
      return { status: "Pending" }
    case "Declined":
      return { status: "Failed", failureDetail: declineDetailOf(declineCodeOf(payment)) }
    case "Canceled":
    case "Voided":
      return { status: "Failed", failureDetail: CANCELLED }
    case "Expired":
      return { status: "Failed", failureDetail: EXPIRED }
    default:
      return undefined
  }
}

const newestFirst = (payments: readonly PaymentJson[]) =>
  [...payments].sort((a, b) => (b.requested_on ?? "").localeCompare(a.requested_on ?? ""))

/**
 * Where a session stands, from all its payments: paid if any paid (a second
 * card after a declined one), else open while any is, else the latest
 * failure's words. A session nobody has paid from yet is Pending.
 */
export const statusOfSession = (
  payments: readonly PaymentJson[],
): { readonly status: IntentStatus } | { readonly unknown: string } => {
  const statuses: IntentStatus[] = []
  for (const payment of newestFirst(payments)) {
    const status = statusOfPayment(payment)
    if (status === undefined) return { unknown: payment.status }
    statuses.push(status)
  }
  const paid = statuses.find((s) => s.status === "Succeeded")
  if (paid) return { status: paid }
  if (statuses.length === 0 || statuses.some((s) => s.status === "Pending")) {
    return { status: { status: "Pending" } }
  }
  return { status: statuses[0] as IntentStatus }
}

/**
 * The session's reference, made from the shop's idempotency key: the same
 * key gives the same reference, so a retried creation that made a second
 * session still finds its payments. Short, as American Express takes at most
 * 30 characters; the order id travels in the metadata instead.
 */
export const sessionReference = (idempotencyKey: string): string =>
  `hz-${createHash("sha256")
    .update(`howzat/checkout/${idempotencyKey}`)
    .digest("base64url")
    .slice(0, 24)}`

/** Byte comparison in constant time, so a forger learns nothing from how long a refusal takes. */
const sameSignature = (expectedHex: string, candidate: string) =>
  /^[0-9a-f]{64}$/i.test(candidate) &&
  timingSafeEqual(Buffer.from(expectedHex, "hex"), Buffer.from(candidate, "hex"))

const trimmed = (url: string) => url.replace(/\/+$/, "")

export const makeCheckoutGateway = (config: CheckoutGatewayConfig): PaymentGatewayShape => {
  const apiUrl = trimmed(config.apiUrl ?? CHECKOUT_URLS[config.environment])
  const timeout = config.timeout ?? Duration.seconds(10)
  const sessionLifetime = Duration.decode(config.sessionLifetime ?? Duration.hours(1))

  /**
   * One call to the API: the answer's status and JSON body. Unreachable, too
   * slow or not JSON is "unavailable"; what the status means is the caller's.
   */
  const send = (
    method: "GET" | "POST",
    path: string,
    init: { readonly body?: unknown; readonly idempotencyKey?: string } = {},
  ) =>
    Effect.gen(function* () {
      const headers: Record<string, string> = { authorization: `Bearer ${config.secretKey}` }
      let body: string | undefined
      if (method === "POST") {
        headers["content-type"] = "application/json"
        body = JSON.stringify(init.body ?? {})
      }
      if (init.idempotencyKey) headers["cko-idempotency-key"] = init.idempotencyKey
      const response = yield* Effect.tryPromise({
        try: (signal) => fetch(`${apiUrl}${path}`, { method, headers, body, signal }),
        catch: (cause) => unavailable(`The provider could not be reached: ${String(cause)}`),
      }).pipe(
        Effect.timeoutFail({
          duration: timeout,
          onTimeout: () =>
            unavailable(`The provider did not answer within ${Duration.format(timeout)}.`),
        }),
      )
      return yield* readProviderAnswer(response, unavailable)
    })

  /** Checkout.com's errors name a type and codes (`request_invalid`: `amount_invalid`). */
  const refused = (answer: { readonly status: number; readonly body: unknown }) => {
    const error = Option.getOrUndefined(decodeError(answer.body))
    const codes = error?.error_codes?.length ? ` (${error.error_codes.join(", ")})` : ""
    const words = error?.error_type ? `: ${error.error_type}${codes}` : "."
    return unavailable(`The provider answered ${answer.status}${words}`)
  }

  /** Every payment made from the session with this reference, newest first. */
  const paymentsOf = (reference: string) =>
    Effect.gen(function* () {
      const query = new URLSearchParams({ reference, limit: "100" })
      const answer = yield* send("GET", `/payments?${query}`)
      if (!answer.ok) return yield* refused(answer)
      const list = yield* decodePaymentList(answer.body).pipe(
        Effect.mapError(() => unavailable("The provider's answer was not a list of payments.")),
      )
      // The lookup is by reference; a payment naming another is not this session's.
      return newestFirst(list.data.filter((p) => p.reference == null || p.reference === reference))
    })

  const paymentPath = (id: string) => `/payments/${encodeURIComponent(id)}`

  /**
   * The code a payment was declined with, from its actions. Only words hang
   * on it, never the outcome: unanswered, the decline is told in general
   * words rather than the session's status left unknown.
   */
  const declineCodeAskedOf = (payment: PaymentJson) =>
    send("GET", `${paymentPath(payment.id)}/actions`).pipe(
      Effect.filterOrFail((answer) => answer.ok, refused),
      Effect.flatMap((answer) =>
        Effect.mapError(decodeActions(answer.body), () =>
          unavailable("The provider's answer was not a list of actions."),
        ),
      ),
      Effect.map(authorizationCodeOf),
      Effect.catchAll((error) =>
        Effect.as(
          Effect.logWarning("checkout: no response code for a declined payment", {
            paymentId: payment.id,
            reason: error.reason,
          }),
          undefined,
        ),
      ),
    )

  const sessionStatus = (payments: readonly PaymentJson[]) =>
    Effect.gen(function* () {
      const answer = statusOfSession(payments)
      if (!("status" in answer)) {
        return yield* unavailable(`A payment is in an unknown state: ${answer.unknown}.`)
      }
      // A session that failed answers its latest payment's failure. Declined,
      // the reason is on the payment's authorisation action, which the list
      // by reference does not carry (Checkout.com returns the actions summary
      // only to a lookup by session id): one more call, for a decline alone.
      const [latest] = newestFirst(payments)
      if (answer.status.status !== "Failed" || latest?.status !== "Declined") return answer.status
      if (declineCodeOf(latest) !== undefined) return answer.status
      const code = yield* declineCodeAskedOf(latest)
      return code === undefined
        ? answer.status
        : ({ status: "Failed", failureDetail: declineDetailOf(code) } satisfies IntentStatus)
    })

  return {
    provider: CHECKOUT_PROVIDER,
    method: "Card",

    createIntent: (request) =>
      Effect.gen(function* () {
        const reference = sessionReference(request.idempotencyKey)
        const now = yield* Clock.currentTimeMillis
        const answer = yield* send("POST", "/payment-sessions", {
          idempotencyKey: request.idempotencyKey,
          body: {
            amount: request.amount,
            currency: "GBP",
            reference,
            processing_channel_id: config.processingChannelId,
            payment_type: "Regular",
            // Taken at once: the shop sells tickets that are drawn, not goods shipped later.
            capture: true,
            "3ds": { enabled: true },
            // Cards and the wallets that carry them; never a pay-later method, which is credit.
            enabled_payment_methods: ["card", "applepay", "googlepay"],
            billing: { address: { country: "GB" } },
            ...(request.payer
              ? { customer: { name: request.payer.name, email: request.payer.email } }
              : {}),
            success_url: forOrder(config.successUrl, request.orderId),
            failure_url: forOrder(config.failureUrl, request.orderId),
            locale: "en-GB",
            // A retry with the same key sends a later expires_on, on purpose.
            // Checkout.com answers a repeated key with its first answer (the
            // first session, its expiry) and compares no bodies; should it
            // not recognise the key here (`/payment-sessions` is not on its
            // list of idempotent endpoints), the second session shares the
            // reference, so its payments are found, and it lives the full
            // lifetime from its own creation. Rounding would not make retries
            // across a boundary equal, and the port gives no fixed time to use.
            expires_on: new Date(now + Duration.toMillis(sessionLifetime)).toISOString(),
            // A session cannot refuse credit cards (decision 0070): the shop's own
            // check when the payment succeeds decides; this is for the Dashboard.
            metadata: {
              order_id: request.orderId,
              credit_cards_allowed: request.creditCardsAllowed,
            },
          },
        })
        if (!answer.ok) return yield* refused(answer)
        const session = yield* decodeSession(answer.body).pipe(
          Effect.mapError(() => unavailable("The provider's answer was not a payment session.")),
        )
        // What Flow is mounted with: `new CheckoutWebComponents({ ...token })`.
        const clientToken = JSON.stringify({
          paymentSession: {
            id: session.id,
            payment_session_secret: session.payment_session_secret,
            payment_session_token: session.payment_session_token,
          },
          publicKey: config.publicKey,
          environment: config.environment,
        })
        return { providerReference: reference, clientToken }
      }),

    intentStatus: (providerReference) =>
      Effect.flatMap(paymentsOf(providerReference), sessionStatus),

    cancelIntent: (providerReference) =>
      Effect.gen(function* () {
        const payments = yield* paymentsOf(providerReference)
        // Nobody has paid from it. Checkout.com has no way to close a session
        // early: it can be paid until it expires (`sessionLifetime`), and a
        // payment made then reaches the shop as a success it gives back
        // (decision 0070). Pending here would hold the order open for good.
        if (payments.length === 0) {
          return { status: "Failed", failureDetail: CANCELLED } satisfies IntentStatus
        }
        // Only an authorisation not yet captured can be voided; a captured
        // payment is paid (and is the shop's to refund), a pending one (3-D
        // Secure under way) cannot be stopped and stays Pending.
        const voided = new Set<string>()
        for (const payment of payments) {
          if (payment.status !== "Authorized") continue
          const answer = yield* send("POST", `${paymentPath(payment.id)}/voids`, {
            // One key per payment: voiding twice is the same request.
            idempotencyKey: `void-${payment.id}`,
            body: { reference: providerReference },
          })
          if (answer.ok) voided.add(payment.id)
          // Refused: captured meanwhile, say. Reading again below says where it is.
          else if (answer.status >= 500 || answer.status === 401) return yield* refused(answer)
        }
        if (!payments.some((p) => p.status === "Authorized")) return yield* sessionStatus(payments)
        // Read again: a refused void may mean captured meanwhile. A void is
        // accepted, then done: until the payment says Voided, it is voided all the same.
        const after = yield* paymentsOf(providerReference)
        return yield* sessionStatus(
          after.map((p) =>
            voided.has(p.id) && p.status === "Authorized" ? { ...p, status: "Voided" } : p,
          ),
        )
      }),

    refund: (request) =>
      Effect.gen(function* () {
        const payments = yield* paymentsOf(request.providerReference)
        // The payment that took the money: the session's latest captured one.
        const paid = payments.find((p) => statusOfPayment(p)?.status === "Succeeded")
        if (!paid) {
          return yield* unavailable(
            `The session ${request.providerReference} has no captured payment to refund.`,
          )
        }
        const answer = yield* send("POST", `${paymentPath(paid.id)}/refunds`, {
          idempotencyKey: request.idempotencyKey,
          body: { amount: request.amount, reference: request.providerReference },
        })
        if (!answer.ok) return yield* refused(answer)
        // Accepted (202): Checkout.com sends the money back; payment_refunded says when.
        const action = yield* decodeAction(answer.body).pipe(
          Effect.mapError(() => unavailable("The provider's answer was not a refund.")),
        )
        return { refundReference: action.action_id }
      }),

    verifyNotification: (rawBody, headers) =>
      Effect.gen(function* () {
        const signature = headers[CHECKOUT_SIGNATURE_HEADER]
        if (!signature) return yield* rejected("The Cko-Signature header is missing.")
        const expected = createHmac("sha256", config.webhookSignatureKey)
          .update(rawBody, "utf8")
          .digest("hex")
        if (!sameSignature(expected, signature.trim())) {
          return yield* rejected("The signature does not match the body.")
        }
        // No timestamp is signed, so no window (decision 0070): a replay
        // carries its event id, which the shop remembers for good.
        const event = yield* decodeEvent(rawBody).pipe(
          Effect.mapError(() => rejected("The body is not an event.")),
        )
        const ignored: VerifiedNotification = {
          kind: "Ignored",
          eventId: event.id,
          eventType: event.type,
        }
        const data = event.data
        const about = (outcome: IntentStatus): Effect.Effect<VerifiedNotification> =>
          data?.reference
            ? Effect.succeed({
                kind: "IntentStatus",
                providerReference: data.reference,
                eventId: event.id,
                outcome,
              })
            : // Not from a session of the shop's (a Dashboard payment link, say):
              // nothing to record, and refusing would only have it retried.
              Effect.as(
                Effect.logWarning(`checkout: a ${event.type} event without a reference`, {
                  eventId: event.id,
                  paymentId: data?.id,
                }),
                ignored,
              )
        switch (event.type) {
          case "payment_captured":
          case "payment_paid":
            return yield* about(succeeded(data?.source))
          case "payment_approved":
          case "payment_pending":
          case "payment_capture_pending":
            return yield* about({ status: "Pending" })
          case "payment_declined":
          case "payment_capture_declined":
            return yield* about({
              status: "Failed",
              failureDetail: declineDetailOf(data?.response_code),
            })
          case "payment_canceled":
          case "payment_voided":
            return yield* about({ status: "Failed", failureDetail: CANCELLED })
          case "payment_expired":
            return yield* about({ status: "Failed", failureDetail: EXPIRED })
          case "payment_refund_declined":
          case "payment_void_declined":
            // Nothing the port can record, but staff must hear of it: money the
            // shop believes is going back is not.
            yield* Effect.logWarning(`checkout: ${event.type}`, {
              eventId: event.id,
              paymentId: data?.id,
              reference: data?.reference,
              responseCode: data?.response_code,
            })
            return ignored
          default:
            return ignored
        }
      }),
  }
}
