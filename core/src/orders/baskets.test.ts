import { describe, expect, it } from "@effect/vitest"
import { Effect, TestClock } from "effect"
import { pence, ZERO_PENCE } from "../rules/money"
import { Baskets } from "./baskets"
import type { Promotion } from "./model"
import { basketServicesOver, competition, emptyOrderStore, type OrderStore } from "./test-doubles"

const NOW = Date.parse("2026-06-15T12:00:00Z")
const ANN = "customer-ann"

const setUp = (prepare: (store: OrderStore) => void = () => {}) => {
  const store = emptyOrderStore()
  store.creditBalances.set(ANN, pence(500))
  prepare(store)
  return store
}

const run = <A, E>(store: OrderStore, test: Effect.Effect<A, E, Baskets>) =>
  Effect.provide(Effect.zipRight(TestClock.setTime(NOW), test), basketServicesOver(store))

const car = competition({ id: "car", name: "A car", maxTicketsPerCustomer: 10 })
const watch = competition({ id: "watch", name: "A watch", ticketPrice: pence(99) })

const promotion = (overrides: Partial<Promotion>): Promotion => ({
  code: "SUMMER10",
  description: "10% off",
  discount: { kind: "Percentage", percent: 10 },
  competitionId: null,
  validFrom: null,
  validTo: null,
  usageLimit: null,
  usageCount: 0,
  clubId: null,
  ...overrides,
})

describe("Baskets", () => {
  it.effect("adds to the one item per competition and prices it", () => {
    const store = setUp((s) => s.competitions.set(car.id, car))
    return run(
      store,
      Effect.gen(function* () {
        const baskets = yield* Baskets
        const { id } = yield* baskets.create(null)
        yield* baskets.addItem(id, car.id, 2, null)
        const view = yield* baskets.addItem(id, car.id, 3, null)
        expect(view.basket.items).toHaveLength(1)
        expect(view.basket.items[0]?.quantity).toBe(5)
        expect(view.totals.itemTotal).toBe(1250)
        expect(view.totals.basketTotal).toBe(1250)
      }),
    )
  })

  it.effect("counts previous purchases, unpaid orders and the basket against the maximum", () => {
    const store = setUp((s) => {
      s.competitions.set(car.id, car)
      // Held = completed and pending orders, as the pool counts them.
      s.held.set(`${ANN}/${car.id}`, 6)
    })
    return run(
      store,
      Effect.gen(function* () {
        const baskets = yield* Baskets
        const { id } = yield* baskets.create(ANN)
        yield* baskets.addItem(id, car.id, 3, ANN)
        const tooMany = yield* Effect.flip(baskets.addItem(id, car.id, 2, ANN))
        expect(tooMany).toMatchObject({
          _tag: "TicketLimitExceeded",
          maxPerCustomer: 10,
          alreadyHeld: 6,
          requested: 5,
        })
        const view = yield* baskets.addItem(id, car.id, 1, ANN)
        expect(view.basket.items[0]?.quantity).toBe(4)
        expect(view.lines[0]?.customerBoughtToDateTicketQuantity).toBe(6)
      }),
    )
  })

  it.effect("refuses a competition that has closed by the clock's time", () => {
    const store = setUp((s) => s.competitions.set(car.id, car))
    return run(
      store,
      Effect.gen(function* () {
        const baskets = yield* Baskets
        const { id } = yield* baskets.create(null)
        yield* baskets.addItem(id, car.id, 1, null)
        yield* TestClock.setTime(car.closeDateTimeUtc.getTime())
        const closed = yield* Effect.flip(baskets.addItem(id, car.id, 1, null))
        expect(closed._tag).toBe("CompetitionNotOnSale")
      }),
    )
  })

  it.effect("takes no more changes once checked out, even one that breaks a rule too", () => {
    const store = setUp((s) => s.competitions.set(car.id, car))
    return run(
      store,
      Effect.gen(function* () {
        const baskets = yield* Baskets
        const { id } = yield* baskets.create(ANN)
        const added = yield* baskets.addItem(id, car.id, 2, ANN)
        const checkedOut = { ...added.basket, orderId: "order-1" }
        store.baskets.set(id, checkedOut)
        const itemId = added.basket.items[0]?.id ?? ""
        const attempts: readonly Effect.Effect<unknown, unknown>[] = [
          baskets.addItem(id, car.id, 1, ANN),
          // Past the maximum as well: still "checked out", the answer the storefront acts on.
          baskets.addItem(id, car.id, 50, ANN),
          baskets.setQuantity(id, itemId, 3, ANN),
          baskets.removeItem(id, itemId, ANN),
          baskets.setVoucher(id, "", ANN),
          baskets.setExtras(id, { autoRoundup: true, siteCreditRequested: ZERO_PENCE }, ANN),
        ]
        for (const attempt of attempts) {
          const error = yield* Effect.flip(attempt)
          expect(error).toMatchObject({
            _tag: "BasketCheckedOut",
            basketId: id,
            orderId: "order-1",
          })
        }
        expect(store.baskets.get(id)).toEqual(checkedOut)
      }),
    )
  })

  it.effect("deletes an item whose quantity is set to 0 or less", () => {
    const store = setUp((s) => {
      s.competitions.set(car.id, car)
      s.competitions.set(watch.id, watch)
    })
    return run(
      store,
      Effect.gen(function* () {
        const baskets = yield* Baskets
        const { id } = yield* baskets.create(null)
        yield* baskets.addItem(id, car.id, 2, null)
        const added = yield* baskets.addItem(id, watch.id, 2, null)
        const [carItem, watchItem] = added.basket.items
        const lowered = yield* baskets.setQuantity(id, carItem?.id ?? "", 1, null)
        expect(lowered.basket.items.map((i) => i.quantity)).toEqual([1, 2])
        const zero = yield* baskets.setQuantity(id, carItem?.id ?? "", 0, null)
        expect(zero.basket.items.map((i) => i.competitionId)).toEqual([watch.id])
        const negative = yield* baskets.setQuantity(id, watchItem?.id ?? "", -3, null)
        expect(negative.basket.items).toEqual([])
        expect(negative.totals.basketTotal).toBe(0)
      }),
    )
  })

  it.effect(
    "replaces the voucher, normalises the code and stops discounting when it expires",
    () => {
      const store = setUp((s) => {
        s.competitions.set(car.id, car)
        s.promotions.set("SUMMER10", promotion({ validTo: new Date(NOW + 60 * 60 * 1000) }))
        s.promotions.set(
          "CAR100",
          promotion({
            code: "CAR100",
            description: "£1 off the car",
            discount: { kind: "Fixed", amount: pence(100) },
            competitionId: car.id,
          }),
        )
      })
      return run(
        store,
        Effect.gen(function* () {
          const baskets = yield* Baskets
          const { id } = yield* baskets.create(null)
          yield* baskets.addItem(id, car.id, 4, null)
          const car100 = yield* baskets.setVoucher(id, "car-100", null)
          expect(car100.appliedPromotionCodes).toEqual(["CAR100"])
          expect(car100.lines[0]?.totals.lineTotal).toBe(900)
          const summer = yield* baskets.setVoucher(id, " Summer 10 ", null)
          expect(summer.appliedPromotionCodes).toEqual(["SUMMER10"])
          expect(summer.totals.discountTotal).toBe(100)
          yield* TestClock.adjust("2 hours")
          const expired = yield* baskets.view(id, null)
          expect(expired.appliedPromotionCodes).toEqual([])
          expect(expired.totals.discountTotal).toBe(0)
          const unknown = yield* Effect.flip(baskets.setVoucher(id, "NOPE", null))
          expect(unknown._tag).toBe("PromotionNotValid")
          expect((yield* baskets.view(id, null)).basket.promotionCodes).toEqual([])
          const cleared = yield* baskets.setVoucher(id, "", null)
          expect(cleared.appliedPromotionCodes).toEqual([])
        }),
      )
    },
  )

  it.effect("does not apply a voucher that has reached its usage limit", () => {
    const store = setUp((s) => {
      s.promotions.set("ONCE", promotion({ code: "ONCE", usageLimit: 1, usageCount: 1 }))
    })
    return run(
      store,
      Effect.gen(function* () {
        const baskets = yield* Baskets
        const { id } = yield* baskets.create(null)
        const used = yield* Effect.flip(baskets.setVoucher(id, "once", null))
        expect(used._tag).toBe("PromotionNotValid")
      }),
    )
  })

  it.effect("rounds up to a pound and clamps site credit to the balance and the total", () => {
    const store = setUp((s) => s.competitions.set(watch.id, watch))
    return run(
      store,
      Effect.gen(function* () {
        const baskets = yield* Baskets
        const { id } = yield* baskets.create(ANN)
        yield* baskets.addItem(id, watch.id, 3, ANN)
        const roundUp = yield* baskets.setExtras(
          id,
          { autoRoundup: true, siteCreditRequested: ZERO_PENCE },
          ANN,
        )
        // £2.97 rounds up by 3p to £3.00.
        expect(roundUp.totals.donation).toBe(3)
        expect(roundUp.totals.basketTotal).toBe(300)
        const credit = yield* baskets.setExtras(
          id,
          { autoRoundup: true, siteCreditRequested: pence(10_000) },
          ANN,
        )
        expect(credit.totals.siteCreditDebit).toBe(300)
        expect(credit.totals.basketTotal).toBe(0)
        yield* baskets.addItem(id, watch.id, 7, ANN)
        const moreThanBalance = yield* baskets.view(id, ANN)
        // £9.90 + 10p round-up = £10.00, of which the £5.00 balance pays half.
        expect(moreThanBalance.totals.siteCreditDebit).toBe(500)
        expect(moreThanBalance.totals.basketTotal).toBe(500)
        // An anonymous visitor has no balance to spend.
        expect((yield* baskets.view(id, null)).totals.siteCreditDebit).toBe(0)
      }),
    )
  })
})
