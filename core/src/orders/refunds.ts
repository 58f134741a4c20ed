import { Clock, Effect } from "effect"
import { PaymentGateway } from "../ports/payment-gateway"
import { type PaymentRefund, PaymentRepo } from "../ports/payments"

/** One key per payment: however often and by whoever it is tried, the provider refunds once. */
export const refundIdempotencyKey = (paymentId: string) => `refund:${paymentId}`

/** How many due refunds one retry pass tries; the next pass takes the rest. */
export const REFUND_BATCH = 100

const now = Effect.map(Clock.currentTimeMillis, (millis) => new Date(millis))

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
  const gateway = yield* PaymentGateway

  const failed = (refund: PaymentRefund, reason: string) =>
    Effect.gen(function* () {
      yield* payments.refundAttemptFailed(refund.paymentId, reason, yield* now)
      yield* Effect.logWarning("refund not made yet; it stays due and is tried again", {
        paymentId: refund.paymentId,
        orderId: refund.orderId,
        reason,
      })
    })

  const attempt = (refund: PaymentRefund) =>
    Effect.gen(function* () {
      if (refund.status !== "Due") return
      // Another provider took this payment (the shop switched since): this one cannot return it.
      if (refund.provider !== gateway.provider) {
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
          Effect.catchTag("PaymentGatewayUnavailable", (error) => failed(refund, error.reason)),
        )
    })

  return {
    /** Asks the provider for each due refund; one that fails stays due. */
    attemptAll: (refunds: readonly PaymentRefund[]) =>
      Effect.forEach(refunds, attempt, { discard: true }),
    /** The retry pass: the oldest due refunds, each tried once more. */
    retryDue: (limit = REFUND_BATCH) =>
      Effect.flatMap(payments.refundsDue(limit), (due) =>
        Effect.forEach(due, attempt, { discard: true }),
      ),
  }
})
