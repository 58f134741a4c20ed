import { Effect } from "effect"
import { now } from "../ports/clock.js"
import { type DueOrder, OrderRepo } from "../ports/orders.js"
import { PaymentGateways } from "../ports/payment-gateway.js"
import { type OpenIntent, PaymentRepo } from "../ports/payments.js"
import { retryDelayMs } from "../rules/backoff.js"
import { OrderStatus } from "../rules/order-status.js"
import type { makeSettlement } from "./settlement.js"

/** How many due orders one expiry pass looks at; the next pass takes the rest. */
export const EXPIRY_BATCH = 100

/**
 * However long the provider keeps an order (or a closed order's intent) from
 * settling, the expiry pass asks again at least this often: an unpaid
 * order's tickets are held meanwhile, so not for hours as a refund may wait.
 */
export const LONGEST_EXPIRY_RETRY_MS = 15 * 60_000

type Settlement = Effect.Effect.Success<typeof makeSettlement>

/**
 * The expiry job's pass (docs/decisions/0008, 0011): unpaid orders past
 * their time, intents left open on closed orders, refunds still due. What
 * the provider will not settle now (an intent mid-processing, a provider
 * that cannot be reached) is put off with a growing delay and waits behind
 * what became due meanwhile, so a few stuck orders never take every pass's
 * batch from the rest.
 */
export const makeExpiry = (settlement: Settlement) =>
  Effect.gen(function* () {
    const orders = yield* OrderRepo
    const payments = yield* PaymentRepo
    const gateways = yield* PaymentGateways
    const { cancelOrder, ask, voidOpenIntents, voidLeftovers, retryRefunds } = settlement

    const retryAfter = (failedAttempts: number) =>
      Effect.map(
        now,
        (at) => new Date(at.getTime() + retryDelayMs(failedAttempts, LONGEST_EXPIRY_RETRY_MS)),
      )

    const putOffOrder = ({ orderId, expiryAttempts }: DueOrder, reason: string) =>
      Effect.gen(function* () {
        const retryAt = yield* retryAfter(expiryAttempts + 1)
        yield* orders.expiryPutOff(orderId, retryAt)
        yield* Effect.logWarning(
          "expiry: the order cannot be settled yet; it is tried again later",
          {
            orderId,
            reason,
            attempts: expiryAttempts + 1,
            retryAt: retryAt.toISOString(),
          },
        )
        return [] as readonly string[]
      })

    /**
     * Settles one due order: its intents are voided, and a payment the
     * provider confirms completes it; otherwise it is cancelled and its
     * tickets and site credit go back.
     */
    const expireOne = (due: DueOrder) =>
      Effect.gen(function* () {
        const { orderId } = due
        const voided = yield* voidOpenIntents(orderId)
        if (voided.stillOpen) return yield* putOffOrder(due, "A payment is still being processed.")
        if ((yield* orders.byId(orderId)).status === OrderStatus.Completed) return []
        yield* cancelOrder(orderId, OrderStatus.SystemCancelled)
        yield* voidLeftovers(orderId)
        return [orderId]
      }).pipe(
        Effect.catchTags({
          OrderTransitionRefused: () => Effect.succeed([]),
          OrderNotFound: () => Effect.succeed([]),
          PaymentGatewayUnavailable: (error) => putOffOrder(due, error.reason),
        }),
      )

    const putOffVoid = ({ payment, voidAttempts }: OpenIntent, reason: string) =>
      Effect.gen(function* () {
        const retryAt = yield* retryAfter(voidAttempts + 1)
        yield* payments.voidPutOff(payment.id, retryAt)
        yield* Effect.logWarning("sweep: an intent of a closed order is still open", {
          orderId: payment.orderId,
          paymentId: payment.id,
          reason,
          attempts: voidAttempts + 1,
          retryAt: retryAt.toISOString(),
        })
      })

    /** Intents left open on closed orders (a void that could not reach the provider), provider by provider. */
    const sweepClosedOrders = (limit: number) =>
      Effect.forEach(gateways.offered, (gateway) => sweepProvider(gateway.provider, limit), {
        discard: true,
      })

    const sweepProvider = (provider: string, limit: number) =>
      Effect.gen(function* () {
        const open = yield* payments.pendingOnClosedOrders(provider, yield* now, limit)
        yield* Effect.forEach(
          open,
          (intent) =>
            ask([intent.payment], "void").pipe(
              Effect.flatMap(({ stillOpen }) =>
                stillOpen ? putOffVoid(intent, "A payment is still being processed.") : Effect.void,
              ),
              Effect.catchTags({
                PaymentGatewayUnavailable: (error) => putOffVoid(intent, error.reason),
                OrderNotFound: () => Effect.void,
                OrderTransitionRefused: () => Effect.void,
              }),
            ),
          { discard: true },
        )
      })

    /**
     * One pass: due orders settled each on its own, then intents left open
     * on closed orders voided, then refunds still due tried again. Several
     * processes passing at once are safe: the status machine lets one move
     * each order, and refunds are idempotent.
     */
    const expireDue = (limit = EXPIRY_BATCH) =>
      Effect.gen(function* () {
        const due = yield* orders.dueForExpiry(yield* now, limit)
        const expired = yield* Effect.forEach(due, expireOne)
        yield* sweepClosedOrders(limit)
        yield* retryRefunds(limit)
        return expired.flat()
      })

    return { expireDue }
  })
