import { createHmac, randomBytes } from "node:crypto"
import type {
  SandboxConfirmRequestJson,
  SandboxConfirmResponseJson,
} from "@howzat/contracts/orders"
import {
  type IntentStatus,
  NotificationRejected,
  type PaymentGatewayShape,
  PaymentGatewayUnavailable,
} from "@howzat/core/ports"
import { CARD_FUNDINGS, creditCardTexts } from "@howzat/core/rules"
import { Clock, Data, type Duration, Effect, FiberSet, Schedule, Schema, type Scope } from "effect"
import { DEFAULT_TOLERANCE_SECONDS, sign, verifySignature } from "../signature"
import { cardTexts, judgeCard } from "./cards"
import type { SandboxIntentRecord, SandboxIntentStore } from "./store"

export const SANDBOX_PROVIDER = "sandbox"
/** The header the sandbox signs its notifications in. */
export const SANDBOX_SIGNATURE_HEADER = "howzat-signature"

/** A client token the sandbox never issued: the card form was handed nonsense. */
export class UnknownClientToken extends Data.TaggedError("UnknownClientToken") {}

/** What answers a delivery: a fetch Response or Hono's `app.request(...)` result both fit. */
export interface DeliveryResponse {
  readonly status: number
}

export interface SandboxGatewayOptions {
  readonly store: SandboxIntentStore
  /** Signs the status notifications; the server verifies them with the same secret. */
  readonly secret: string
  /**
   * Hands a signed notification to the shop, exactly as a provider's webhook
   * would POST it (the server wires this to its own status-notification
   * route). A 2xx answer means delivered; anything else, or a throw, is retried.
   */
  readonly deliver: (
    rawBody: string,
    headers: Readonly<Record<string, string>>,
  ) => Promise<DeliveryResponse>
  /** Signature window in seconds; default 300. */
  readonly toleranceSeconds?: number | undefined
  /** Attempts per notification, the first included; default 5. */
  readonly deliveryAttempts?: number | undefined
  /** Wait before the first retry, doubling after each; default 1 second. */
  readonly deliveryBackoff?: Duration.DurationInput | undefined
}

export interface SandboxGateway extends PaymentGatewayShape {
  /**
   * The card form's post (SANDBOX_CONFIRM_PATH). A mistake in what was typed
   * answers Failed and leaves the intent open for another go; the issuer's
   * decision settles the intent, and any later confirm answers that outcome.
   */
  readonly confirm: (
    request: SandboxConfirmRequestJson,
  ) => Effect.Effect<SandboxConfirmResponseJson, UnknownClientToken | PaymentGatewayUnavailable>
  /**
   * Completes once every notification sent so far has been delivered or
   * given up on (a retry's pause runs on Effect's clock): a test waits for
   * this, not for time, before it asks what the shop heard.
   */
  readonly deliveriesSettled: Effect.Effect<void>
}

/** The notification's body, as the sandbox sends it. */
export const SandboxNotification = Schema.Struct({
  id: Schema.String,
  type: Schema.Literal(
    "payment_intent.succeeded",
    "payment_intent.payment_failed",
    "payment_intent.canceled",
  ),
  providerReference: Schema.String,
  status: Schema.Literal("Succeeded", "Failed"),
  failureDetail: Schema.NullOr(Schema.String),
  /** As a real provider names the card that paid: a fingerprint, never the number. */
  cardFingerprint: Schema.optional(Schema.NullOr(Schema.String)),
  /** And what kind of card it is (decision 0042). */
  cardFunding: Schema.optional(Schema.NullOr(Schema.Literal(...CARD_FUNDINGS))),
})
export type SandboxNotification = typeof SandboxNotification.Type
const decodeNotification = Schema.decodeUnknown(Schema.parseJson(SandboxNotification))

/** 128 bits from the operating system's generator, so nobody guesses another's intent or token. */
const unguessable = (prefix: string) => `${prefix}${randomBytes(16).toString("base64url")}`

const unavailable = (reason: string) =>
  new PaymentGatewayUnavailable({ provider: SANDBOX_PROVIDER, reason })

const storeUnavailable = (error: { readonly operation: string }) =>
  unavailable(`The sandbox's store failed (${error.operation}).`)

const statusOf = (record: SandboxIntentRecord): IntentStatus =>
  record.status === "Failed"
    ? { status: "Failed", failureDetail: record.failureDetail ?? "Your card was declined." }
    : record.status === "Succeeded"
      ? {
          status: "Succeeded",
          ...(record.cardFingerprint ? { cardFingerprint: record.cardFingerprint } : {}),
          cardFunding: record.cardFunding ?? "Unknown",
        }
      : { status: record.status }

/**
 * The same card always gives the same value and the number cannot be read
 * back from it: an HMAC of its digits under the sandbox's own secret.
 */
export const sandboxCardFingerprint = (secret: string, cardNumber: string): string =>
  createHmac("sha256", secret)
    .update(`card-fingerprint:${cardNumber.replace(/\D/g, "")}`)
    .digest("base64url")
    .slice(0, 22)

const answerOf = (record: SandboxIntentRecord): SandboxConfirmResponseJson =>
  record.status === "Failed"
    ? { status: "Failed", failureDetail: record.failureDetail }
    : { status: "Succeeded", failureDetail: null }

const notificationOf = (record: SandboxIntentRecord): SandboxNotification => ({
  id: record.eventId ?? "",
  type:
    record.status === "Succeeded"
      ? "payment_intent.succeeded"
      : record.failureDetail === cardTexts.cancelled
        ? "payment_intent.canceled"
        : "payment_intent.payment_failed",
  providerReference: record.providerReference,
  status: record.status === "Succeeded" ? "Succeeded" : "Failed",
  failureDetail: record.failureDetail,
  cardFingerprint: record.cardFingerprint ?? null,
  cardFunding: record.cardFunding ?? null,
})

/**
 * The sandbox provider. Deliveries run in the background, as a real
 * provider's webhooks do, on fibers that end with the scope (the server's
 * life), so the card form's answer never waits for the shop's own handler.
 */
export const makeSandboxGateway = (
  options: SandboxGatewayOptions,
): Effect.Effect<SandboxGateway, never, Scope.Scope> =>
  Effect.gen(function* () {
    const { store, secret } = options
    const deliveries = yield* FiberSet.make()
    const attempts = Math.max(1, options.deliveryAttempts ?? 5)
    const retrySchedule = Schedule.exponential(options.deliveryBackoff ?? "1 second").pipe(
      Schedule.intersect(Schedule.recurs(attempts - 1)),
    )

    // Signed afresh on every attempt, as the window is measured from the signature's time.
    const deliverOnce = (rawBody: string) =>
      Effect.gen(function* () {
        const signature = yield* sign(secret, rawBody)
        const response = yield* Effect.tryPromise(() =>
          options.deliver(rawBody, {
            "content-type": "application/json",
            [SANDBOX_SIGNATURE_HEADER]: signature,
          }),
        )
        if (response.status < 200 || response.status > 299) {
          return yield* Effect.fail(new Error(`The shop answered ${response.status}`))
        }
      })

    const notify = (record: SandboxIntentRecord) =>
      deliverOnce(JSON.stringify(notificationOf(record))).pipe(
        Effect.retry(retrySchedule),
        // The browser's return reads intentStatus too, so a lost notification delays nothing for good.
        Effect.catchAll((error) =>
          Effect.logWarning("The sandbox gave up delivering a status notification", {
            providerReference: record.providerReference,
            eventId: record.eventId,
            error: String(error),
          }),
        ),
      )

    const known = (providerReference: string) =>
      store.byReference(providerReference).pipe(
        Effect.mapError(storeUnavailable),
        Effect.flatMap((record) =>
          record === undefined
            ? Effect.fail(unavailable(`The sandbox has no intent ${providerReference}.`))
            : Effect.succeed(record),
        ),
      )

    const gateway: SandboxGateway = {
      provider: SANDBOX_PROVIDER,
      method: "Card",

      deliveriesSettled: FiberSet.awaitEmpty(deliveries),

      createIntent: (request) =>
        Effect.gen(function* () {
          if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
            return yield* unavailable("The amount must be a positive whole number of pence.")
          }
          const record = yield* store
            .create({
              idempotencyKey: request.idempotencyKey,
              providerReference: unguessable("sbx_pi_"),
              clientToken: unguessable("sbx_ct_"),
              orderId: request.orderId,
              amountPence: request.amount,
              creditCardsAllowed: request.creditCardsAllowed,
              creditCardNotice: request.creditCardNotice ?? null,
            })
            .pipe(Effect.mapError(storeUnavailable))
          // As real providers do: a key means one request, so reusing it for another is a bug to surface.
          if (record.orderId !== request.orderId || record.amountPence !== request.amount) {
            return yield* unavailable(
              "The idempotency key was already used for a different order or amount.",
            )
          }
          return { providerReference: record.providerReference, clientToken: record.clientToken }
        }),

      intentStatus: (providerReference) => Effect.map(known(providerReference), statusOf),

      cancelIntent: (providerReference) =>
        Effect.gen(function* () {
          const record = yield* known(providerReference)
          if (record.status !== "Pending") return statusOf(record)
          const eventId = unguessable("sbx_evt_")
          // The same atomic settle as the card form's: a card confirmed a moment
          // earlier wins, and the shop hears it succeeded rather than voided.
          const settled = yield* store
            .settle(providerReference, {
              status: "Failed",
              failureDetail: cardTexts.cancelled,
              eventId,
              settledAt: new Date(yield* Clock.currentTimeMillis),
            })
            .pipe(Effect.mapError(storeUnavailable))
          if (settled.eventId === eventId) yield* FiberSet.run(deliveries, notify(settled))
          return statusOf(settled)
        }),

      refund: (request) =>
        Effect.gen(function* () {
          const record = yield* known(request.providerReference)
          if (record.status !== "Succeeded") {
            return yield* unavailable("Only a succeeded payment can be refunded.")
          }
          if (
            !Number.isSafeInteger(request.amount) ||
            request.amount <= 0 ||
            request.amount > record.amountPence
          ) {
            return yield* unavailable(
              "The refund must be a whole number of pence up to the payment.",
            )
          }
          const refunded = yield* store
            .refund(request.providerReference, {
              refundReference: unguessable("sbx_re_"),
              idempotencyKey: request.idempotencyKey,
              amountPence: request.amount,
              refundedAt: new Date(yield* Clock.currentTimeMillis),
            })
            .pipe(Effect.mapError(storeUnavailable))
          // As real providers do: a second refund under another key finds the money gone.
          if (refunded.refund?.idempotencyKey !== request.idempotencyKey) {
            return yield* unavailable("The payment has already been refunded.")
          }
          return { refundReference: refunded.refund.refundReference }
        }),

      verifyNotification: (rawBody, headers) =>
        Effect.gen(function* () {
          yield* verifySignature({
            secret,
            header: headers[SANDBOX_SIGNATURE_HEADER],
            rawBody,
            toleranceSeconds: options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
          })
          const event = yield* decodeNotification(rawBody).pipe(
            Effect.mapError(
              () => new NotificationRejected({ reason: "The notification's body is malformed." }),
            ),
          )
          const outcome: IntentStatus =
            event.status === "Succeeded"
              ? {
                  status: "Succeeded",
                  ...(event.cardFingerprint ? { cardFingerprint: event.cardFingerprint } : {}),
                  cardFunding: event.cardFunding ?? "Unknown",
                }
              : {
                  status: "Failed",
                  failureDetail: event.failureDetail ?? "Your card was declined.",
                }
          return {
            kind: "IntentStatus" as const,
            providerReference: event.providerReference,
            eventId: event.id,
            outcome,
          }
        }),

      confirm: (request) =>
        Effect.gen(function* () {
          const record = yield* store
            .byClientToken(request.clientToken)
            .pipe(Effect.mapError(storeUnavailable))
          if (record === undefined) return yield* new UnknownClientToken()
          if (record.status !== "Pending") return answerOf(record)
          const now = new Date(yield* Clock.currentTimeMillis)
          const judgement = judgeCard(request, now)
          if (judgement.kind === "Invalid") {
            return { status: "Failed", failureDetail: judgement.failureDetail } as const
          }
          const eventId = unguessable("sbx_evt_")
          // As an operator's rule at a real provider would (decision 0042): a
          // credit card on an intent the shop said none may pay is declined,
          // in the shop's words, before any money moves.
          const refusedCredit =
            judgement.kind === "Succeeded" &&
            judgement.funding === "Credit" &&
            record.creditCardsAllowed === false
          const paid = judgement.kind === "Succeeded" && !refusedCredit
          const settled = yield* store
            .settle(record.providerReference, {
              status: paid ? "Succeeded" : "Failed",
              failureDetail:
                judgement.kind === "Declined"
                  ? judgement.failureDetail
                  : refusedCredit
                    ? (record.creditCardNotice ?? creditCardTexts.instantWin)
                    : null,
              eventId,
              settledAt: now,
              cardFingerprint: paid ? sandboxCardFingerprint(secret, request.cardNumber) : null,
              cardFunding: paid ? judgement.funding : null,
            })
            .pipe(Effect.mapError(storeUnavailable))
          // Only the confirm that settled the intent notifies; a racing one just answers.
          if (settled.eventId === eventId) yield* FiberSet.run(deliveries, notify(settled))
          return answerOf(settled)
        }),
    }
    return gateway
  })
