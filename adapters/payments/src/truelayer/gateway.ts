import { createHash, randomUUID } from "node:crypto"
import {
  type IntentStatus,
  NotificationRejected,
  type PaymentGatewayShape,
  PaymentGatewayUnavailable,
  type VerifiedNotification,
} from "@howzat/core/ports"
import { Clock, Duration, Effect, Option, Schema } from "effect"
import type { HttpMethod } from "truelayer-signing"
import { extractJku, sign, verify } from "truelayer-signing"
import { readProviderAnswer } from "../provider-answer"

/**
 * Pay by bank through TrueLayer's Payments API v3 (decision 0069): a payment
 * into the shop's merchant account, the customer choosing their bank on
 * TrueLayer's hosted or embedded payment page, which the payment's
 * `resource_token` opens. Requests carry a client-credentials token and, when
 * they change anything, a `Tl-Signature` made with the shop's private key;
 * webhooks carry one made by TrueLayer, checked against the keys it publishes.
 */

export const TRUELAYER_PROVIDER = "truelayer"
export const TRUELAYER_SIGNATURE_HEADER = "tl-signature"
export const TRUELAYER_TIMESTAMP_HEADER = "x-tl-webhook-timestamp"

/** Where TrueLayer publishes the keys its webhooks are signed with. */
export const TRUELAYER_JWKS = {
  sandbox: "https://webhooks.truelayer-sandbox.com/.well-known/jwks",
  production: "https://webhooks.truelayer.com/.well-known/jwks",
} as const

export const TRUELAYER_URLS = {
  sandbox: {
    apiUrl: "https://api.truelayer-sandbox.com",
    authUrl: "https://auth.truelayer-sandbox.com",
  },
  production: { apiUrl: "https://api.truelayer.com", authUrl: "https://auth.truelayer.com" },
} as const

export interface TrueLayerGatewayConfig {
  /** The Console application's client id and secret; the secret never leaves the server. */
  readonly clientId: string
  readonly clientSecret: string
  /** The kid Console gave the public key uploaded for request signing. */
  readonly signingKeyId: string
  /** The EC P-521 private key (PEM) whose public half was uploaded to Console. */
  readonly signingPrivateKeyPem: string
  /** The GBP merchant account the money is paid into (Console › Merchant account). */
  readonly merchantAccountId: string
  readonly environment: "sandbox" | "production"
  /** Default by environment; tests and proxies point them elsewhere. */
  readonly apiUrl?: string | undefined
  readonly authUrl?: string | undefined
  /**
   * The only `jku` URLs a webhook's signature may name; default the
   * environment's own. A signature naming any other is refused before anything
   * is fetched, or a forger could sign with a key it published itself.
   */
  readonly jwksAllowList?: readonly string[] | undefined
  /**
   * The path of the webhook URI registered in Console, as TrueLayer requested
   * it: the signature covers it. Default: the shop's notification route.
   */
  readonly webhookPath?: string | undefined
  /** Per request; default 10 seconds. */
  readonly timeout?: Duration.DurationInput | undefined
  /** How old a webhook's timestamp may be, in seconds; default 300. */
  readonly toleranceSeconds?: number | undefined
}

/** The route in adapters/http/src/payment-notifications.ts, which this package does not import. */
const DEFAULT_WEBHOOK_PATH = "/api/Orders/payments/status-notification"

/** Refreshed this long before TrueLayer says the token expires, so no request carries a dead one. */
const TOKEN_MARGIN_MILLIS = 60_000
/** Published keys are fetched again after this long, or at once for a kid not yet seen (rotation). */
const JWKS_TTL_MILLIS = 60 * 60_000
const JWKS_REFETCH_FLOOR_MILLIS = 60_000

const unavailable = (reason: string) =>
  new PaymentGatewayUnavailable({ provider: TRUELAYER_PROVIDER, reason })
const rejected = (reason: string) => new NotificationRejected({ reason })

const TokenJson = Schema.Struct({ access_token: Schema.String, expires_in: Schema.Number })
const decodeToken = Schema.decodeUnknown(TokenJson)

const CreatedPaymentJson = Schema.Struct({
  id: Schema.String,
  resource_token: Schema.String,
  status: Schema.optional(Schema.String),
})
const decodeCreated = Schema.decodeUnknown(CreatedPaymentJson)

const PaymentJson = Schema.Struct({
  id: Schema.String,
  status: Schema.String,
  failure_reason: Schema.optional(Schema.NullOr(Schema.String)),
})
type PaymentJson = typeof PaymentJson.Type
const decodePayment = Schema.decodeUnknown(PaymentJson)

const CreatedRefundJson = Schema.Struct({ id: Schema.String })
const decodeRefund = Schema.decodeUnknown(CreatedRefundJson)

/** Every webhook's body; the rest depends on the type. */
const EventJson = Schema.Struct({
  type: Schema.String,
  event_id: Schema.String,
  payment_id: Schema.optional(Schema.String),
  refund_id: Schema.optional(Schema.String),
  failure_reason: Schema.optional(Schema.NullOr(Schema.String)),
})
const decodeEvent = Schema.decodeUnknown(Schema.parseJson(EventJson))

/** TrueLayer's errors are RFC 7807 problems. */
const ProblemJson = Schema.Struct({
  title: Schema.optional(Schema.String),
  detail: Schema.optional(Schema.String),
})
const decodeProblem = Schema.decodeUnknownOption(ProblemJson)

const TRY_AGAIN = "Your order is still open: please try again."
const TRY_AGAIN_OR_CARD = "Your order is still open: please try again, or pay by card."

/**
 * What the customer reads when a bank payment failed, by TrueLayer's
 * `failure_reason`. The reasons are TrueLayer's documented ones; any other
 * (TrueLayer adds them) reads as the bank not making the payment.
 */
export const failureDetailOf = (reason: string | null | undefined): string => {
  switch (reason) {
    case "authorization_failed":
    case "canceled":
    case "expired":
    case "user_canceled_at_provider":
    case "provider_expired":
    case "not_authorized":
      return `The payment was not authorised at your bank. ${TRY_AGAIN}`
    case "insufficient_funds":
      return `Your bank declined the payment: there was not enough money in the account. ${TRY_AGAIN_OR_CARD}`
    case "payment_limit_exceeded":
      return `Your bank declined the payment: it is over your account's payment limit. ${TRY_AGAIN_OR_CARD}`
    case "provider_rejected":
    case "rejected":
    case "blocked":
      return `Your bank declined the payment. ${TRY_AGAIN_OR_CARD}`
    default:
      return `Your bank could not make the payment just now. ${TRY_AGAIN_OR_CARD}`
  }
}

/**
 * A bank payment is never a credit card: it draws on the payer's own account,
 * so for the credit-card rule (decision 0042) it is debit money, and saying so
 * spares core asking the provider about a card there never was. TrueLayer
 * gives nothing that identifies the payer's account the way a card
 * fingerprint does, so there is none (decision 0069).
 */
const PAID: IntentStatus = { status: "Succeeded", cardFunding: "Debit" }

/**
 * Where a payment stands. Executed is the bank's acceptance, which is when
 * the money has left the payer; settled, its arrival in the merchant account.
 */
export const statusOfPayment = (payment: PaymentJson): IntentStatus | undefined => {
  switch (payment.status) {
    case "executed":
    case "settled":
      return PAID
    case "failed":
      return { status: "Failed", failureDetail: failureDetailOf(payment.failure_reason) }
    case "authorization_required":
    case "authorizing":
    case "authorized":
      return { status: "Pending" }
    default:
      return undefined
  }
}

/**
 * The shop's idempotency keys (`order:1`, say) as UUIDs, the form TrueLayer's
 * documentation gives them: name-based (version 5 layout over SHA-1), so the
 * same key always gives the same UUID and a retry is recognised.
 */
export const idempotencyUuid = (key: string): string => {
  const hash = createHash("sha1").update(`howzat/truelayer/${key}`).digest()
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80
  const hex = hash.subarray(0, 16).toString("hex")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const trimmed = (url: string) => url.replace(/\/+$/, "")

export const makeTrueLayerGateway = (config: TrueLayerGatewayConfig): PaymentGatewayShape => {
  const urls = TRUELAYER_URLS[config.environment]
  const apiUrl = trimmed(config.apiUrl ?? urls.apiUrl)
  const authUrl = trimmed(config.authUrl ?? urls.authUrl)
  const allowedJkus = new Set(config.jwksAllowList ?? [TRUELAYER_JWKS[config.environment]])
  const webhookPath = config.webhookPath ?? DEFAULT_WEBHOOK_PATH
  const timeout = config.timeout ?? Duration.seconds(10)
  const toleranceMillis = (config.toleranceSeconds ?? 300) * 1000

  /** One fetch: unreachable or too slow is "unavailable"; what the answer means is the caller's. */
  const fetchWithin = (url: string, init: RequestInit) =>
    Effect.tryPromise({
      try: (signal) => fetch(url, { ...init, signal }),
      catch: (cause) => unavailable(`The provider could not be reached: ${String(cause)}`),
    }).pipe(
      Effect.timeoutFail({
        duration: timeout,
        onTimeout: () =>
          unavailable(`The provider did not answer within ${Duration.format(timeout)}.`),
      }),
    )

  const problemOf = (status: number, body: unknown) => {
    const problem = Option.getOrUndefined(decodeProblem(body))
    const words = [problem?.title, problem?.detail].filter(Boolean).join(": ")
    return unavailable(`The provider answered ${status}${words ? `: ${words}` : "."}`)
  }

  // The access token, fetched once and shared until shortly before it expires.
  // One fetch at a time, so requests arriving together wait for the same token.
  let token: { readonly value: string; readonly expiresAt: number } | undefined
  const tokenLock = Effect.unsafeMakeSemaphore(1)

  const fetchToken = Effect.gen(function* () {
    const response = yield* fetchWithin(`${authUrl}/connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: config.clientId,
        client_secret: config.clientSecret,
        scope: "payments",
      }).toString(),
    })
    const body: unknown = yield* Effect.tryPromise({
      try: () => response.json(),
      catch: () => unavailable(`The auth server answered ${response.status} without JSON.`),
    })
    if (!response.ok) return yield* problemOf(response.status, body)
    return yield* decodeToken(body).pipe(
      Effect.mapError(() => unavailable("The auth server's answer was not a token.")),
    )
  })

  const accessToken = tokenLock.withPermits(1)(
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      if (token && now < token.expiresAt - TOKEN_MARGIN_MILLIS) return token.value
      const fresh = yield* fetchToken
      token = { value: fresh.access_token, expiresAt: now + fresh.expires_in * 1000 }
      return token.value
    }),
  )

  /**
   * One call to the API, signed when it changes anything. A 401 means the
   * token was revoked or expired early: it is dropped and the call made once
   * more with a new one.
   */
  const send = (
    method: "GET" | "POST",
    path: string,
    init: { readonly body?: unknown; readonly idempotencyKey?: string } = {},
  ) => {
    const attempt = Effect.gen(function* () {
      const bearer = yield* accessToken
      const headers: Record<string, string> = { authorization: `Bearer ${bearer}` }
      let body: string | undefined
      if (method === "POST") {
        body = init.body === undefined ? "" : JSON.stringify(init.body)
        const idempotencyKey = idempotencyUuid(init.idempotencyKey ?? randomUUID())
        headers["content-type"] = "application/json"
        headers["idempotency-key"] = idempotencyKey
        headers["tl-signature"] = yield* Effect.try({
          try: () =>
            sign({
              kid: config.signingKeyId,
              privateKeyPem: config.signingPrivateKeyPem,
              method: "POST" as HttpMethod,
              // What the server sees, a proxy's prefix included.
              path: new URL(`${apiUrl}${path}`).pathname,
              headers: { "Idempotency-Key": idempotencyKey },
              body,
            }),
          catch: (cause) => unavailable(`The request could not be signed: ${String(cause)}`),
        })
      }
      const response = yield* fetchWithin(`${apiUrl}${path}`, { method, headers, body })
      return yield* readProviderAnswer(response, unavailable)
    })
    return Effect.flatMap(attempt, (answer) =>
      answer.status === 401
        ? Effect.flatMap(
            Effect.sync(() => {
              token = undefined
            }),
            () => attempt,
          )
        : Effect.succeed(answer),
    )
  }

  const paymentPath = (id: string) => `/v3/payments/${encodeURIComponent(id)}`

  const readPayment = (id: string) =>
    Effect.gen(function* () {
      const answer = yield* send("GET", paymentPath(id))
      if (!answer.ok) return yield* problemOf(answer.status, answer.body)
      const payment = yield* decodePayment(answer.body).pipe(
        Effect.mapError(() => unavailable("The provider's answer was not a payment.")),
      )
      const status = statusOfPayment(payment)
      if (status === undefined) {
        return yield* unavailable(`The payment is in an unknown state: ${payment.status}.`)
      }
      return status
    })

  // Published keys by jku URL (only allowed ones are ever fetched).
  const jwksCache = new Map<string, { readonly jwks: string; readonly fetchedAt: number }>()

  const fetchJwks = (jku: string) =>
    Effect.gen(function* () {
      const response = yield* fetchWithin(jku, { method: "GET" })
      const jwks = yield* Effect.tryPromise({
        try: () => response.text(),
        catch: () => unavailable("The published keys could not be read."),
      })
      if (!response.ok) return yield* unavailable(`The published keys answered ${response.status}.`)
      const now = yield* Clock.currentTimeMillis
      jwksCache.set(jku, { jwks, fetchedAt: now })
      return jwks
    }).pipe(Effect.mapError((e) => rejected(`TrueLayer's keys could not be fetched: ${e.reason}`)))

  const keysFor = (jku: string, refresh: boolean) =>
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const cached = jwksCache.get(jku)
      const age = cached ? now - cached.fetchedAt : Number.POSITIVE_INFINITY
      if (cached && age < (refresh ? JWKS_REFETCH_FLOOR_MILLIS : JWKS_TTL_MILLIS)) {
        return cached.jwks
      }
      return yield* fetchJwks(jku)
    })

  const verifyWith = (
    jwks: string,
    signature: string,
    rawBody: string,
    headers: Record<string, string>,
  ) =>
    Effect.try({
      try: () =>
        verify({
          jwks,
          signature,
          method: "POST" as HttpMethod,
          path: webhookPath,
          body: rawBody,
          headers,
          // Unsigned, the timestamp could be moved forward to replay an old event.
          requiredHeaders: ["X-Tl-Webhook-Timestamp"],
        }),
      catch: (cause) => (cause instanceof Error ? cause.message : String(cause)),
    })

  return {
    provider: TRUELAYER_PROVIDER,
    method: "BankTransfer",

    createIntent: (request) =>
      Effect.gen(function* () {
        // `creditCardsAllowed` has nothing to decide here: a bank payment is never a credit card.
        if (!request.payer) {
          return yield* unavailable("A bank payment needs the payer's name and email.")
        }
        const answer = yield* send("POST", "/v3/payments", {
          idempotencyKey: request.idempotencyKey,
          body: {
            amount_in_minor: request.amount,
            currency: "GBP",
            payment_method: {
              type: "bank_transfer",
              provider_selection: { type: "user_selected" },
              beneficiary: {
                type: "merchant_account",
                merchant_account_id: config.merchantAccountId,
              },
            },
            user: { name: request.payer.name, email: request.payer.email },
            metadata: { order_id: request.orderId },
          },
        })
        if (!answer.ok) return yield* problemOf(answer.status, answer.body)
        const created = yield* decodeCreated(answer.body).pipe(
          Effect.mapError(() => unavailable("The provider's answer was not a new payment.")),
        )
        // The hosted page needs both the payment's id and its token: the browser gets them together.
        return {
          providerReference: created.id,
          clientToken: JSON.stringify({
            payment_id: created.id,
            resource_token: created.resource_token,
          }),
        }
      }),

    intentStatus: readPayment,

    cancelIntent: (providerReference) =>
      Effect.gen(function* () {
        // One key per payment: cancelling twice is the same request.
        const answer = yield* send("POST", `${paymentPath(providerReference)}/actions/cancel`, {
          idempotencyKey: `cancel:${providerReference}`,
        })
        // Refused (authorised already, or failed or cancelled before): the
        // payment itself says where it stands. A payment TrueLayer does not
        // know, a 5xx or silence leaves it unknown.
        if (answer.status === 404 || answer.status >= 500) {
          return yield* problemOf(answer.status, answer.body)
        }
        return yield* readPayment(providerReference)
      }),

    refund: (request) =>
      Effect.gen(function* () {
        const answer = yield* send("POST", `${paymentPath(request.providerReference)}/refunds`, {
          idempotencyKey: request.idempotencyKey,
          body: { amount_in_minor: request.amount, reference: "Howzat refund" },
        })
        if (!answer.ok) return yield* problemOf(answer.status, answer.body)
        // Created is accepted: TrueLayer pays it out when the payment has settled.
        const refund = yield* decodeRefund(answer.body).pipe(
          Effect.mapError(() => unavailable("The provider's answer was not a refund.")),
        )
        return { refundReference: refund.id }
      }),

    verifyNotification: (rawBody, headers) =>
      Effect.gen(function* () {
        const signature = headers[TRUELAYER_SIGNATURE_HEADER]
        if (!signature) return yield* rejected("The Tl-Signature header is missing.")
        const jku = yield* Effect.try({
          try: () => extractJku(signature),
          catch: () => rejected("The Tl-Signature header is malformed."),
        })
        if (!jku || !allowedJkus.has(jku)) {
          return yield* rejected(`The signature names keys not TrueLayer's: ${jku ?? "none"}.`)
        }
        const stamp = headers[TRUELAYER_TIMESTAMP_HEADER]
        const sentAt = stamp ? Date.parse(stamp) : Number.NaN
        if (Number.isNaN(sentAt)) return yield* rejected("The webhook timestamp is missing.")
        const now = yield* Clock.currentTimeMillis
        if (Math.abs(now - sentAt) > toleranceMillis) {
          return yield* rejected("The webhook timestamp is outside the allowed window.")
        }
        const present: Record<string, string> = {}
        for (const [name, value] of Object.entries(headers)) {
          if (value !== undefined) present[name] = value
        }
        const first = yield* verifyWith(
          yield* keysFor(jku, false),
          signature,
          rawBody,
          present,
        ).pipe(Effect.either)
        if (first._tag === "Left") {
          // A kid not seen yet may be a key TrueLayer rotated in since the keys were fetched.
          if (!first.left.includes("no jwk found")) {
            return yield* rejected(`The signature does not match: ${first.left}`)
          }
          yield* verifyWith(yield* keysFor(jku, true), signature, rawBody, present).pipe(
            Effect.mapError((reason) => rejected(`The signature does not match: ${reason}`)),
          )
        }
        const event = yield* decodeEvent(rawBody).pipe(
          Effect.mapError(() => rejected("The body is not an event.")),
        )
        const ignored: VerifiedNotification = {
          kind: "Ignored",
          eventId: event.event_id,
          eventType: event.type,
        }
        const about = (
          outcome: IntentStatus,
        ): Effect.Effect<VerifiedNotification, NotificationRejected> =>
          event.payment_id
            ? Effect.succeed({
                kind: "IntentStatus",
                providerReference: event.payment_id,
                eventId: event.event_id,
                outcome,
              })
            : Effect.fail(rejected(`The ${event.type} event names no payment.`))
        switch (event.type) {
          case "payment_executed":
          case "payment_settled":
            return yield* about(PAID)
          case "payment_failed":
            return yield* about({
              status: "Failed",
              failureDetail: failureDetailOf(event.failure_reason),
            })
          case "payment_authorized":
            return yield* about({ status: "Pending" })
          case "refund_failed":
          case "payment_settlement_stalled":
            // Nothing the port can record, but staff must hear of it: money the
            // shop believes is on its way (back) is not.
            yield* Effect.logWarning(`truelayer: ${event.type}`, {
              eventId: event.event_id,
              paymentId: event.payment_id,
              refundId: event.refund_id,
              failureReason: event.failure_reason,
            })
            return ignored
          default:
            return ignored
        }
      }),
  }
}
