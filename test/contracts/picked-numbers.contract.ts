import { BasketRepo, PickedNumberStore, TicketAllocator } from "@howzat/core/ports"
import { holdExpiresAt } from "@howzat/core/rules"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { NOW, type OrdersWorld, placeOrder, runOn } from "./orders.world"

const MINUTE = 60_000
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE)

/**
 * The PickedNumberStore port's contract (docs/decisions/0080), run on the
 * in-memory adapter and on PGlite and PostgreSQL, with the TicketAllocator
 * it works with: a number has one live hold, a sold number none, a hold
 * past its expiry holds nothing while the basket keeps its record of the
 * pick, release lets go, the free numbers page past the sold and the held,
 * and the allocator claims a basket's picks, never another basket's.
 * Racing pickers are the concurrency suite's
 * (adapters/postgres/src/picked-numbers.concurrency.postgres.test.ts).
 */
export const pickedNumbersContract = (name: string, open: () => Promise<OrdersWorld>) =>
  describe(name, { timeout: 120_000 }, () => {
    let world: OrdersWorld
    const run = runOn(() => world)
    const store = <A, E>(use: (s: typeof PickedNumberStore.Service) => Effect.Effect<A, E>) =>
      run(Effect.flatMap(PickedNumberStore, use))
    const basket = (customerId: string) =>
      run(
        Effect.map(
          Effect.flatMap(BasketRepo, (b) => b.create(customerId)),
          (b) => b.id,
        ),
      )

    /** Locks then holds, as core's use case does; answers the numbers lost. */
    const hold = (
      basketId: string,
      customerId: string,
      competitionId: string,
      numbers: number[],
      when = NOW,
    ) =>
      store((s) =>
        Effect.gen(function* () {
          const request = { basketId, customerId, competitionId, numbers, at: when }
          const locked = yield* s.lockForPicking(request)
          const lost = yield* s.hold({ ...request, expiresAt: holdExpiresAt(when) })
          return { locked, lost }
        }),
      )

    const free = (competitionId: string, when = NOW, from = 1, pageSize = 100) =>
      store((s) =>
        s.freeNumbers({ competitionId, at: when, from, page: { pageNumber: 1, pageSize } }),
      )

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("holds numbers for one basket only, and lists them as the basket's", async () => {
      const competitionId = await world.competition({ totalTickets: 20 })
      const ann = await world.customer()
      const bob = await world.customer()
      const annBasket = await basket(ann)
      const bobBasket = await basket(bob)

      expect((await hold(annBasket, ann, competitionId, [3, 7])).lost).toEqual([])
      const clash = await hold(bobBasket, bob, competitionId, [7, 8])
      expect(clash.locked.unavailable).toEqual([7])
      expect(clash.lost).toEqual([7])

      const picks = await store((s) => s.ofBasket(annBasket))
      expect(picks.map((p) => [p.ticketNumber, p.expiresAt.getTime()])).toEqual([
        [3, holdExpiresAt(NOW).getTime()],
        [7, holdExpiresAt(NOW).getTime()],
      ])
      expect(await store((s) => s.ofBasket(bobBasket))).toEqual([])
      const listed = await free(competitionId)
      expect(listed.items).not.toContain(3)
      expect(listed.items).not.toContain(7)
      expect(listed.totalCount).toBe(18)
    })

    it("lets a held number go at its expiry, keeping the basket's record of it", async () => {
      const competitionId = await world.competition({ totalTickets: 10 })
      const ann = await world.customer()
      const bob = await world.customer()
      const annBasket = await basket(ann)
      const bobBasket = await basket(bob)
      await hold(annBasket, ann, competitionId, [4], at(-20))

      expect((await free(competitionId, at(-11))).items).not.toContain(4)
      expect((await free(competitionId, at(-10))).items).toContain(4)
      expect((await hold(bobBasket, bob, competitionId, [4], NOW)).lost).toEqual([])
      expect((await store((s) => s.ofBasket(annBasket))).map((p) => p.ticketNumber)).toEqual([4])
      // Ann's hold is gone: taking it back is refused while Bob's stands.
      expect((await hold(annBasket, ann, competitionId, [4], at(1))).lost).toEqual([4])
    })

    it("releases the numbers asked for, or all of them", async () => {
      const competitionId = await world.competition({ totalTickets: 10 })
      const ann = await world.customer()
      const annBasket = await basket(ann)
      await hold(annBasket, ann, competitionId, [1, 2, 3])

      expect(await store((s) => s.release(annBasket, competitionId, [2, 9]))).toEqual([2])
      expect((await free(competitionId)).items).toContain(2)
      expect(await store((s) => s.release(annBasket, competitionId, null))).toEqual([1, 3])
      expect(await store((s) => s.ofBasket(annBasket))).toEqual([])
      expect((await free(competitionId)).totalCount).toBe(10)
    })

    it("never holds a sold number, and pages the free ones from a number on", async () => {
      const competitionId = await world.competition({ totalTickets: 12 })
      const ann = await world.customer()
      const sold = await run(placeOrder(ann, [{ competitionId, quantity: 2 }]))
      const soldNumbers = sold.numbers.get(competitionId) ?? []
      const annBasket = await basket(ann)

      expect((await hold(annBasket, ann, competitionId, [...soldNumbers])).lost).toEqual(
        soldNumbers,
      )
      const all = await free(competitionId)
      expect(all.totalCount).toBe(10)
      expect(all.items.some((n) => soldNumbers.includes(n))).toBe(false)
      const page = await store((s) =>
        s.freeNumbers({ competitionId, at: NOW, from: 5, page: { pageNumber: 2, pageSize: 3 } }),
      )
      const fromFive = all.items.filter((n) => n >= 5)
      expect(page.items).toEqual(fromFive.slice(3, 6))
      expect(page.totalCount).toBe(fromFive.length)
    })

    it("counts the customer's live holds in their other baskets only", async () => {
      const competitionId = await world.competition({ totalTickets: 20 })
      const ann = await world.customer()
      const first = await basket(ann)
      const second = await basket(ann)
      await hold(first, ann, competitionId, [1, 2])
      await hold(second, ann, competitionId, [5], at(-30))

      const count = (except: string, when = NOW) =>
        store((s) => s.heldInOtherBaskets(ann, competitionId, except, when))
      expect(await count(second)).toBe(2)
      expect(await count(first)).toBe(0) // the second basket's hold ran out
      expect(await count(second, at(10))).toBe(0)
    })

    it("checks out a basket's picks first, and lucky dips around other baskets' holds", async () => {
      const competitionId = await world.competition({ totalTickets: 10 })
      const ann = await world.customer()
      const bob = await world.customer()
      const annBasket = await basket(ann)
      const bobBasket = await basket(bob)
      await hold(annBasket, ann, competitionId, [2, 9])
      await hold(bobBasket, bob, competitionId, [1, 3, 4, 5, 6])

      const allocated = await run(
        Effect.gen(function* () {
          const placed = yield* placeOrder(ann, [])
          return yield* Effect.flatMap(TicketAllocator, (a) =>
            a.allocate({
              orderId: placed.orderId,
              customerId: ann,
              basketId: annBasket,
              at: NOW,
              lines: [{ competitionId, quantity: 4 }],
            }),
          )
        }),
      )
      const line = allocated.lines[0]
      expect(line?.pickedLost).toBeUndefined()
      // 2 and 9 picked; the other two from 7, 8 and 10, the only numbers nobody holds.
      expect(line?.ticketNumbers).toHaveLength(4)
      expect(line?.ticketNumbers).toEqual(expect.arrayContaining([2, 9]))
      for (const n of line?.ticketNumbers ?? []) expect([2, 7, 8, 9, 10]).toContain(n)
      expect(await store((s) => s.ofBasket(annBasket))).toEqual([])
    })

    it("reports a pick another basket took after its hold ran out", async () => {
      const competitionId = await world.competition({ totalTickets: 10 })
      const ann = await world.customer()
      const bob = await world.customer()
      const annBasket = await basket(ann)
      const bobBasket = await basket(bob)
      await hold(annBasket, ann, competitionId, [3, 4], at(-30))
      await hold(bobBasket, bob, competitionId, [4])

      const allocated = await run(
        Effect.gen(function* () {
          const placed = yield* placeOrder(ann, [])
          return yield* Effect.flatMap(TicketAllocator, (a) =>
            a.allocate({
              orderId: placed.orderId,
              customerId: ann,
              basketId: annBasket,
              at: NOW,
              lines: [{ competitionId, quantity: 2 }],
            }),
          )
        }),
      )
      expect(allocated.lines[0]?.pickedLost).toEqual([4])
    })
  })
