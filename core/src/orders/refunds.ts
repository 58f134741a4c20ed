import { Effect } from "effect"
import { now } from "../ports/clock.js"
import { PaymentGateways } from "../ports/payment-gateway.js"
import { type PaymentRefund, PaymentRepo } from "../ports/payments.js"
import { ShopMetrics } from "../ports/shop-metrics.js"
import { retryDelayMs } from "../rules/backoff.js"
import { gatewayOf } from "./gateways.js"

/** One key per payment: however often and by whoever it is tried, the provider refunds once. */
export const refundIdempotencyKey = (paymentId: string) => `refund:${paymentId}`

/** How many due refunds one retry pass tries; the next pass takes the rest. */
export const REFUND_BATCH = 100

/** However long a refund has failed, it is tried at least this often. */
export const LONGEST_REFUND_RETRY_MS = 6 * 60 * 60_000

/** How long to wait after a refund's n-th failed attempt: a minute, doubling, at most six hours. */
export const refundRetryDelayMs = (failedAttempts: number): number =>
  retryDelayMs(failedAttempts, LONGEST_REFUND_RETRY_MS)

/**
 * Giving money back (docs/decisions/0011). A refund is recorded as due in
 * the transaction that found the money was taken for nothing, and only
 * then asked of the provider, outside any transaction: no row lock waits on
 * a provider, and a provider that cannot be reached leaves the refund due,
 * with the reason, for the retry pass. Nothing is lost and nothing is
 * refunded twice (one idempotency key per payment; the record closes once).
 */
export const makeRefunding = Effect.gen(function* () {
  const payments = yield* PaymentRepo
  const gateways = yield* PaymentGateways
  const metrics = yield* ShopMetrics
  const counted = (refund: PaymentRefund, outcome: "Made" | "Failed") =>
    Effect.sync(() =>
      metrics.count({ kind: "Refund", provider: refund.provider, outcome, amount: refund.amount }),
    )

  const failed = (refund: PaymentRefund, reason: string) =>
    Effect.gen(function* () {
      yield* counted(refund, "Failed")
      const at = yield* now
      const retryAt = new Date(at.getTime() + refundRetryDelayMs(refund.attempts + 1))
      yield* payments.refundAttemptFailed(refund.paymentId, { error: reason, at, retryAt })
      yield* Effect.logWarning("refund not made yet; it stays due and is tried again", {
        paymentId: refund.paymentId,
        orderId: refund.orderId,
        reason,
        retryAt: retryAt.toISOString(),
      })
    })

  const attempt = (refund: PaymentRefund) =>
    Effect.gen(function* () {
      if (refund.status !== "Due") return
      // The provider that took the payment gives it back; one the shop no longer has cannot.
      const gateway = gatewayOf(gateways, refund.provider)
      if (gateway === undefined) {
        return yield* failed(refund, `The payment was taken by ${refund.provider}.`)
      }
      yield* gateway
        .refund({
          providerReference: refund.providerReference,
          amount: refund.amount,
          idempotencyKey: refundIdempotencyKey(refund.paymentId),
        })
        .pipe(
          Effect.flatMap((given) =>
            Effect.flatMap(now, (at) =>
              payments.refunded(refund.paymentId, given.refundReference, at),
            ),
          ),
          Effect.zipLeft(counted(refund, "Made")),
          Effect.catchTag("PaymentGatewayUnavailable", (error) => failed(refund, error.reason)),
        )
    })

  return {
    /** Asks the provider for each due refund; one that fails stays due. */
    attemptAll: (refunds: readonly PaymentRefund[]) =>
      Effect.forEach(refunds, attempt, { discard: true }),
    /** The retry pass: due refunds whose time has come, each tried once more. */
    retryDue: (limit = REFUND_BATCH) =>
      Effect.flatMap(now, (at) =>
        Effect.flatMap(payments.refundsDue(at, limit), (due) =>
          Effect.forEach(due, attempt, { discard: true }),
        ),
      ),
  }
})
