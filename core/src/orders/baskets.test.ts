import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, FastCheck as fc, TestClock, TestContext } from "effect"
import { CompetitionPhase } from "../rules/competition.js"
import { pence, ZERO_PENCE } from "../rules/money.js"
import { Baskets } from "./baskets.js"
import type { Charity } from "./charities.js"
import { BasketNotFound, PromotionNotApplicable, VoucherReplacementUnconfirmed } from "./errors.js"
import type { Basket } from "./model.js"
import {
  A_CHARITY,
  addOrderCustomer,
  basketServicesOver,
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
  addOrderCustomer(store, ANN, pence(500))
  addOrderCustomer(store, BOB, pence(500))
  prepare(store)
  return store
}

const run = <A, E>(
  store: OrderStore,
  test: Effect.Effect<A, E, Baskets>,
  charities: readonly Charity[] = [],
) =>
  Effect.provide(
    Effect.zipRight(TestClock.setTime(NOW), test),
    basketServicesOver(store, charities),
  )

const car = sampleCompetition({ id: "car", name: "A car", maxTicketsPerCustomer: 10 })
const watch = sampleCompetition({ id: "watch", name: "A watch", ticketPrice: pence(99) })

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
        expect(closed).toMatchObject({
          _tag: "CompetitionNotOnSale",
          phase: CompetitionPhase.ClosedAwaitingDraw,
        })
      }),
    )
  })

  it.effect("says a competition refused before its start is yet to open", () => {
    const later = sampleCompetition({ startDateTimeUtc: new Date(NOW + 86_400_000) })
    const store = setUp((s) => s.competitions.set(later.id, later))
    return run(
      store,
      Effect.gen(function* () {
        const baskets = yield* Baskets
        const { id } = yield* baskets.create(null)
        const early = yield* Effect.flip(baskets.addItem(id, later.id, 1, null))
        expect(early).toMatchObject({
          _tag: "CompetitionNotOnSale",
          phase: CompetitionPhase.ComingSoon,
        })
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
        s.promotions.set("SUMMER10", samplePromotion({ validTo: new Date(NOW + 60 * 60 * 1000) }))
        s.promotions.set(
          "CAR100",
          samplePromotion({
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
          // A code refused changes nothing: the basket keeps the code it had.
          expect((yield* baskets.view(id, null)).basket.promotionCodes).toEqual(["SUMMER10"])
          const cleared = yield* baskets.applyVoucher(id, "", null)
          expect(cleared.view.appliedPromotionCodes).toEqual([])
          expect(cleared.change).toEqual({ kind: "Removed", removed: "SUMMER10" })
        }),
      )
    },
  )

  describe("one code per order, said aloud", () => {
    // On 10 car tickets (£25): HOWZAT10 takes £2.50 off, BOUNDARY £1, BIGGER £5.
    const howzat10 = samplePromotion({ code: "HOWZAT10", description: "10% off" })
    const boundary = samplePromotion({
      code: "BOUNDARY",
      description: "£1 off",
      discount: { kind: "Fixed", amount: pence(100) },
    })
    const bigger = samplePromotion({
      code: "BIGGER",
      description: "£5 off",
      discount: { kind: "Fixed", amount: pence(500) },
    })
    const withCodes = () =>
      setUp((s) => {
        s.competitions.set(car.id, car)
        for (const p of [howzat10, boundary, bigger]) s.promotions.set(p.code, p)
      })

    it.effect("says which code replaced which when the new one takes as much off or more", () =>
      run(
        withCodes(),
        Effect.gen(function* () {
          const baskets = yield* Baskets
          const { id } = yield* baskets.create(ANN)
          yield* baskets.addItem(id, car.id, 10, ANN)
          const first = yield* baskets.applyVoucher(id, "howzat10", ANN)
          expect(first.change).toEqual({ kind: "Added", code: "HOWZAT10" })
          expect(first.view.totals.basketTotal).toBe(2250)
          const again = yield* baskets.applyVoucher(id, "HOWZAT10", ANN)
          expect(again.change).toEqual({ kind: "Unchanged", code: "HOWZAT10" })
          const swapped = yield* baskets.applyVoucher(id, "bigger", ANN)
          expect(swapped.change).toEqual({ kind: "Replaced", code: "BIGGER", replaced: "HOWZAT10" })
          expect(swapped.view.appliedPromotionCodes).toEqual(["BIGGER"])
          expect(swapped.view.totals.basketTotal).toBe(2000)
        }),
      ),
    )

    it.effect("never raises the total unasked: a smaller discount is refused until confirmed", () =>
      run(
        withCodes(),
        Effect.gen(function* () {
          const baskets = yield* Baskets
          const { id } = yield* baskets.create(ANN)
          yield* baskets.addItem(id, car.id, 10, ANN)
          yield* baskets.applyVoucher(id, "HOWZAT10", ANN)
          const refused = yield* Effect.flip(baskets.applyVoucher(id, "BOUNDARY", ANN))
          expect(refused).toEqual(
            new VoucherReplacementUnconfirmed({
              current: { code: "HOWZAT10", discount: pence(250) },
              offered: { code: "BOUNDARY", discount: pence(100) },
            }),
          )
          const kept = yield* baskets.view(id, ANN)
          expect([kept.appliedPromotionCodes, kept.totals.basketTotal]).toEqual([
            ["HOWZAT10"],
            2250,
          ])
          // Confirmed against another code (a stale page): asked again.
          yield* Effect.flip(baskets.applyVoucher(id, "BOUNDARY", ANN, "BIGGER"))
          const confirmed = yield* baskets.applyVoucher(id, "BOUNDARY", ANN, "howzat10")
          expect(confirmed.change).toEqual({
            kind: "Replaced",
            code: "BOUNDARY",
            replaced: "HOWZAT10",
          })
          expect(confirmed.view.totals.basketTotal).toBe(2400)
        }),
      ),
    )

    it.effect("a code that stopped applying is replaced without asking", () =>
      run(
        withCodes(),
        Effect.gen(function* () {
          const baskets = yield* Baskets
          const { id } = yield* baskets.create(ANN)
          yield* baskets.addItem(id, car.id, 10, ANN)
          yield* baskets.applyVoucher(id, "BIGGER", ANN)
          // Cut to one ticket (£2.50): a £5 code needs a basket above £5 (decision 0012),
          // so it stopped applying and takes nothing off; any code is worth more.
          const itemId = (yield* baskets.view(id, ANN)).basket.items[0]?.id ?? ""
          yield* baskets.setQuantity(id, itemId, 1, ANN)
          const swapped = yield* baskets.applyVoucher(id, "BOUNDARY", ANN)
          expect(swapped.change.kind).toBe("Replaced")
        }),
      ),
    )
  })

  it.effect("does not apply a voucher that has reached its usage limit", () => {
    const store = setUp((s) => {
      s.promotions.set("ONCE", samplePromotion({ code: "ONCE", usageLimit: 1, usageCount: 1 }))
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

  describe("vouchers with a minimum spend and a limit per customer", () => {
    const cheap = sampleCompetition({ id: "cheap", name: "A bat", ticketPrice: pence(49) })
    const boundary = samplePromotion({
      code: "BOUNDARY",
      description: "£1 off your basket",
      discount: { kind: "Fixed", amount: pence(100) },
    })

    it.effect("a fixed £1 off does not apply to 98p of tickets, and says why", () => {
      const store = setUp((s) => {
        s.competitions.set(cheap.id, cheap)
        s.promotions.set("BOUNDARY", boundary)
      })
      return run(
        store,
        Effect.gen(function* () {
          const baskets = yield* Baskets
          const { id } = yield* baskets.create(ANN)
          yield* baskets.addItem(id, cheap.id, 2, ANN)
          const refused = yield* Effect.either(baskets.setVoucher(id, "boundary", ANN))
          expect(refused).toEqual(
            Either.left(
              new PromotionNotApplicable({
                code: "BOUNDARY",
                competitionId: null,
                refusal: { kind: "MinimumSpendNotReached", minimum: pence(101), spend: pence(98) },
              }),
            ),
          )
          const after = yield* baskets.view(id, ANN)
          expect([after.basket.promotionCodes, after.totals.basketTotal]).toEqual([[], 98])

          // Three tickets pass the minimum; cut back to two, it stops discounting.
          yield* baskets.addItem(id, cheap.id, 1, ANN)
          const applied = yield* baskets.setVoucher(id, "BOUNDARY", ANN)
          expect([applied.appliedPromotionCodes, applied.totals.basketTotal]).toEqual([
            ["BOUNDARY"],
            47,
          ])
          const itemId = applied.basket.items[0]?.id ?? ""
          const cut = yield* baskets.setQuantity(id, itemId, 2, ANN)
          expect([cut.basket.promotionCodes, cut.appliedPromotionCodes]).toEqual([["BOUNDARY"], []])
          expect(cut.totals.basketTotal).toBe(98)
        }),
      )
    })

    it.effect(
      "a customer who used a once-per-customer code is told so; a visitor is not asked yet",
      () => {
        const store = setUp((s) => {
          s.competitions.set(car.id, car)
          s.promotions.set("ONCEEACH", samplePromotion({ code: "ONCEEACH", perCustomerLimit: 1 }))
          s.promotionUses.push({ orderId: "order-earlier", customerId: ANN, code: "ONCEEACH" })
        })
        return run(
          store,
          Effect.gen(function* () {
            const baskets = yield* Baskets
            const anns = yield* baskets.create(ANN)
            yield* baskets.addItem(anns.id, car.id, 1, ANN)
            const refused = yield* Effect.either(baskets.setVoucher(anns.id, "ONCEEACH", ANN))
            expect(refused).toEqual(
              Either.left(
                new PromotionNotApplicable({
                  code: "ONCEEACH",
                  competitionId: null,
                  refusal: { kind: "AlreadyUsed", perCustomerLimit: 1 },
                }),
              ),
            )
            const bobs = yield* baskets.create(BOB)
            yield* baskets.addItem(bobs.id, car.id, 1, BOB)
            expect((yield* baskets.setVoucher(bobs.id, "ONCEEACH", BOB)).totals.discountTotal).toBe(
              25,
            )
            // A visitor's uses are counted when they check out; once Ann claims it, it stops.
            const visitors = yield* baskets.create(null)
            yield* baskets.addItem(visitors.id, car.id, 1, null)
            const visitor = yield* baskets.setVoucher(visitors.id, "ONCEEACH", null)
            expect(visitor.appliedPromotionCodes).toEqual(["ONCEEACH"])
            expect((yield* baskets.view(visitors.id, ANN)).appliedPromotionCodes).toEqual([])
          }),
        )
      },
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
        const visitors = yield* baskets.create(null)
        yield* baskets.addItem(visitors.id, watch.id, 3, null)
        const unpaid = yield* baskets.setExtras(
          visitors.id,
          { autoRoundup: false, siteCreditRequested: pence(10_000) },
          null,
        )
        expect([unpaid.totals.siteCreditDebit, unpaid.totals.basketTotal]).toEqual([0, 297])
      }),
      [A_CHARITY],
    )
  })

  it.effect("never prices a round-up when the brand has no charity to receive it", () => {
    const store = setUp((s) => s.competitions.set(watch.id, watch))
    return run(
      store,
      Effect.gen(function* () {
        const baskets = yield* Baskets
        const { id } = yield* baskets.create(ANN)
        yield* baskets.addItem(id, watch.id, 3, ANN)
        // Another client (not the storefront, which does not ask) says yes.
        const asked = yield* baskets.setExtras(
          id,
          { autoRoundup: true, siteCreditRequested: ZERO_PENCE },
          ANN,
        )
        expect([asked.basket.autoRoundup, asked.totals.donation, asked.totals.basketTotal]).toEqual(
          [false, 0, 297],
        )
        expect(store.baskets.get(id)?.autoRoundup).toBe(false)
        // A basket that said yes before the offer was withdrawn is shown and priced as no.
        store.baskets.set(id, { ...(store.baskets.get(id) as Basket), autoRoundup: true })
        const kept = yield* baskets.view(id, ANN)
        expect([kept.basket.autoRoundup, kept.totals.donation]).toEqual([false, 0])
      }),
    )
  })

  describe("who may use a basket", () => {
    const useNames = [
      "view",
      "addItem",
      "setQuantity",
      "removeItem",
      "clearItems",
      "setVoucher",
      "clearVoucher",
      "removeVoucher",
      "setExtras",
    ] as const
    type Use = (typeof useNames)[number]

    /** Every use case a caller could try on a basket, by name. */
    const uses = (basketId: string, itemId: string, caller: string | null) =>
      Effect.map(
        Baskets,
        (baskets): Record<Use, Effect.Effect<unknown, unknown>> => ({
          view: baskets.view(basketId, caller),
          addItem: baskets.addItem(basketId, car.id, 1, caller),
          setQuantity: baskets.setQuantity(basketId, itemId, 0, caller),
          removeItem: baskets.removeItem(basketId, itemId, caller),
          clearItems: baskets.clearItems(basketId, caller),
          setVoucher: baskets.setVoucher(basketId, "SUMMER10", caller),
          clearVoucher: baskets.setVoucher(basketId, "", caller),
          removeVoucher: baskets.removeVoucher(basketId, "SUMMER10", caller),
          setExtras: baskets.setExtras(
            basketId,
            { autoRoundup: true, siteCreditRequested: pence(100) },
            caller,
          ),
        }),
      )

    it.effect(
      "someone who is not the owner, signed in or not, can neither read nor change it",
      () =>
        Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(
              fc.constantFrom<string | null>(BOB, null),
              fc.array(fc.constantFrom(...useNames), { minLength: 1, maxLength: 5 }),
              async (stranger, tries) => {
                const store = setUp((s) => {
                  s.competitions.set(car.id, car)
                  s.promotions.set("SUMMER10", samplePromotion({}))
                })
                await Effect.runPromise(
                  run(
                    store,
                    Effect.gen(function* () {
                      const baskets = yield* Baskets
                      const { id } = yield* baskets.create(ANN)
                      const added = yield* baskets.addItem(id, car.id, 2, ANN)
                      const before = store.baskets.get(id)
                      const attempts = yield* uses(id, added.basket.items[0]?.id ?? "", stranger)
                      for (const name of tries) {
                        const outcome = yield* Effect.either(attempts[name])
                        // Only the tag: a failure message must stay cheap while fast-check shrinks.
                        expect(Either.isLeft(outcome) && outcome.left).toEqual(
                          new BasketNotFound({ basketId: id }),
                        )
                      }
                      expect(store.baskets.get(id)).toBe(before)
                    }),
                  ).pipe(Effect.provide(TestContext.TestContext)),
                )
              },
            ),
            { numRuns: 40 },
          ),
        ),
    )

    it.effect("a visitor's basket becomes the first signed-in customer's who uses it", () => {
      const store = setUp((s) => s.competitions.set(car.id, car))
      return run(
        store,
        Effect.gen(function* () {
          const baskets = yield* Baskets
          const { id } = yield* baskets.create(null)
          yield* baskets.addItem(id, car.id, 1, null)
          // Another visitor holding the id may still use it while no one owns it.
          expect((yield* baskets.view(id, null)).basket.customerId).toBeNull()
          // Logging in reloads the basket: that is when it becomes Ann's.
          const claimed = yield* baskets.view(id, ANN)
          expect(claimed.basket.customerId).toBe(ANN)
          expect(store.baskets.get(id)?.customerId).toBe(ANN)
          const notFound = Either.left(new BasketNotFound({ basketId: id }))
          expect(yield* Effect.either(baskets.view(id, null))).toEqual(notFound)
          expect(yield* Effect.either(baskets.addItem(id, car.id, 1, BOB))).toEqual(notFound)
          expect((yield* baskets.addItem(id, car.id, 1, ANN)).basket.items[0]?.quantity).toBe(2)
        }),
      )
    })
  })
})
