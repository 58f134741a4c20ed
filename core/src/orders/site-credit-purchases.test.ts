import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, FastCheck as fc, Layer, TestClock, TestContext } from "effect"
import type { Principal } from "../accounts/model.js"
import { BasketRepo } from "../ports/orders.js"
import { AgeNotVerified } from "../responsible-play/standing-errors.js"
import { pence } from "../rules/money.js"
import {
  MAXIMUM_SITE_CREDIT_PURCHASE,
  MINIMUM_SITE_CREDIT_PURCHASE,
} from "../rules/site-credit-purchase.js"
import { Baskets } from "./baskets.js"
import { Checkout } from "./checkout.js"
import { checkoutDoublesOver } from "./checkout-doubles.js"
import {
  ANN,
  awaitingOrder,
  notificationFor,
  orderStatusOf,
  PAYMENTS_NOW,
  type PaymentStore,
  runPayments as run,
  setIntentOutcome,
  setUpPayments as setUp,
} from "./payment-doubles.js"
import { Payments } from "./payments.js"
import { siteCreditBalanceOf } from "./site-credit-doubles.js"
import { SiteCreditPolicy } from "./site-credit-policy.js"
import { SiteCreditPurchases } from "./site-credit-purchases.js"
import { addOrderCustomer, emptyOrderStore, type OrderStore } from "./test-doubles.js"

const NOON = Date.parse("2026-06-15T12:00:00Z")

const buying = <A, E>(store: OrderStore, test: Effect.Effect<A, E, SiteCreditPurchases>) =>
  Effect.provide(
    Effect.zipRight(TestClock.setTime(NOON), test),
    SiteCreditPurchases.Default.pipe(
      Layer.provide(Baskets.Default),
      Layer.provide(checkoutDoublesOver(store)),
    ),
  )

const STAFF: Principal = { ...ANN, userId: "user-staff", role: "Admin", customerId: null }

describe("buying site credit", () => {
  it.effect("makes an order of one credit item awaiting its card payment; no credit yet", () => {
    const store = emptyOrderStore()
    return buying(
      store,
      Effect.gen(function* () {
        const order = yield* (yield* SiteCreditPurchases).buy(ANN, ANN.customerId!, 500)
        expect(order).toMatchObject({
          customerId: ANN.customerId,
          status: "AwaitingPayment",
          lines: [],
          creditItems: [{ description: "Howzat Credit", lineTotal: 500 }],
          itemTotal: 0,
          discountTotal: 0,
          donation: 0,
          siteCreditDebit: 0,
          orderTotal: 500,
          expiresAt: new Date(NOON + 15 * 60_000),
        })
        // Its basket is its own and checked out with it: the customer's basket is untouched.
        expect(store.baskets.get(order.basketId)).toMatchObject({
          customerId: ANN.customerId,
          items: [],
          orderId: order.id,
        })
        expect(store.ledger).toEqual([])
        expect(store.mail).toEqual([])
      }),
    )
  })

  it.effect("refused for a customer who is not verified 18+, with no order made (0043)", () => {
    const store = emptyOrderStore()
    const customerId = ANN.customerId as string
    const refusal = new AgeNotVerified({ customerId, outcome: "Refused", reason: "Under 18" })
    store.purchaseRefusals = new Map([[customerId, refusal]])
    return buying(
      store,
      Effect.gen(function* () {
        const refused = yield* Effect.either((yield* SiteCreditPurchases).buy(ANN, customerId, 500))
        expect(Either.isLeft(refused) && refused.left).toBe(refusal)
        expect(store.orders.size).toBe(0)
        expect(store.baskets.size).toBe(0)
      }),
    )
  })

  it.effect(
    "only for the signed-in customer themselves: anyone else's account is not found",
    () => {
      const store = emptyOrderStore()
      return buying(
        store,
        Effect.gen(function* () {
          const purchases = yield* SiteCreditPurchases
          for (const principal of [{ ...ANN, customerId: "customer-bob" }, STAFF]) {
            const refused = yield* Effect.flip(purchases.buy(principal, ANN.customerId!, 500))
            expect(refused._tag).toBe("CustomerNotFound")
          }
          expect(store.orders.size).toBe(0)
        }),
      )
    },
  )

  it.effect("refuses an amount below £1.00, above £1,000 or not in whole pence", () => {
    const store = emptyOrderStore()
    return buying(
      store,
      Effect.gen(function* () {
        const purchases = yield* SiteCreditPurchases
        for (const [amount, refusal] of [
          [99, "BelowMinimum"],
          [0, "BelowMinimum"],
          [-500, "BelowMinimum"],
          [100_001, "AboveMaximum"],
          [150.5, "NotWholePence"],
          [Number.NaN, "NotWholePence"],
        ] as const) {
          const refused = yield* Effect.flip(purchases.buy(ANN, ANN.customerId!, amount))
          expect(refused).toMatchObject({ _tag: "SiteCreditAmountInvalid", refusal })
        }
        expect(store.orders.size).toBe(0)
      }),
    )
  })

  it.effect.prop(
    "accepts exactly the whole amounts from £1.00 to £1,000",
    [fc.integer({ min: -1_000, max: 200_000 })],
    ([amount]) => {
      const store = emptyOrderStore()
      return buying(
        store,
        Effect.gen(function* () {
          const bought = yield* Effect.either(
            (yield* SiteCreditPurchases).buy(ANN, ANN.customerId!, amount),
          )
          const allowed =
            amount >= MINIMUM_SITE_CREDIT_PURCHASE && amount <= MAXIMUM_SITE_CREDIT_PURCHASE
          expect(Either.isRight(bought)).toBe(allowed)
          expect(store.orders.size).toBe(allowed ? 1 : 0)
        }),
      )
    },
    { fastCheck: { numRuns: 60 } },
  )
})

/** The same services for a brand that defers the purchase to the basket, with checkout. */
const deferred = <A, E>(
  store: OrderStore,
  test: Effect.Effect<A, E, SiteCreditPurchases | Checkout>,
) =>
  Effect.provide(
    Effect.zipRight(TestClock.setTime(NOON), test),
    Layer.mergeAll(
      SiteCreditPurchases.Default.pipe(Layer.provide(Baskets.Default)),
      Checkout.Default,
    ).pipe(
      Layer.provide(checkoutDoublesOver(store)),
      Layer.provide(Layer.succeed(SiteCreditPolicy, { deferredPurchase: true })),
    ),
  )

describe("site credit in the basket (deferred purchase)", () => {
  it.effect("is refused while the brand buys credit on its own, changing nothing", () => {
    const store = emptyOrderStore()
    return buying(
      store,
      Effect.gen(function* () {
        const basket = yield* Effect.flatMap(BasketRepo, (repo) => repo.create(ANN.customerId))
        const refused = yield* Effect.flip(
          (yield* SiteCreditPurchases).addToBasket(basket.id, 500, ANN.customerId),
        )
        expect(refused._tag).toBe("DeferredSiteCreditPurchaseOff")
        expect(store.baskets.get(basket.id)?.siteCreditPurchase).toBe(0)
      }).pipe(Effect.provide(checkoutDoublesOver(store))),
    )
  })

  it.effect("when on, the basket buys it and its checkout orders it, to pay by card", () => {
    const store = emptyOrderStore()
    // Credit she holds cannot pay for credit she buys.
    addOrderCustomer(store, ANN.customerId!, pence(2000))
    return deferred(
      store,
      Effect.gen(function* () {
        const basket = yield* Effect.flatMap(BasketRepo, (repo) => repo.create(ANN.customerId))
        const purchases = yield* SiteCreditPurchases
        const refused = yield* Effect.flip(purchases.addToBasket(basket.id, 50, ANN.customerId))
        expect(refused._tag).toBe("SiteCreditAmountInvalid")
        const notHers = yield* Effect.flip(purchases.addToBasket(basket.id, 500, "customer-bob"))
        expect(notHers._tag).toBe("BasketNotFound")

        yield* Effect.flatMap(BasketRepo, (repo) =>
          repo.setExtras(
            { basketId: basket.id, owner: ANN.customerId },
            { autoRoundup: false, siteCreditRequested: pence(2000) },
          ),
        )
        const view = yield* purchases.addToBasket(basket.id, 700, ANN.customerId)
        expect(view.siteCreditItems).toEqual([{ description: "Howzat Credit", lineTotal: 700 }])
        expect(view.totals).toMatchObject({ itemTotal: 700, basketTotal: 700, siteCreditDebit: 0 })

        const { order } = yield* (yield* Checkout).checkout(basket.id, ANN.customerId!)
        expect(order).toMatchObject({
          status: "AwaitingPayment",
          lines: [],
          creditItems: [{ description: "Howzat Credit", lineTotal: 700 }],
          orderTotal: 700,
          siteCreditDebit: 0,
        })
        expect(siteCreditBalanceOf(store, ANN.customerId!)).toBe(2000)
        const late = yield* Effect.flip(purchases.addToBasket(basket.id, 500, ANN.customerId))
        expect(late._tag).toBe("BasketCheckedOut")
      }).pipe(Effect.provide(checkoutDoublesOver(store))),
    )
  })
})

const creditOrder = () =>
  awaitingOrder({
    itemTotal: pence(0),
    orderTotal: pence(500),
    creditItems: [{ description: "Howzat Credit", lineTotal: pence(500) }],
  })

const purchases = (store: PaymentStore) => store.ledger.filter((e) => e.reason === "Purchase")

describe("paying for site credit", () => {
  it.effect("credits the ledger once, when the card payment succeeds, whoever reports it", () => {
    const order = creditOrder()
    const store = setUp(order)
    return run(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        const started = yield* payments.startPayment(ANN, order.id)
        const reference = started.payments[0]!.providerReference
        expect(yield* Effect.either(payments.complete(ANN, order.id))).toMatchObject({
          _tag: "Left",
        })
        expect(purchases(store)).toEqual([])

        setIntentOutcome(store, reference, "Succeeded")
        const event = notificationFor(reference, "evt-1", { status: "Succeeded" })
        yield* payments.handleNotification(...event)
        yield* payments.complete(ANN, order.id)
        yield* payments.handleNotification(...event)
        yield* payments.handleNotification(
          ...notificationFor(reference, "evt-2", { status: "Succeeded" }),
        )
        yield* payments.complete(ANN, order.id)

        expect(orderStatusOf(store, order.id)).toBe("Completed")
        expect(purchases(store)).toEqual([
          {
            customerId: ANN.customerId,
            orderId: order.id,
            amount: 500,
            reason: "Purchase",
            description: `Bought Howzat Credit (order ${order.orderRef})`,
            at: new Date(PAYMENTS_NOW),
          },
        ])
        expect(siteCreditBalanceOf(store, ANN.customerId!)).toBe(500)
        // The confirmation speaks of credit, not tickets.
        const [confirmation] = store.mail
        expect(store.mail).toHaveLength(1)
        expect(confirmation?.text).toContain(
          "£5.00 of Howzat Credit has been added to your account",
        )
        expect(confirmation?.text).not.toContain("tickets")
      }),
    )
  })

  it.effect("credits nothing for a declined payment, a cancel or an expiry", () => {
    const declined = creditOrder()
    const cancelled = creditOrder()
    const expired = creditOrder()
    const store = setUp(declined, cancelled, expired)
    return run(
      store,
      Effect.gen(function* () {
        const payments = yield* Payments
        const started = yield* payments.startPayment(ANN, declined.id)
        setIntentOutcome(store, started.payments[0]!.providerReference, "Declined")
        yield* Effect.either(payments.complete(ANN, declined.id))
        yield* payments.startPayment(ANN, cancelled.id)
        yield* payments.cancel(ANN, cancelled.id)
        yield* TestClock.setTime(expired.expiresAt.getTime() + 1)
        yield* payments.expireDue()

        expect(orderStatusOf(store, declined.id)).toBe("SystemCancelled")
        expect(orderStatusOf(store, cancelled.id)).toBe("Cancelled")
        expect(orderStatusOf(store, expired.id)).toBe("SystemCancelled")
        expect(store.ledger).toEqual([])
        expect(store.mail).toEqual([])
      }),
    )
  })

  type Step =
    | "start"
    | "card"
    | "decline"
    | "notify"
    | "return"
    | "cancel"
    | "expire"
    | "down"
    | "up"
  const steps = fc.array(
    fc.constantFrom<Step>(
      "start",
      "card",
      "decline",
      "notify",
      "return",
      "cancel",
      "expire",
      "down",
      "up",
    ),
    { minLength: 1, maxLength: 12 },
  )

  it.effect(
    "whatever the interleaving of payments and completions, the credit lands at most once, and only for a paid order",
    () =>
      Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(steps, async (plan) => {
            const order = creditOrder()
            const store = setUp(order)
            const notifyAll = (payments: Payments) =>
              Effect.forEach(
                [...store.intents].filter(([, status]) => status.status !== "Pending"),
                ([reference, outcome]) =>
                  Effect.either(
                    payments.handleNotification(
                      ...notificationFor(reference, `evt-${reference}-${outcome.status}`, outcome),
                    ),
                  ),
              )
            await Effect.runPromise(
              run(
                store,
                Effect.gen(function* () {
                  const payments = yield* Payments
                  for (const step of plan) {
                    const latest = [...store.intents]
                      .filter(([, s]) => s.status === "Pending")
                      .at(-1)?.[0]
                    // A step may be refused (a closed order, the provider down): that is its answer.
                    if (step === "start") yield* Effect.either(payments.startPayment(ANN, order.id))
                    else if (step === "card" && latest) setIntentOutcome(store, latest, "Succeeded")
                    else if (step === "decline" && latest)
                      setIntentOutcome(store, latest, "Declined")
                    else if (step === "notify") yield* notifyAll(payments)
                    else if (step === "return")
                      yield* Effect.either(payments.complete(ANN, order.id))
                    else if (step === "cancel") yield* Effect.either(payments.cancel(ANN, order.id))
                    else if (step === "down") store.gatewayDown = true
                    else if (step === "up") store.gatewayDown = false
                    else if (step === "expire") {
                      yield* TestClock.setTime(order.expiresAt.getTime() + 1)
                      yield* Effect.either(payments.expireDue())
                    }
                    expect(purchases(store).length).toBeLessThanOrEqual(1)
                  }
                  // Everything the provider knows arrives in the end.
                  store.gatewayDown = false
                  yield* notifyAll(payments)
                  yield* Effect.either(payments.complete(ANN, order.id))
                }),
              ).pipe(Effect.provide(TestContext.TestContext)),
            )
            const paid = [...store.intents].some(([, status]) => status.status === "Succeeded")
            const completed = orderStatusOf(store, order.id) === "Completed"
            expect(purchases(store)).toHaveLength(completed ? 1 : 0)
            if (completed) {
              expect(paid).toBe(true)
              expect(siteCreditBalanceOf(store, ANN.customerId!)).toBe(500)
            } else {
              expect(siteCreditBalanceOf(store, ANN.customerId!)).toBe(0)
            }
          }),
          { numRuns: 200 },
        ),
      ),
  )
})
