import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, FastCheck as fc, Layer, TestClock, TestContext } from "effect"
import type { Principal } from "../accounts/model.js"
import { Baskets } from "../orders/baskets.js"
import { Checkout } from "../orders/checkout.js"
import { checkoutDoublesOver } from "../orders/checkout-doubles.js"
import {
  addOrderCustomer,
  emptyOrderStore,
  type OrderStore,
  sampleCompetition,
} from "../orders/test-doubles.js"
import { pence } from "../rules/money.js"
import { OrderStatus } from "../rules/order-status.js"
import { COOLING_OFF_MS, type SpendLimitSetting, UNANSWERED } from "../rules/spend-limits.js"
import { type SpendLimitDoubleState, spendLimitState } from "./spend-limit-doubles.js"
import { SpendLimitInvalid, SpendLimitReached, SpendLimitUnanswered } from "./spend-limit-errors.js"
import { SpendLimits } from "./spend-limits.js"

const NOW = Date.parse("2026-06-15T12:00:00Z")
const ANN = "customer-ann"
const BOB = "customer-bob"
const car = sampleCompetition({
  id: "car",
  name: "A car",
  ticketPrice: pence(250),
  totalTickets: 1000,
  maxTicketsPerCustomer: 1000,
})
const ann: Principal = {
  userId: "u-ann",
  role: "Customer",
  customerId: ANN,
  email: "a@x",
  name: "Ann",
}

const limitOf = (amount: number): SpendLimitSetting => ({
  current: { kind: "Amount", amount: pence(amount) },
  pending: null,
})

const setUp = (settings: Record<string, SpendLimitSetting> = {}) => {
  const store = emptyOrderStore()
  addOrderCustomer(store, ANN)
  store.competitions.set(car.id, car)
  const state = spendLimitState()
  for (const [customerId, setting] of Object.entries(settings))
    state.settings.set(customerId, setting)
  return { store, state }
}

const run = <A, E>(
  { store, state }: { store: OrderStore; state: SpendLimitDoubleState },
  test: Effect.Effect<A, E, Baskets | Checkout | SpendLimits>,
) =>
  Effect.provide(
    Effect.zipRight(TestClock.setTime(NOW), test),
    Layer.mergeAll(Baskets.Default, Checkout.Default, SpendLimits.Default).pipe(
      Layer.provide(checkoutDoublesOver(store, state)),
    ),
  )

/** A basket of `tickets` tickets for the car, checked out by `customerId`. */
const buy = (tickets: number, customerId = ANN) =>
  Effect.gen(function* () {
    const baskets = yield* Baskets
    const { id } = yield* baskets.create(customerId)
    yield* baskets.addItem(id, car.id, tickets, customerId)
    return yield* (yield* Checkout).checkout(id, customerId)
  })

describe("checkout under a monthly spend limit", () => {
  it.effect("refuses any order at £0: no order, no tickets, and the refusal is logged", () => {
    const world = setUp({ [ANN]: limitOf(0) })
    return run(
      world,
      Effect.gen(function* () {
        const refused = yield* Effect.flip(buy(3))
        expect(refused).toEqual(
          new SpendLimitReached({
            customerId: ANN,
            limit: pence(0),
            spent: pence(0),
            order: pence(750),
            left: pence(0),
          }),
        )
        expect(world.store.orders.size).toBe(0)
        expect(world.store.competitions.get(car.id)?.ticketsSoldToDate).toBe(0)
        // Recorded after the rollback: inside the transaction it would be gone.
        expect(world.state.events.map((e) => [e.kind, e.detail])).toEqual([
          ["SpendLimitReached", { limit: 0, spent: 0, order: 750, left: 0 }],
        ])
      }),
    )
  })

  it.effect("counts unpaid and paid orders of the month, not cancelled ones", () => {
    const world = setUp({ [ANN]: limitOf(1000) })
    return run(
      world,
      Effect.gen(function* () {
        const first = yield* buy(3)
        const refused = yield* Effect.flip(buy(2))
        expect(refused).toMatchObject({ _tag: "SpendLimitReached", spent: 750, left: 250 })
        world.store.orders.set(first.order.id, { ...first.order, status: OrderStatus.Cancelled })
        const second = yield* buy(2)
        expect(second.order.orderTotal).toBe(500)
      }),
    )
  })

  it.effect("starts again in a new London month", () => {
    const world = setUp({ [ANN]: limitOf(1000) })
    return run(
      world,
      Effect.gen(function* () {
        // 23:30 UTC on 30th June is 00:30 on 1st July in London.
        yield* TestClock.setTime(Date.parse("2026-06-30T22:30:00Z"))
        yield* buy(4)
        yield* TestClock.setTime(Date.parse("2026-06-30T23:30:00Z"))
        const july = yield* buy(4)
        expect(july.order.status).toBe(OrderStatus.AwaitingPayment)
      }),
    )
  })

  it.effect("asks a returning customer who never answered, and no one else", () => {
    const world = setUp({ [ANN]: UNANSWERED })
    return run(
      world,
      Effect.gen(function* () {
        const first = yield* buy(1)
        world.store.orders.set(first.order.id, { ...first.order, status: OrderStatus.Completed })
        expect(yield* Effect.flip(buy(1))).toEqual(
          new SpendLimitUnanswered({ customerId: ANN, before: "Checkout" }),
        )
        yield* (yield* SpendLimits).change(ann, ANN, { kind: "NoLimit" })
        expect((yield* buy(1)).created).toBe(true)
      }),
    )
  })

  it.effect(
    "asks first before a first order that site credit pays in full, placing nothing",
    () => {
      const world = setUp({ [ANN]: UNANSWERED })
      world.store.ledger.push({
        customerId: ANN,
        orderId: null,
        amount: pence(1000),
        reason: "Grant",
        description: "A goodwill credit",
      })
      return run(
        world,
        Effect.gen(function* () {
          const baskets = yield* Baskets
          const { id } = yield* baskets.create(ANN)
          yield* baskets.addItem(id, car.id, 2, ANN)
          yield* baskets.setExtras(id, { autoRoundup: false, siteCreditRequested: pence(500) }, ANN)
          const checkout = yield* Checkout
          expect(yield* Effect.flip(checkout.checkout(id, ANN))).toEqual(
            new SpendLimitUnanswered({ customerId: ANN, before: "Checkout" }),
          )
          expect(world.store.orders.size).toBe(0)
          yield* (yield* SpendLimits).change(ann, ANN, { kind: "Amount", amount: pence(5000) })
          expect((yield* checkout.checkout(id, ANN)).order.status).toBe(OrderStatus.Completed)
        }),
      )
    },
  )

  it.effect("lets a first order that a card pays be placed: the payment asks", () => {
    const world = setUp({ [ANN]: UNANSWERED })
    return run(
      world,
      Effect.gen(function* () {
        expect((yield* buy(1)).order.status).toBe(OrderStatus.AwaitingPayment)
      }),
    )
  })

  it.effect("property: orders let through in a month never total more than the limit", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 4000 }),
          fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 8 }),
          async (limit, baskets) => {
            const world = setUp({ [ANN]: limitOf(limit) })
            await Effect.runPromise(
              run(
                world,
                Effect.forEach(baskets, (tickets) => Effect.either(buy(tickets))),
              ).pipe(Effect.provide(TestContext.TestContext)),
            )
            const committed = [...world.store.orders.values()].reduce(
              (sum, order) => sum + order.orderTotal,
              0,
            )
            expect(committed).toBeLessThanOrEqual(limit)
            const refusals = world.state.events.filter((e) => e.kind === "SpendLimitReached")
            expect(refusals.length + world.store.orders.size).toBe(baskets.length)
          },
        ),
        { numRuns: 40 },
      ),
    ),
  )
})

describe("SpendLimits", () => {
  it.effect("lowers at once, makes a raise wait 24 hours, and records every change", () => {
    const world = setUp({ [ANN]: limitOf(5000) })
    return run(
      world,
      Effect.gen(function* () {
        const limits = yield* SpendLimits
        const raised = yield* limits.change(ann, ANN, { kind: "NoLimit" })
        expect(raised.limit).toEqual({ kind: "Amount", amount: 5000 })
        expect(raised.pending?.appliesAt).toEqual(new Date(NOW + COOLING_OFF_MS))
        yield* TestClock.adjust(COOLING_OFF_MS)
        expect((yield* limits.summary(ann, ANN)).limit).toEqual({ kind: "NoLimit" })
        const lowered = yield* limits.change(ann, ANN, { kind: "Amount", amount: pence(0) })
        expect([lowered.limit, lowered.pending, lowered.leftThisMonth]).toEqual([
          { kind: "Amount", amount: 0 },
          null,
          0,
        ])
        expect(world.state.history.map((c) => c.to)).toEqual([
          { kind: "NoLimit" },
          { kind: "Amount", amount: 0 },
        ])
        expect(world.state.events.filter((e) => e.kind === "SpendLimitChanged")).toHaveLength(2)
      }),
    )
  })

  it.effect("shows the month's spend and what is left", () => {
    const world = setUp({ [ANN]: limitOf(2000) })
    return run(
      world,
      Effect.gen(function* () {
        yield* buy(3)
        const summary = yield* (yield* SpendLimits).summary(ann, ANN)
        expect([summary.spentThisMonth, summary.leftThisMonth]).toEqual([750, 1250])
      }),
    )
  })

  it.effect("is the customer's own: another's id is not found, a bad amount is refused", () => {
    const world = setUp()
    return run(
      world,
      Effect.gen(function* () {
        const limits = yield* SpendLimits
        const other = yield* Effect.either(limits.summary(ann, BOB))
        expect(Either.isLeft(other) && other.left._tag).toBe("CustomerNotFound")
        const changed = yield* Effect.either(limits.change(ann, BOB, { kind: "NoLimit" }))
        expect(Either.isLeft(changed) && changed.left._tag).toBe("CustomerNotFound")
        const bad = yield* Effect.flip(
          limits.change(ann, ANN, { kind: "Amount", amount: pence(-1) }),
        )
        expect(bad).toBeInstanceOf(SpendLimitInvalid)
        expect(world.state.history).toEqual([])
      }),
    )
  })
})
