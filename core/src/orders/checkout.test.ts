import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, FastCheck as fc, Layer, TestClock, TestContext } from "effect"
import { AccountNotInGoodStanding } from "../responsible-play/standing-errors.js"
import { pence } from "../rules/money.js"
import { messages } from "../rules/validation.js"
import { Baskets } from "./baskets.js"
import { Checkout } from "./checkout.js"
import { checkoutDoublesOver } from "./checkout-doubles.js"
import { BasketNotFound, CheckoutDetailsInvalid } from "./errors.js"
import type { Basket } from "./model.js"
import {
  addOrderCustomer,
  emptyOrderStore,
  type OrderStore,
  sampleCompetition,
  samplePromotion,
} from "./test-doubles.js"

const NOW = Date.parse("2026-06-15T12:00:00Z")
const ANN = "customer-ann"
const BOB = "customer-bob"

const setUp = (prepare: (store: OrderStore) => void = () => {}) => {
  const store = emptyOrderStore()
  addOrderCustomer(store, ANN)
  addOrderCustomer(store, BOB)
  store.competitions.set(car.id, car)
  prepare(store)
  return store
}

const run = <A, E>(store: OrderStore, test: Effect.Effect<A, E, Baskets | Checkout>) =>
  Effect.provide(
    Effect.zipRight(TestClock.setTime(NOW), test),
    Layer.mergeAll(Baskets.Default, Checkout.Default).pipe(
      Layer.provide(checkoutDoublesOver(store)),
    ),
  )

const car = sampleCompetition({
  id: "car",
  name: "A car",
  ticketPrice: pence(250),
  totalTickets: 100,
})

const soldOf = (store: OrderStore) => store.competitions.get(car.id)?.ticketsSoldToDate

describe("Checkout", () => {
  it.effect("makes an order of a visitor's basket and makes the basket the customer's", () => {
    const store = setUp()
    return run(
      store,
      Effect.gen(function* () {
        const baskets = yield* Baskets
        const { id } = yield* baskets.create(null)
        yield* baskets.addItem(id, car.id, 3, null)
        const { order, created } = yield* (yield* Checkout).checkout(id, ANN)
        expect([created, order.customerId, order.status, order.orderTotal]).toEqual([
          true,
          ANN,
          "AwaitingPayment",
          750,
        ])
        expect(store.baskets.get(id)?.customerId).toBe(ANN)
        expect(soldOf(store)).toBe(3)
      }),
    )
  })

  it.effect("refuses a customer on a break before anything is held or claimed (0043)", () => {
    const store = setUp()
    const refusal = new AccountNotInGoodStanding({
      customerId: ANN,
      standing: { status: "Paused", until: new Date(NOW + 86_400_000), length: "24Hours" },
    })
    store.purchaseRefusals = new Map([[ANN, refusal]])
    return run(
      store,
      Effect.gen(function* () {
        const baskets = yield* Baskets
        const { id } = yield* baskets.create(null)
        yield* baskets.addItem(id, car.id, 3, null)
        const refused = yield* Effect.either((yield* Checkout).checkout(id, ANN))
        // The same refusal (inside the use case's span, Effect hands on a proxy of it).
        expect(Either.isLeft(refused) && refused.left).toMatchObject({
          _tag: refusal._tag,
          customerId: ANN,
        })
        expect(store.baskets.get(id)?.customerId).toBeNull()
        expect(store.baskets.get(id)?.orderId ?? null).toBeNull()
        expect(store.orders.size).toBe(0)
        expect(soldOf(store)).toBe(0)
      }),
    )
  })

  it.effect("charges no round-up without a charity, even for a basket that said yes", () => {
    const store = setUp()
    return run(
      store,
      Effect.gen(function* () {
        const baskets = yield* Baskets
        const { id } = yield* baskets.create(ANN)
        yield* baskets.addItem(id, car.id, 3, ANN)
        // Said yes before the offer was withdrawn (or by a client that ignores the brand).
        store.baskets.set(id, { ...(store.baskets.get(id) as Basket), autoRoundup: true })
        const { order } = yield* (yield* Checkout).checkout(id, ANN)
        // £7.50 would round up by 50p to £8.00: nothing goes to a charity that is not there.
        expect([order.donation, order.orderTotal]).toEqual([0, 750])
      }),
    )
  })

  it.effect("no one but the owner can check out a customer's basket, however often they try", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 4 }), async (tries) => {
          const store = setUp()
          await Effect.runPromise(
            run(
              store,
              Effect.gen(function* () {
                const baskets = yield* Baskets
                const checkout = yield* Checkout
                const { id } = yield* baskets.create(ANN)
                yield* baskets.addItem(id, car.id, 2, ANN)
                const before = store.baskets.get(id)
                for (let i = 0; i < tries; i++) {
                  const outcome = yield* Effect.either(checkout.checkout(id, BOB))
                  expect(Either.isLeft(outcome) && outcome.left).toEqual(
                    new BasketNotFound({ basketId: id }),
                  )
                }
                expect(store.baskets.get(id)).toBe(before)
                expect([store.orders.size, soldOf(store)]).toEqual([0, 0])
                // The owner still can.
                const { order } = yield* checkout.checkout(id, ANN)
                expect(order.customerId).toBe(ANN)
              }),
            ).pipe(Effect.provide(TestContext.TestContext)),
          )
        }),
        { numRuns: 10 },
      ),
    ),
  )

  it.effect("checks the billing and shipping details before it even looks at the basket", () => {
    const store = setUp()
    return run(
      store,
      Effect.gen(function* () {
        const baskets = yield* Baskets
        const checkout = yield* Checkout
        const { id } = yield* baskets.create(ANN)
        yield* baskets.addItem(id, car.id, 2, ANN)
        const before = store.baskets.get(id)
        const address = {
          line1: "1 Pavilion End",
          line2: "x".repeat(500_000),
          city: "Leeds",
          county: "",
          postCode: "LS6 3BR",
        }
        const refused = yield* Effect.either(
          checkout.checkout(id, ANN, {
            billingAddress: address,
            shippingAddress: { ...address, line2: "", postCode: "NOT A CODE" },
          }),
        )
        expect(refused).toEqual(
          Either.left(
            new CheckoutDetailsInvalid({
              errors: {
                "billingAddress.line2": messages.addressLine1TooLong,
                "shippingAddress.postCode": messages.postcodeInvalid,
              },
            }),
          ),
        )
        expect(store.baskets.get(id)).toBe(before)
        expect([store.orders.size, soldOf(store)]).toEqual([0, 0])
        // Even an unknown basket, or someone else's, is answered with the details' errors first.
        const unknown = yield* Effect.either(
          checkout.checkout("no-such-basket", BOB, { billingAddress: address }),
        )
        expect(Either.isLeft(unknown) && unknown.left._tag).toBe("CheckoutDetailsInvalid")
      }),
    )
  })

  describe("vouchers", () => {
    const cheap = sampleCompetition({
      id: "cheap",
      name: "A bat",
      ticketPrice: pence(49),
      totalTickets: 2,
    })

    /** A visitor's basket with the code registered, checked out by `customerId`. */
    const checkOutWith = (
      code: string,
      competitionId: string,
      quantity: number,
      customerId: string,
    ) =>
      Effect.gen(function* () {
        const baskets = yield* Baskets
        const { id } = yield* baskets.create(null)
        yield* baskets.addItem(id, competitionId, quantity, null)
        yield* baskets.setVoucher(id, code, null)
        return yield* (yield* Checkout).checkout(id, customerId)
      })

    it.effect(
      "prices an order without a voucher the allocation cut below its minimum spend",
      () => {
        const store = setUp((s) => {
          s.competitions.set(cheap.id, { ...cheap, totalTickets: 3 })
          s.promotions.set(
            "BOUNDARY",
            samplePromotion({ code: "BOUNDARY", discount: { kind: "Fixed", amount: pence(100) } }),
          )
        })
        return run(
          store,
          Effect.gen(function* () {
            const baskets = yield* Baskets
            const { id } = yield* baskets.create(null)
            // £1.47 in the basket passes the £1.01 minimum…
            yield* baskets.addItem(id, cheap.id, 3, null)
            expect((yield* baskets.setVoucher(id, "BOUNDARY", null)).totals.basketTotal).toBe(47)
            // …but someone else buys one first, and two tickets are 98p.
            store.competitions.set(cheap.id, { ...cheap, totalTickets: 3, ticketsSoldToDate: 1 })
            const { order } = yield* (yield* Checkout).checkout(id, ANN)
            expect([order.lines[0]?.quantity, order.discountTotal, order.orderTotal]).toEqual([
              2, 0, 98,
            ])
            expect(store.promotionUses).toEqual([])
          }),
        )
      },
    )

    it.effect("a free-entry voucher may make an order free; any other leaves 1p a ticket", () => {
      const store = setUp((s) => {
        s.competitions.set(cheap.id, cheap)
        const allOff = { discount: { kind: "Percentage", percent: 100 } } as const
        s.promotions.set("ALLOFF", samplePromotion({ code: "ALLOFF", ...allOff }))
        s.promotions.set(
          "FREEENTRY",
          samplePromotion({ code: "FREEENTRY", ...allOff, freeEntry: true }),
        )
      })
      return run(
        store,
        Effect.gen(function* () {
          const paid = yield* checkOutWith("ALLOFF", cheap.id, 1, ANN)
          expect([paid.order.orderTotal, paid.order.status]).toEqual([1, "AwaitingPayment"])
          // Awaiting the card: nothing is confirmed yet.
          expect(store.mail).toEqual([])
          const free = yield* checkOutWith("FREEENTRY", cheap.id, 1, BOB)
          expect([free.order.orderTotal, free.order.status]).toEqual([0, "Completed"])
          // Completed at checkout: the one confirmation, linking to the order's page.
          expect(store.mail.map((m) => m.kind)).toEqual(["OrderConfirmation"])
          expect(store.mail[0]?.text).toContain(
            `https://shop.example/Account/Order/${free.order.id}`,
          )
        }),
      )
    })

    it.effect("counts a customer's uses: past their limit an order is priced without it", () =>
      Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(
            fc.integer({ min: 1, max: 3 }),
            fc.integer({ min: 1, max: 6 }),
            async (limit, orders) => {
              const store = setUp((s) =>
                s.promotions.set(
                  "MEMBER",
                  samplePromotion({ code: "MEMBER", perCustomerLimit: limit }),
                ),
              )
              const placed = await Effect.runPromise(
                run(
                  store,
                  Effect.forEach(Array.from({ length: orders }), () =>
                    checkOutWith("MEMBER", car.id, 1, ANN),
                  ),
                ).pipe(Effect.provide(TestContext.TestContext)),
              )
              const discounted = placed.filter(({ order }) => order.discountTotal > 0)
              expect(discounted).toHaveLength(Math.min(limit, orders))
              expect(store.promotionUses.filter((use) => use.customerId === ANN)).toHaveLength(
                Math.min(limit, orders),
              )
            },
          ),
          { numRuns: 20 },
        ),
      ),
    )
  })
})
