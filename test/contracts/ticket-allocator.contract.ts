import { randomUUID } from "node:crypto"
import { TicketAllocator } from "@howzat/core/ports"
import {
  allocationExceptions,
  allocationReasons,
  allowedQuantity,
  countsAgainst,
  countsTowardsMaximum,
  OrderStatus,
  orderStatuses,
  pence,
} from "@howzat/core/rules"
import { Effect } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DAY, NOW, type OrdersWorld, placeOrder, runOn } from "./orders.world"

const ascending = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b)

/**
 * The TicketAllocator port's contract (decision 0053), run on the in-memory
 * adapter and on PGlite and PostgreSQL: numbers from the pool, never handed
 * out twice, never past the stock or the customer's maximum, nothing sold
 * outside saleIsOpen, a shortfall reported as facts core's rule words, and
 * an order's tickets back in the pool once, behind another free one and
 * handed out again in time (decision 0060). Which numbers (the pool's random
 * order), the sold counter and the rollback with the caller's transaction
 * are the database's (orders.database.ts); buyers racing, its concurrency
 * suite's (allocation.concurrency.postgres.test.ts).
 */
export const ticketAllocatorContract = (name: string, open: () => Promise<OrdersWorld>) =>
  describe(name, { timeout: 120_000 }, () => {
    let world: OrdersWorld
    const run = runOn(() => world)
    const allocator = <A, E>(use: (a: typeof TicketAllocator.Service) => Effect.Effect<A, E>) =>
      run(Effect.flatMap(TicketAllocator, use))
    /** A fresh order of the customer's and its allocation, with core's reasons for it. */
    const buy = async (
      customerId: string,
      lines: { competitionId: string; quantity: number }[],
    ) => {
      const placed = await run(placeOrder(customerId, lines))
      return { ...placed, exceptions: allocationExceptions(placed.lines, NOW) }
    }

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("claims distinct numbers of the pool for each line and reports the facts", async () => {
      const first = await world.competition({ name: "First", totalTickets: 50 })
      const second = await world.competition({
        name: "Second",
        totalTickets: 50,
        ticketPrice: pence(250),
        maxTicketsPerCustomer: 7,
      })
      const customerId = await world.customer()
      const result = await buy(customerId, [
        { competitionId: first, quantity: 5 },
        { competitionId: second, quantity: 3 },
      ])
      expect(result.exceptions).toEqual([])
      const line = result.lines.find((l) => l.competitionId === second)
      expect(line).toEqual({
        competitionId: second,
        competitionName: "Second",
        requested: 3,
        ticketNumbers: expect.any(Array),
        unitPrice: 250,
        maxPerCustomer: 7,
        held: 0,
        sale: {
          opensAt: new Date(NOW.getTime() - DAY),
          closesAt: new Date(NOW.getTime() + 10 * DAY),
          drawn: false,
        },
      })
      for (const [competitionId, count] of [
        [first, 5],
        [second, 3],
      ] as const) {
        const numbers = result.numbers.get(competitionId) ?? []
        expect(numbers).toHaveLength(count)
        expect(numbers).toEqual(ascending(numbers))
        expect(new Set(numbers).size).toBe(count)
        expect(numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= 50)).toBe(true)
        expect(await allocator((a) => a.ticketsHeld(customerId, competitionId))).toBe(count)
      }
    })

    it("gives what is left when the competition sells out, and says why", async () => {
      const competitionId = await world.competition({ name: "Nearly gone", totalTickets: 5 })
      const early = await world.customer()
      const first = await buy(early, [{ competitionId, quantity: 3 }])
      const late = await world.customer()
      const result = await buy(late, [{ competitionId, quantity: 4 }])
      const numbers = result.numbers.get(competitionId) ?? []
      expect(numbers).toHaveLength(2)
      expect(ascending([...numbers, ...(first.numbers.get(competitionId) ?? [])])).toEqual([
        1, 2, 3, 4, 5,
      ])
      expect(result.exceptions).toEqual([
        { competitionName: "Nearly gone", exceptionReason: allocationReasons.fewerLeft(2) },
      ])
      const again = await buy(late, [{ competitionId, quantity: 1 }])
      expect(again.lines[0]).toMatchObject({ ticketNumbers: [], held: 2 })
      expect(again.exceptions).toEqual([
        { competitionName: "Nearly gone", exceptionReason: allocationReasons.soldOut },
      ])
    })

    it("never lets one customer pass the maximum across orders, unpaid ones included", async () => {
      const competitionId = await world.competition({
        name: "Limited",
        totalTickets: 100,
        maxTicketsPerCustomer: 5,
      })
      const customerId = await world.customer()
      await buy(customerId, [{ competitionId, quantity: 3 }])
      const second = await buy(customerId, [{ competitionId, quantity: 4 }])
      expect(second.lines[0]?.ticketNumbers).toHaveLength(2)
      expect(second.lines[0]).toMatchObject({ requested: 4, held: 3, maxPerCustomer: 5 })
      expect(second.exceptions[0]?.exceptionReason).toBe(allocationReasons.fewerBeforeMaximum(2, 5))
      const third = await buy(customerId, [{ competitionId, quantity: 1 }])
      expect(third.lines[0]).toMatchObject({ ticketNumbers: [], held: 5 })
      expect(third.exceptions[0]?.exceptionReason).toBe(allocationReasons.maximumReached(5))
      // Someone else is not held back by it.
      const other = await world.customer()
      expect(
        (await buy(other, [{ competitionId, quantity: 4 }])).lines[0]?.ticketNumbers,
      ).toHaveLength(4)
      expect(await allocator((a) => a.ticketsHeld(customerId, competitionId))).toBe(5)
      expect(await allocator((a) => a.ticketsHeld(other, competitionId))).toBe(4)
      expect(await allocator((a) => a.ticketsHeld("not-a-uuid", competitionId))).toBe(0)
      expect(await allocator((a) => a.ticketsHeld(customerId, randomUUID()))).toBe(0)
    })

    it("sells nothing of a competition closed, not yet open or drawn, and says so", async () => {
      const closed = await world.competition({
        name: "Closed",
        opensAt: new Date(NOW.getTime() - 10 * DAY),
        closesAt: new Date(NOW.getTime() - DAY),
        drawAt: null,
      })
      const future = await world.competition({
        name: "Future",
        opensAt: new Date(NOW.getTime() + DAY),
        closesAt: new Date(NOW.getTime() + 10 * DAY),
        drawAt: null,
      })
      // Drawn early: its close date is still to come, but the draw has been made.
      const drawn = await world.competition({ name: "Drawn" })
      await world.draw(drawn, NOW)
      const open = await world.competition({ name: "Open" })
      const customerId = await world.customer()
      const result = await buy(customerId, [
        { competitionId: closed, quantity: 1 },
        { competitionId: future, quantity: 1 },
        { competitionId: drawn, quantity: 2 },
        { competitionId: open, quantity: 1 },
      ])
      const byCompetition = new Map(result.lines.map((l) => [l.competitionId, l]))
      for (const shut of [closed, future, drawn])
        expect(byCompetition.get(shut)).toMatchObject({ ticketNumbers: [], held: 0 })
      expect(byCompetition.get(drawn)?.sale.drawn).toBe(true)
      expect(byCompetition.get(open)?.ticketNumbers).toHaveLength(1)
      expect(new Map(result.exceptions.map((e) => [e.competitionName, e.exceptionReason]))).toEqual(
        new Map([
          ["Closed", allocationReasons.closed],
          ["Future", allocationReasons.notOpen],
          ["Drawn", allocationReasons.closed],
        ]),
      )
      for (const shut of [closed, future, drawn])
        expect(await allocator((a) => a.ticketsHeld(customerId, shut))).toBe(0)
    })

    it("answers no line for a competition that does not exist or a line asking for none", async () => {
      const competitionId = await world.competition()
      const customerId = await world.customer()
      const result = await buy(customerId, [
        { competitionId: randomUUID(), quantity: 2 },
        { competitionId, quantity: 0 },
      ])
      expect(result.lines).toEqual([])
      expect(await allocator((a) => a.ticketsHeld(customerId, competitionId))).toBe(0)
    })

    it("returns an order's tickets to the pool once, and sells them again, never twice", async () => {
      const competitionId = await world.competition({ totalTickets: 6 })
      const [ann, bob, cat] = [
        await world.customer(),
        await world.customer(),
        await world.customer(),
      ]
      const anns = await buy(ann, [{ competitionId, quantity: 3 }])
      const bobs = await buy(bob, [{ competitionId, quantity: 3 }])
      expect(await allocator((a) => a.release(anns.orderId))).toBe(3)
      expect(await allocator((a) => a.release(anns.orderId))).toBe(0)
      expect(await allocator((a) => a.release(randomUUID()))).toBe(0)
      expect(await allocator((a) => a.ticketsHeld(ann, competitionId))).toBe(0)
      // Cat gets what Ann gave back, and none of Bob's.
      const cats = await buy(cat, [{ competitionId, quantity: 5 }])
      expect(cats.numbers.get(competitionId)).toEqual(anns.numbers.get(competitionId))
      expect(
        ascending([
          ...(cats.numbers.get(competitionId) ?? []),
          ...(bobs.numbers.get(competitionId) ?? []),
        ]),
      ).toEqual([1, 2, 3, 4, 5, 6])
    })

    it("puts a released ticket back behind another free one, never first in line (property)", async () => {
      // Abandoning an order and buying again must not hand the customer the
      // same number back while any other is free (decision 0060): otherwise a
      // customer could cancel and retry until a number they like comes round.
      const step = fc.oneof(
        fc.record({ kind: fc.constant("buy" as const), quantity: fc.integer({ min: 1, max: 3 }) }),
        fc.record({ kind: fc.constant("release" as const), which: fc.nat() }),
        fc.record({ kind: fc.constant("retry" as const) }),
      )
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 2, max: 12 }),
          fc.array(step, { minLength: 1, maxLength: 10 }),
          async (total, steps) => {
            const competitionId = await world.competition({
              name: "Retried",
              totalTickets: total,
              maxTicketsPerCustomer: total,
            })
            const customerId = await world.customer()
            const live = new Map<string, number[]>()
            const free = () => total - [...live.values()].flat().length
            const buyOne = async (quantity: number) => {
              const placed = await buy(customerId, [{ competitionId, quantity }])
              const numbers = placed.numbers.get(competitionId) ?? []
              if (numbers.length > 0) live.set(placed.orderId, numbers)
              return { orderId: placed.orderId, numbers }
            }
            // Every sequence ends with a retry, so each run checks one at least.
            for (const s of [...steps, { kind: "retry" as const }]) {
              if (s.kind === "buy") await buyOne(s.quantity)
              else if (s.kind === "release") {
                const orderId = [...live.keys()][s.which % Math.max(1, live.size)]
                if (orderId === undefined) continue
                await allocator((a) => a.release(orderId))
                live.delete(orderId)
              } else {
                // One ticket, given back, then one ticket again, while another is free.
                if (free() < 2) continue
                const first = await buyOne(1)
                await allocator((a) => a.release(first.orderId))
                live.delete(first.orderId)
                const again = await buyOne(1)
                expect(again.numbers).toHaveLength(1)
                expect(again.numbers).not.toEqual(first.numbers)
              }
            }
          },
        ),
        { numRuns: 25 },
      )
    })

    it("never hands a number out twice, nor past the stock or anyone's maximum (property)", async () => {
      const customers = [await world.customer(), await world.customer(), await world.customer()]
      const step = fc.oneof(
        fc.record({
          kind: fc.constant("buy" as const),
          who: fc.integer({ min: 0, max: 2 }),
          quantity: fc.integer({ min: 1, max: 5 }),
        }),
        fc.record({ kind: fc.constant("release" as const), which: fc.nat() }),
      )
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
          const total = 8
          const max = 4
          const competitionId = await world.competition({
            name: "Small",
            totalTickets: total,
            maxTicketsPerCustomer: max,
          })
          // What each live order holds, as the allocator answered it.
          const live = new Map<string, { who: number; numbers: number[] }>()
          for (const s of steps) {
            if (s.kind === "release") {
              const orderIds = [...live.keys()]
              const orderId = orderIds[s.which % Math.max(1, orderIds.length)]
              if (orderId === undefined) continue
              const released = await allocator((a) => a.release(orderId))
              expect(released).toBe(live.get(orderId)?.numbers.length)
              live.delete(orderId)
              continue
            }
            const customerId = customers[s.who] ?? ""
            const heldBefore = [...live.values()]
              .filter((o) => o.who === s.who)
              .reduce((n, o) => n + o.numbers.length, 0)
            const taken = new Set([...live.values()].flatMap((o) => o.numbers))
            const placed = await buy(customerId, [{ competitionId, quantity: s.quantity }])
            const numbers = placed.numbers.get(competitionId) ?? []
            // Exactly what was allowed and left: no more, and no less while any was free.
            const allowed = allowedQuantity(s.quantity, max, heldBefore)
            expect(numbers).toHaveLength(Math.min(allowed, total - taken.size))
            expect(placed.lines[0]).toMatchObject({ held: heldBefore, maxPerCustomer: max })
            for (const n of numbers) {
              expect(taken.has(n)).toBe(false)
              expect(n >= 1 && n <= total).toBe(true)
            }
            live.set(placed.orderId, { who: s.who, numbers })
          }
          const everyNumber = [...live.values()].flatMap((o) => o.numbers)
          expect(new Set(everyNumber).size).toBe(everyNumber.length)
          for (const [who, customerId] of customers.entries()) {
            const held = await allocator((a) => a.ticketsHeld(customerId, competitionId))
            expect(held).toBe(
              [...live.values()]
                .filter((o) => o.who === who)
                .reduce((n, o) => n + o.numbers.length, 0),
            )
            expect(held).toBeLessThanOrEqual(max)
          }
          // Released numbers are not parked for ever: buying until the pool
          // is empty hands out every number, each once (sold + free = total).
          for (let left = total - everyNumber.length; left > 0; ) {
            const placed = await buy(await world.customer(), [{ competitionId, quantity: max }])
            const numbers = placed.numbers.get(competitionId) ?? []
            expect(numbers).toHaveLength(Math.min(max, left))
            live.set(placed.orderId, { who: -1, numbers })
            left -= numbers.length
          }
          expect(ascending([...live.values()].flatMap((o) => o.numbers))).toEqual(
            Array.from({ length: total }, (_, i) => i + 1),
          )
        }),
        { numRuns: 25 },
      )
    })

    it("counts a completed order's tickets as held, and a cancelled one's not", async () => {
      const competitionId = await world.competition()
      const customerId = await world.customer()
      await run(
        placeOrder(customerId, [{ competitionId, quantity: 2 }], { status: OrderStatus.Completed }),
      )
      await run(
        placeOrder(customerId, [{ competitionId, quantity: 3 }], { status: OrderStatus.Cancelled }),
      )
      expect(await allocator((a) => a.ticketsHeld(customerId, competitionId))).toBe(2)
    })

    it("counts an order's tickets towards the maximum exactly in the statuses core's rule counts", async () => {
      for (const status of orderStatuses) {
        const competitionId = await world.competition({ maxTicketsPerCustomer: 5 })
        const customerId = await world.customer()
        await run(placeOrder(customerId, [{ competitionId, quantity: 2 }], { status }))
        const held = countsTowardsMaximum({ by: "Order", status }) ? 2 : 0
        expect({
          status,
          held: await allocator((a) => a.ticketsHeld(customerId, competitionId)),
        }).toEqual({ status, held })
        // The allocation reads the same holding, and cuts the next claim by it.
        const next = await buy(customerId, [{ competitionId, quantity: 5 }])
        expect({ status, held: next.lines[0]?.held }).toEqual({ status, held })
        expect(next.lines[0]?.ticketNumbers).toHaveLength(allowedQuantity(5, 5, held))
      }
    })

    it("counts a customer's postal entries, and those sent without an account under their email in any case or spacing", async () => {
      const competitionId = await world.competition({ maxTicketsPerCustomer: 8 })
      const elsewhere = await world.competition()
      const tag = randomUUID().slice(0, 8)
      const email = `Bea.Case-${tag}@Example.com`
      const customerId = await world.customer({ email })
      const lower = email.toLowerCase()
      const postcards = [
        lower,
        ` ${email.toUpperCase()} `,
        `bea.case-${tag}@EXAMPLE.com\t`,
        `Bea. Case-${tag} @example.com`,
      ]
      for (const postcard of postcards)
        await world.postalEntryWithoutAccount(postcard, competitionId)
      // Not theirs here: another address; and theirs in another competition.
      await world.postalEntryWithoutAccount(`x${lower}`, competitionId)
      await world.postalEntryWithoutAccount(lower, elsewhere)
      for (const postcard of postcards)
        expect(
          countsAgainst(
            { hold: { by: "PostalEntry" }, customerId: null, email: postcard },
            { customerId, email },
          ),
        ).toBe(true)
      expect(await allocator((a) => a.ticketsHeld(customerId, competitionId))).toBe(4)

      // Their own postal entry and a purchase count too; the maximum cuts the rest.
      await world.postalEntry(customerId, competitionId)
      const bought = await buy(customerId, [{ competitionId, quantity: 5 }])
      expect(bought.lines[0]).toMatchObject({ held: 5, maxPerCustomer: 8 })
      expect(bought.lines[0]?.ticketNumbers).toHaveLength(3)
      expect(await allocator((a) => a.ticketsHeld(customerId, competitionId))).toBe(8)
      // The postcard to the other competition counts only there.
      expect(await allocator((a) => a.ticketsHeld(customerId, elsewhere))).toBe(1)
      // Someone else signing in with another address is not held back by them.
      const other = await world.customer()
      expect(await allocator((a) => a.ticketsHeld(other, competitionId))).toBe(0)
    })
  })
