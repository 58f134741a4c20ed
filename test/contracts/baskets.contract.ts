import { randomUUID } from "node:crypto"
import type { Basket } from "@howzat/core/orders"
import { BasketRepo, OrderRepo } from "@howzat/core/ports"
import { mayUseBasketOwnedBy, pence } from "@howzat/core/rules"
import { samplePromotion } from "@howzat/core/testing"
import { Effect, Either } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { HOUR, NOW, type OrdersWorld, runOn } from "./orders.world"

/** The key of a basket no one owns yet, as core passes it for a visitor's change. */
const nobodys = (basketId: string) => ({ basketId, owner: null })

/** A promotion code no other test of the shared database uses. */
const uniqueCode = (prefix: string) => `${prefix}${randomUUID().slice(0, 8).toUpperCase()}`

/**
 * The BasketRepo port's contract, run on the in-memory adapter and on
 * PGlite and PostgreSQL: one item per competition, codes of promotions that
 * exist, amounts never below nothing, a change made only for the owner it
 * was meant for, and none once the basket is checked out but checkout's own.
 * Locks and races (two claims at once, a change waiting for checkout's hold)
 * are the database's, on PostgreSQL (orders.database.ts).
 */
export const basketsContract = (name: string, open: () => Promise<OrdersWorld>) =>
  describe(name, { timeout: 120_000 }, () => {
    let world: OrdersWorld
    const run = runOn(() => world)
    const baskets = <A, E>(use: (repo: typeof BasketRepo.Service) => Effect.Effect<A, E>) =>
      run(Effect.flatMap(BasketRepo, use))
    const failure = async <A, E>(
      use: (repo: typeof BasketRepo.Service) => Effect.Effect<A, E>,
    ): Promise<E | undefined> => {
      const outcome = await run(Effect.either(Effect.flatMap(BasketRepo, use)))
      return Either.isLeft(outcome) ? outcome.left : undefined
    }

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("creates an empty basket for its owner and finds no basket for a guessed id", async () => {
      const customerId = await world.customer()
      for (const owner of [null, customerId]) {
        const basket = await baskets((repo) => repo.create(owner))
        expect(basket).toEqual({
          id: expect.any(String),
          customerId: owner,
          items: [],
          promotionCodes: [],
          autoRoundup: false,
          siteCreditRequested: 0,
          siteCreditPurchase: 0,
          orderId: null,
        })
        expect(await baskets((repo) => repo.byId(basket.id))).toEqual(basket)
        expect(await baskets((repo) => repo.holdForCheckout(basket.id))).toEqual(basket)
      }
      for (const id of [randomUUID(), "1", "../etc"]) {
        expect(await failure((repo) => repo.byId(id))).toMatchObject({ _tag: "BasketNotFound" })
        expect(await failure((repo) => repo.holdForCheckout(id))).toMatchObject({
          _tag: "BasketNotFound",
        })
      }
    })

    it("keeps one item per competition, replacing its quantity, and removes items", async () => {
      const car = await world.competition({ name: "Car" })
      const watch = await world.competition({ name: "Watch" })
      const { id } = await baskets((repo) => repo.create(null))
      await baskets((repo) => repo.setItem(nobodys(id), car, 2))
      await baskets((repo) => repo.setItem(nobodys(id), watch, 1))
      const replaced = await baskets((repo) => repo.setItem(nobodys(id), car, 5))
      expect(replaced.items.map((i) => [i.competitionId, i.quantity])).toEqual([
        [car, 5],
        [watch, 1],
      ])
      const carItem = replaced.items[0]?.id ?? ""
      const removed = await baskets((repo) => repo.removeItem(nobodys(id), carItem))
      expect(removed.items.map((i) => i.competitionId)).toEqual([watch])
      expect(await failure((repo) => repo.removeItem(nobodys(id), carItem))).toMatchObject({
        _tag: "BasketItemNotFound",
      })
      expect(await failure((repo) => repo.removeItem(nobodys(id), "not-an-item"))).toMatchObject({
        _tag: "BasketItemNotFound",
      })
      expect(await failure((repo) => repo.setItem(nobodys(randomUUID()), car, 1))).toMatchObject({
        _tag: "BasketNotFound",
      })
    })

    it("holds the last quantity set for each competition, in the order first added (property)", async () => {
      const competitions = [
        await world.competition({ name: "First" }),
        await world.competition({ name: "Second" }),
        await world.competition({ name: "Third" }),
      ]
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 9 })), {
            minLength: 1,
            maxLength: 6,
          }),
          async (changes) => {
            const { id } = await baskets((repo) => repo.create(null))
            let basket: Basket | undefined
            for (const [which, quantity] of changes) {
              const competitionId = competitions[which] ?? ""
              basket = await baskets((repo) => repo.setItem(nobodys(id), competitionId, quantity))
            }
            const expected = new Map<string, number>()
            for (const [which, quantity] of changes)
              expected.set(competitions[which] ?? "", quantity)
            expect(basket?.items.map((i) => [i.competitionId, i.quantity])).toEqual([...expected])
            expect(new Set(basket?.items.map((i) => i.id)).size).toBe(expected.size)
            expect(await baskets((repo) => repo.byId(id))).toEqual(basket)
          },
        ),
        { numRuns: 12 },
      )
    })

    it("stores the codes of promotions that exist, in order, and reads a promotion's terms", async () => {
      const car = await world.competition({ name: "Car" })
      const summer = uniqueCode("SUMMER")
      const carCode = uniqueCode("CAR")
      await world.promotion(samplePromotion({ code: summer, description: "10% off" }))
      const carVoucher = samplePromotion({
        code: carCode,
        description: "£1 off the car",
        discount: { kind: "Fixed", amount: pence(100) },
        competitionId: car,
        usageLimit: 5,
        perCustomerLimit: 2,
        minimumSpend: pence(500),
      })
      await world.promotion(carVoucher)
      const { id } = await baskets((repo) => repo.create(null))
      const set = await baskets((repo) =>
        repo.setPromotionCodes(nobodys(id), [carCode, "NOPE", summer]),
      )
      expect(set.promotionCodes).toEqual([carCode, summer])
      expect((await baskets((repo) => repo.byId(id))).promotionCodes).toEqual([carCode, summer])
      expect(
        (await baskets((repo) => repo.setPromotionCodes(nobodys(id), []))).promotionCodes,
      ).toEqual([])
      expect(await baskets((repo) => repo.promotionByCode(carCode))).toEqual(carVoucher)
      expect(await baskets((repo) => repo.promotionByCode(summer))).toMatchObject({
        discount: { kind: "Percentage", percent: 10 },
        competitionId: null,
      })
      expect(await baskets((repo) => repo.promotionByCode("NOPE"))).toBeNull()
    })

    it("stores the round-up, the credit to spend and to buy, never below nothing", async () => {
      const customerId = await world.customer()
      const { id } = await baskets((repo) => repo.create(null))
      const extras = await baskets((repo) =>
        repo.setExtras(nobodys(id), { autoRoundup: true, siteCreditRequested: pence(250) }),
      )
      expect(extras).toMatchObject({ autoRoundup: true, siteCreditRequested: 250 })
      const bought = await baskets((repo) => repo.setSiteCreditPurchase(nobodys(id), pence(1000)))
      expect(bought).toMatchObject({ siteCreditPurchase: 1000, siteCreditRequested: 250 })
      const claimed = await baskets((repo) => repo.claim(id, customerId))
      expect(claimed).toMatchObject({ customerId, autoRoundup: true, siteCreditPurchase: 1000 })
      // Claiming one's own basket again answers it as it is.
      expect(await baskets((repo) => repo.claim(id, customerId))).toEqual(claimed)

      const key = { basketId: id, owner: customerId }
      const negative = await baskets((repo) =>
        repo.setExtras(key, { autoRoundup: false, siteCreditRequested: pence(-50) }),
      )
      expect(negative).toMatchObject({ autoRoundup: false, siteCreditRequested: 0 })
      expect(
        (await baskets((repo) => repo.setSiteCreditPurchase(key, pence(-1)))).siteCreditPurchase,
      ).toBe(0)
    })

    it("changes a basket only while it has the owner the change was meant for", async () => {
      const car = await world.competition({ name: "Car" })
      const ann = await world.customer()
      const bob = await world.customer()
      const { id } = await baskets((repo) => repo.create(null))
      const added = await baskets((repo) => repo.setItem(nobodys(id), car, 1))
      await baskets((repo) => repo.claim(id, ann))
      const item = added.items[0]?.id ?? ""

      // A visitor's change decided before Ann claimed it, Bob's, and Bob's claim find nothing.
      const refusals = [
        (repo: typeof BasketRepo.Service) => repo.setItem(nobodys(id), car, 3),
        (repo: typeof BasketRepo.Service) =>
          repo.setExtras(nobodys(id), { autoRoundup: true, siteCreditRequested: pence(0) }),
        (repo: typeof BasketRepo.Service) => repo.setPromotionCodes(nobodys(id), []),
        (repo: typeof BasketRepo.Service) => repo.setSiteCreditPurchase(nobodys(id), pence(5)),
        (repo: typeof BasketRepo.Service) => repo.removeItem(nobodys(id), item),
        // Not Bob's: that it has no such item is none of his business.
        (repo: typeof BasketRepo.Service) => repo.removeItem({ basketId: id, owner: bob }, "x"),
        (repo: typeof BasketRepo.Service) => repo.setItem({ basketId: id, owner: bob }, car, 3),
        (repo: typeof BasketRepo.Service) => repo.claim(id, bob),
      ]
      for (const refused of refusals)
        expect(await failure(refused)).toMatchObject({ _tag: "BasketNotFound" })
      const anns = await baskets((repo) => repo.setItem({ basketId: id, owner: ann }, car, 2))
      expect([anns.customerId, anns.items[0]?.quantity, anns.autoRoundup]).toEqual([ann, 2, false])
    })

    it("claims a basket exactly when core's rule lets the customer use it, whoever owns it", async () => {
      const ann = await world.customer()
      const bob = await world.customer()
      for (const owner of [null, ann, bob]) {
        const { id } = await baskets((repo) => repo.create(owner))
        const allowed = mayUseBasketOwnedBy(ann, owner)
        if (allowed)
          expect(await baskets((repo) => repo.claim(id, ann))).toMatchObject({
            id,
            customerId: ann,
          })
        else
          expect(await failure((repo) => repo.claim(id, ann))).toMatchObject({
            _tag: "BasketNotFound",
          })
        // Whatever the answer, the basket is the owner's it may be, never taken from another.
        expect((await baskets((repo) => repo.byId(id))).customerId).toBe(allowed ? ann : owner)
      }
    })

    it("lists a customer's open baskets, the last changed first, and no one else's", async () => {
      const car = await world.competition({ name: "Car" })
      const ann = await world.customer()
      const bob = await world.customer()
      const older = await baskets((repo) => repo.create(ann))
      const newer = await baskets((repo) => repo.create(ann))
      await baskets((repo) => repo.create(bob))
      await baskets((repo) => repo.create(null))
      const ids = async (limit = 5) =>
        (await baskets((repo) => repo.openOf(ann, limit))).map((basket) => basket.id)
      // Changing the older one makes it the last changed (a clock tick apart on the database).
      await new Promise((resolve) => setTimeout(resolve, 5))
      await baskets((repo) => repo.setItem({ basketId: older.id, owner: ann }, car, 1))
      expect(await ids()).toEqual([older.id, newer.id])
      expect(await ids(1)).toEqual([older.id])
      expect((await baskets((repo) => repo.openOf(ann, 5)))[0]?.items).toHaveLength(1)
      await run(
        Effect.flatMap(OrderRepo, (orders) =>
          orders.createForBasket({
            basketId: older.id,
            customerId: ann,
            createdAt: NOW,
            expiresAt: new Date(NOW.getTime() + HOUR),
          }),
        ),
      )
      expect(await ids()).toEqual([newer.id])
      expect(await baskets((repo) => repo.openOf(randomUUID(), 5))).toEqual([])
    })

    it("merges one basket into another in one step, emptying the one merged", async () => {
      const car = await world.competition({ name: "Car" })
      const watch = await world.competition({ name: "Watch" })
      const ann = await world.customer()
      const code = uniqueCode("FOLLOW")
      await world.promotion(samplePromotion({ code }))
      const into = await baskets((repo) => repo.create(ann))
      const from = await baskets((repo) => repo.create(ann))
      const intoKey = { basketId: into.id, owner: ann }
      const fromKey = { basketId: from.id, owner: ann }
      await baskets((repo) => repo.setItem(intoKey, car, 2))
      await baskets((repo) => repo.setItem(fromKey, watch, 3))
      await baskets((repo) => repo.setPromotionCodes(fromKey, [code]))
      await baskets((repo) => repo.setSiteCreditPurchase(fromKey, pence(500)))
      const seen: [string, string][] = []
      const merged = await baskets((repo) =>
        repo.absorb(intoKey, from.id, (a, b) => {
          seen.push([a.id, b.id])
          return {
            items: [...a.items, ...b.items].map(({ competitionId, quantity }) => ({
              competitionId,
              quantity,
            })),
            promotionCodes: b.promotionCodes,
            siteCreditPurchase: b.siteCreditPurchase,
          }
        }),
      )
      expect(seen).toEqual([[into.id, from.id]])
      expect(merged.items.map((i) => [i.competitionId, i.quantity])).toEqual([
        [car, 2],
        [watch, 3],
      ])
      expect([merged.promotionCodes, merged.siteCreditPurchase]).toEqual([[code], 500])
      const emptied = await baskets((repo) => repo.byId(from.id))
      expect([emptied.items, emptied.promotionCodes, emptied.siteCreditPurchase]).toEqual([
        [],
        [],
        0,
      ])
      // The merged basket is the last changed.
      expect((await baskets((repo) => repo.openOf(ann, 5)))[0]?.id).toBe(into.id)
    })

    it("merges nothing from a basket that is someone else's or checked out, and only into the owner's open one", async () => {
      const car = await world.competition({ name: "Car" })
      const ann = await world.customer()
      const bob = await world.customer()
      const anns = await baskets((repo) => repo.create(ann))
      const bobs = await baskets((repo) => repo.create(bob))
      await baskets((repo) => repo.setItem({ basketId: bobs.id, owner: bob }, car, 4))
      const everything = (a: Basket, b: Basket) => ({
        items: [...a.items, ...b.items],
        promotionCodes: [],
        siteCreditPurchase: pence(0),
      })
      const annsKey = { basketId: anns.id, owner: ann }
      // Bob's basket is not Ann's to merge: hers is answered untouched, his keeps his line.
      expect((await baskets((repo) => repo.absorb(annsKey, bobs.id, everything))).items).toEqual([])
      expect((await baskets((repo) => repo.byId(bobs.id))).items).toHaveLength(1)
      for (const missing of [randomUUID(), "x", anns.id])
        expect((await baskets((repo) => repo.absorb(annsKey, missing, everything))).items).toEqual(
          [],
        )
      // Nor a checked-out one of hers.
      const bought = await baskets((repo) => repo.create(ann))
      await baskets((repo) => repo.setItem({ basketId: bought.id, owner: ann }, car, 1))
      await run(
        Effect.flatMap(OrderRepo, (orders) =>
          orders.createForBasket({
            basketId: bought.id,
            customerId: ann,
            createdAt: NOW,
            expiresAt: new Date(NOW.getTime() + HOUR),
          }),
        ),
      )
      expect((await baskets((repo) => repo.absorb(annsKey, bought.id, everything))).items).toEqual(
        [],
      )
      expect((await baskets((repo) => repo.byId(bought.id))).items).toHaveLength(1)
      // Into a basket not the owner's, or gone: nothing to merge into.
      expect(
        await failure((repo) =>
          repo.absorb({ basketId: bobs.id, owner: ann }, anns.id, everything),
        ),
      ).toMatchObject({ _tag: "BasketNotFound" })
      expect(
        await failure((repo) =>
          repo.absorb({ basketId: randomUUID(), owner: ann }, anns.id, everything),
        ),
      ).toMatchObject({ _tag: "BasketNotFound" })
    })

    it("refuses changes once checked out, except checkout's own record of what was bought", async () => {
      const car = await world.competition({ name: "Car" })
      const watch = await world.competition({ name: "Watch" })
      const customerId = await world.customer()
      const { id } = await baskets((repo) => repo.create(customerId))
      const key = { basketId: id, owner: customerId }
      await baskets((repo) => repo.setItem(key, car, 2))
      const held = await baskets((repo) => repo.setItem(key, watch, 1))
      const { order } = await run(
        Effect.flatMap(OrderRepo, (orders) =>
          orders.createForBasket({
            basketId: id,
            customerId,
            createdAt: NOW,
            expiresAt: new Date(NOW.getTime() + HOUR),
          }),
        ),
      )
      const closed = await baskets((repo) => repo.byId(id))
      expect(closed).toEqual({ ...held, orderId: order.id })
      expect(await baskets((repo) => repo.holdForCheckout(id))).toEqual(closed)

      const refusals = [
        (repo: typeof BasketRepo.Service) => repo.setItem(key, car, 3),
        (repo: typeof BasketRepo.Service) => repo.removeItem(key, held.items[0]?.id ?? ""),
        (repo: typeof BasketRepo.Service) => repo.setPromotionCodes(key, []),
        (repo: typeof BasketRepo.Service) =>
          repo.setExtras(key, { autoRoundup: true, siteCreditRequested: pence(100) }),
        (repo: typeof BasketRepo.Service) => repo.setSiteCreditPurchase(key, pence(100)),
        (repo: typeof BasketRepo.Service) => repo.claim(id, customerId),
      ]
      for (const refused of refusals)
        expect(await failure(refused)).toEqual(
          expect.objectContaining({ _tag: "BasketCheckedOut", basketId: id, orderId: order.id }),
        )
      expect(await baskets((repo) => repo.byId(id))).toEqual(closed)

      const bought = await baskets((repo) =>
        repo.recordBought(id, [
          { competitionId: car, quantity: 1 },
          { competitionId: watch, quantity: 0 },
        ]),
      )
      expect(bought.items.map((i) => [i.competitionId, i.quantity])).toEqual([[car, 1]])
      expect(bought.orderId).toBe(order.id)
      expect(await failure((repo) => repo.recordBought(randomUUID(), []))).toMatchObject({
        _tag: "BasketNotFound",
      })
    })
  })
