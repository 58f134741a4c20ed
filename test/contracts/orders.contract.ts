import { randomUUID } from "node:crypto"
import { OrderRepo, type RecordedAllocation, TicketAllocator } from "@howzat/core/ports"
import {
  allocationReasons,
  canTransition,
  OrderStatus,
  orderStatuses,
  pence,
  releasesTickets,
} from "@howzat/core/rules"
import { Effect, Either } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DAY, HOUR, NOW, type OrdersWorld, placeOrder, runOn } from "./orders.world"

const MINUTE = 60_000

/** An allocation recorded as checkout records it: 99p a ticket, the totals summed. */
const recorded = (
  lines: readonly {
    readonly competitionId: string
    readonly requested: number
    readonly got: number
  }[],
  extra: Partial<RecordedAllocation> = {},
): RecordedAllocation => {
  const total = lines.reduce((sum, line) => sum + 99 * line.got, 0)
  return {
    lines: lines.map((line) => ({
      competitionId: line.competitionId,
      quantityRequested: line.requested,
      quantity: line.got,
      unitPrice: pence(99),
      preDiscountTotal: pence(99 * line.got),
      lineTotal: pence(99 * line.got),
    })),
    itemTotal: pence(total),
    discountTotal: pence(0),
    donation: pence(0),
    siteCreditDebit: pence(0),
    orderTotal: pence(total),
    exceptions: [],
    ...extra,
  }
}

/**
 * The OrderRepo port's contract, run on the in-memory adapter and on PGlite
 * and PostgreSQL: one order per basket, an allocation read back with its
 * numbers from the pool, the status machine (a cancel's tickets back in the
 * pool in the same move), the expiry pass's list and put-off, and the pages
 * of orders. A checkout racing another for one basket is the concurrency
 * suite's (allocation.concurrency.postgres.test.ts).
 */
export const ordersContract = (name: string, open: () => Promise<OrdersWorld>) =>
  describe(name, { timeout: 120_000 }, () => {
    let world: OrdersWorld
    const run = runOn(() => world)
    const orders = <A, E>(use: (repo: typeof OrderRepo.Service) => Effect.Effect<A, E>) =>
      run(Effect.flatMap(OrderRepo, use))
    const failure = async <A, E>(use: (repo: typeof OrderRepo.Service) => Effect.Effect<A, E>) => {
      const outcome = await run(Effect.either(Effect.flatMap(OrderRepo, use)))
      return Either.isLeft(outcome) ? outcome.left : undefined
    }
    const held = (customerId: string, competitionId: string) =>
      run(Effect.flatMap(TicketAllocator, (a) => a.ticketsHeld(customerId, competitionId)))
    const newOrder = async (
      customerId: string,
      options: { status?: OrderStatus; createdAt?: Date; expiresAt?: Date } = {},
    ) => (await run(placeOrder(customerId, [], options))).orderId

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("creates one order per basket: a second checkout gets the first order", async () => {
      const customerId = await world.customer()
      const competitionId = await world.competition()
      const placed = await run(placeOrder(customerId, [{ competitionId, quantity: 2 }]))
      const again = await orders((repo) =>
        repo.createForBasket({
          basketId: placed.basketId,
          customerId,
          createdAt: new Date(NOW.getTime() + HOUR),
          expiresAt: new Date(NOW.getTime() + 2 * HOUR),
        }),
      )
      expect(again.created).toBe(false)
      expect(again.order).toEqual(await orders((repo) => repo.byId(placed.orderId)))
      expect(again.order).toMatchObject({
        id: placed.orderId,
        basketId: placed.basketId,
        customerId,
        status: OrderStatus.Pending,
        createdAt: NOW,
        expiresAt: new Date(NOW.getTime() + HOUR),
        orderRef: expect.stringMatching(/^[0-9A-F]{10}$/),
        lines: [],
        creditItems: [],
        itemTotal: 0,
        orderTotal: 0,
        allocationExceptions: [],
      })

      const fresh = await world.customer()
      const first = await run(placeOrder(fresh, []))
      const other = await run(placeOrder(fresh, []))
      expect(other.orderId).not.toBe(first.orderId)
    })

    it("records the lines and totals and reads them back with the pool's numbers", async () => {
      const car = await world.competition({ name: "Car", totalTickets: 30 })
      const ball = await world.competition({ name: "Ball", totalTickets: 30 })
      const customerId = await world.customer()
      const placed = await run(
        placeOrder(customerId, [
          { competitionId: car, quantity: 3 },
          { competitionId: ball, quantity: 1 },
        ]),
      )
      const allocation = recorded(
        [
          { competitionId: car, requested: 3, got: 3 },
          { competitionId: ball, requested: 2, got: 1 },
        ],
        {
          donation: pence(3),
          orderTotal: pence(99 * 4 + 3 + 500),
          exceptions: [
            { competitionName: "Ball", exceptionReason: allocationReasons.fewerLeft(1) },
          ],
          creditItems: [{ description: "Site credit £5.00", lineTotal: pence(500) }],
        },
      )
      const order = await orders((repo) => repo.recordAllocation(placed.orderId, allocation))
      // Lines by competition name.
      expect(order.lines).toEqual([
        {
          competitionId: ball,
          competitionName: "Ball",
          quantity: 1,
          price: 99,
          preDiscountTotal: 99,
          lineTotal: 99,
          ticketNumbers: placed.numbers.get(ball),
        },
        {
          competitionId: car,
          competitionName: "Car",
          quantity: 3,
          price: 99,
          preDiscountTotal: 297,
          lineTotal: 297,
          ticketNumbers: placed.numbers.get(car),
        },
      ])
      expect(order).toMatchObject({
        itemTotal: 396,
        discountTotal: 0,
        donation: 3,
        siteCreditDebit: 0,
        orderTotal: 899,
        allocationExceptions: allocation.exceptions,
        creditItems: [{ description: "Site credit £5.00", lineTotal: 500 }],
      })
      expect(await orders((repo) => repo.byId(placed.orderId))).toEqual(order)
      expect(
        await failure((repo) => repo.recordAllocation(randomUUID(), recorded([]))),
      ).toMatchObject({ _tag: "OrderNotFound" })
    })

    it("answers OrderNotFound for an unknown or malformed id", async () => {
      for (const id of [randomUUID(), "not-a-uuid"]) {
        expect(await failure((repo) => repo.byId(id))).toMatchObject({ _tag: "OrderNotFound" })
        expect(await failure((repo) => repo.transition(id, OrderStatus.Cancelled))).toMatchObject({
          _tag: "OrderNotFound",
        })
      }
    })

    it("moves only as the status machine allows; a cancel returns the tickets (property)", async () => {
      const competitionId = await world.competition({
        totalTickets: 500,
        maxTicketsPerCustomer: 500,
      })
      const customerId = await world.customer()
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom(...orderStatuses), { minLength: 1, maxLength: 4 }),
          async (moves) => {
            const placed = await run(placeOrder(customerId, [{ competitionId, quantity: 2 }]))
            const before = await held(customerId, competitionId)
            await orders((repo) =>
              repo.recordAllocation(
                placed.orderId,
                recorded([{ competitionId, requested: 2, got: 2 }]),
              ),
            )
            let status: OrderStatus = OrderStatus.Pending
            let released = false
            for (const to of moves) {
              const outcome = await run(
                Effect.either(
                  Effect.flatMap(OrderRepo, (repo) => repo.transition(placed.orderId, to)),
                ),
              )
              if (canTransition(status, to)) {
                expect(Either.isRight(outcome) && outcome.right.status).toBe(to)
                status = to
                released ||= releasesTickets(to)
              } else {
                expect(Either.isLeft(outcome) && outcome.left).toMatchObject({
                  _tag: "OrderTransitionRefused",
                  orderId: placed.orderId,
                  from: status,
                  to,
                })
              }
            }
            const order = await orders((repo) => repo.byId(placed.orderId))
            expect(order.status).toBe(status)
            // Cancelled or expired: the numbers are back in the pool, in the same move.
            expect(order.lines[0]?.ticketNumbers).toEqual(
              released ? [] : placed.numbers.get(competitionId),
            )
            expect(await held(customerId, competitionId)).toBe(before - (released ? 2 : 0))
            const again = await run(
              Effect.flatMap(TicketAllocator, (a) => a.release(placed.orderId)),
            )
            expect(again).toBe(released ? 0 : 2)
          },
        ),
        { numRuns: 15 },
      )
    })

    it("keeps a refunded order's tickets until core returns them", async () => {
      const competitionId = await world.competition()
      const customerId = await world.customer()
      const placed = await run(
        placeOrder(customerId, [{ competitionId, quantity: 2 }], { status: OrderStatus.Completed }),
      )
      const refunded = await orders((repo) => repo.transition(placed.orderId, OrderStatus.Refunded))
      expect(refunded.status).toBe(OrderStatus.Refunded)
      expect(await held(customerId, competitionId)).toBe(2)
    })

    describe("expiry", () => {
      // Its own era, so no other test's orders are due.
      const T = new Date("2020-01-01T12:00:00.000Z")

      it("lists only orders the machine lets the system cancel, whose time is up, oldest first", async () => {
        const customerId = await world.customer()
        const perStatus = new Map<OrderStatus, string>()
        for (const status of orderStatuses) {
          perStatus.set(
            status,
            await newOrder(customerId, {
              createdAt: new Date(T.getTime() - DAY),
              expiresAt: new Date(T.getTime() - HOUR),
              status,
            }),
          )
        }
        const unpaid = (expiresAt: Date) =>
          newOrder(customerId, {
            createdAt: new Date(T.getTime() - DAY),
            expiresAt,
            status: OrderStatus.AwaitingPayment,
          })
        const older = await unpaid(new Date(T.getTime() - 2 * HOUR))
        const justNow = await unpaid(T)
        await unpaid(new Date(T.getTime() + MINUTE))
        const expirable = orderStatuses.filter((s) => canTransition(s, OrderStatus.SystemCancelled))
        expect(expirable.length).toBeGreaterThan(0)
        const dueIds = async (at: Date, limit: number) =>
          (await orders((repo) => repo.dueForExpiry(at, limit))).map((due) => due.orderId)
        // Due at the same time: by id.
        expect(await dueIds(T, 100)).toEqual([
          older,
          ...expirable.map((s) => perStatus.get(s)).sort(),
          justNow,
        ])
        expect(await orders((repo) => repo.dueForExpiry(T, 1))).toEqual([
          { orderId: older, expiryAttempts: 0 },
        ])
        expect(await orders((repo) => repo.dueForExpiry(T, 0))).toEqual([])
        expect(await dueIds(new Date(T.getTime() - 3 * HOUR), 10)).toEqual([])
        // Only a list: nothing was cancelled.
        expect((await orders((repo) => repo.byId(older))).status).toBe(OrderStatus.AwaitingPayment)
      })

      it("leaves a put-off order until its retry time, then lists it behind orders due before", async () => {
        const U = new Date("2019-01-01T12:00:00.000Z")
        const customerId = await world.customer()
        const unpaid = (expiresAt: Date) =>
          newOrder(customerId, {
            createdAt: new Date(U.getTime() - DAY),
            expiresAt,
            status: OrderStatus.AwaitingPayment,
          })
        const stuck = await unpaid(new Date(U.getTime() - HOUR))
        const next = await unpaid(new Date(U.getTime() - MINUTE))
        const due = (at: Date) => orders((repo) => repo.dueForExpiry(at, 10))
        await orders((repo) => repo.expiryPutOff(stuck, new Date(U.getTime() + 2 * MINUTE)))
        // An order that does not exist is put off as nothing at all.
        await orders((repo) => repo.expiryPutOff(randomUUID(), U))
        expect(await due(U)).toEqual([{ orderId: next, expiryAttempts: 0 }])
        const later = await unpaid(new Date(U.getTime() + 3 * MINUTE))
        expect(await due(new Date(U.getTime() + 3 * MINUTE))).toEqual([
          { orderId: next, expiryAttempts: 0 },
          { orderId: stuck, expiryAttempts: 1 },
          { orderId: later, expiryAttempts: 0 },
        ])
        await orders((repo) => repo.expiryPutOff(stuck, new Date(U.getTime() + 4 * MINUTE)))
        expect(await due(new Date(U.getTime() + 4 * MINUTE))).toContainEqual({
          orderId: stuck,
          expiryAttempts: 2,
        })
        // Put off, the order keeps its expiry time: the customer still sees when it ran out.
        expect((await orders((repo) => repo.byId(stuck))).expiresAt).toEqual(
          new Date(U.getTime() - HOUR),
        )
      })
    })

    describe("list", () => {
      // Its own era, so everyone's orders in it are this test's.
      const T = new Date("2030-03-01T12:00:00.000Z")
      const page = (pageNumber: number, pageSize: number) => ({ pageNumber, pageSize })

      it("pages a customer's orders newest first, filtered by status and created dates", async () => {
        const customerId = await world.customer()
        const otherId = await world.customer()
        const statuses = [
          OrderStatus.Completed,
          OrderStatus.AwaitingPayment,
          OrderStatus.Completed,
          OrderStatus.Cancelled,
          OrderStatus.Completed,
        ]
        const ids: string[] = []
        for (const [i, status] of statuses.entries())
          ids.push(
            await newOrder(customerId, { createdAt: new Date(T.getTime() + i * HOUR), status }),
          )
        const others = await newOrder(otherId, { createdAt: new Date(T.getTime() + 30 * MINUTE) })
        const newestFirst = [...ids].reverse()
        const list = (query: Parameters<typeof OrderRepo.Service.list>[0]) =>
          orders((repo) => repo.list(query))

        const first = await list({ customerId, page: page(1, 2) })
        expect(first).toMatchObject({ pageNumber: 1, pageSize: 2, totalCount: 5 })
        expect(first.items.map((o) => o.id)).toEqual(newestFirst.slice(0, 2))
        const last = await list({ customerId, page: page(3, 2) })
        expect(last.items.map((o) => o.id)).toEqual(newestFirst.slice(4))
        // A page number below 1 is the first page.
        expect((await list({ customerId, page: page(0, 2) })).items).toEqual(first.items)

        const completed = await list({
          customerId,
          status: OrderStatus.Completed,
          page: page(1, 10),
        })
        expect(completed.items.map((o) => o.id)).toEqual([ids[4], ids[2], ids[0]])
        expect(completed.totalCount).toBe(3)

        // Both ends of the range are included.
        const ranged = await list({
          customerId,
          createdFrom: new Date(T.getTime() + HOUR),
          createdTo: new Date(T.getTime() + 3 * HOUR),
          page: page(1, 10),
        })
        expect(ranged.items.map((o) => o.id)).toEqual([ids[3], ids[2], ids[1]])

        const everyone = await list({
          customerId: null,
          createdFrom: T,
          createdTo: new Date(T.getTime() + DAY),
          page: page(1, 10),
        })
        expect(everyone.items.map((o) => o.id)).toEqual([
          ...newestFirst.slice(0, 4),
          others,
          ids[0],
        ])
        expect(everyone.totalCount).toBe(6)

        expect(await list({ customerId: "nobody", page: page(1, 10) })).toEqual({
          items: [],
          pageNumber: 1,
          pageSize: 10,
          totalCount: 0,
        })
      })

      it("finds orders by the start of the reference, or part of the customer's name or email", async () => {
        // Its own era, and names no other test's customers have.
        const S = new Date("2031-03-01T12:00:00.000Z")
        const w = [...randomUUID().replace(/-/g, "").slice(0, 8)]
          .map((c) => "ghjkmnpqrstvwxyz"[Number.parseInt(c, 16)])
          .join("")
        const jane = await world.customer({
          firstName: "Jane",
          lastName: `Q${w}son`,
          email: `jane.${w}@example.com`,
        })
        const bob = await world.customer({
          firstName: "Bob",
          lastName: `Q${w}man`,
          email: `b_${w}@example.org`,
        })
        const at = (hours: number) => new Date(S.getTime() + hours * HOUR)
        const janeFirst = await newOrder(jane, { createdAt: at(1), status: OrderStatus.Completed })
        const janeSecond = await newOrder(jane, { createdAt: at(2) })
        const bobs = await newOrder(bob, { createdAt: at(3), status: OrderStatus.Completed })
        const found = async (
          search: string,
          more: { customerId?: string; status?: OrderStatus } = {},
        ) =>
          (
            await orders((repo) =>
              repo.list({
                customerId: more.customerId ?? null,
                status: more.status,
                createdFrom: S,
                createdTo: at(24),
                search,
                page: { pageNumber: 1, pageSize: 10 },
              }),
            )
          ).items.map((o) => o.id)

        expect(await found(`jane q${w.toUpperCase()}`)).toEqual([janeSecond, janeFirst])
        expect(await found(`Q${w}`)).toEqual([bobs, janeSecond, janeFirst])
        expect(await found(`Q${w}`, { status: OrderStatus.Completed })).toEqual([bobs, janeFirst])
        expect(await found(`Q${w}`, { customerId: jane })).toEqual([janeSecond, janeFirst])
        expect(await found(`${w.toUpperCase()}@EXAMPLE.ORG`)).toEqual([bobs])
        expect(await found(`${w}son`, { customerId: bob })).toEqual([])

        const refs = await Promise.all(
          [janeFirst, janeSecond, bobs].map(
            async (id) => (await orders((r) => r.byId(id))).orderRef,
          ),
        )
        const orderRef = refs[2] ?? ""
        expect(await found(orderRef)).toEqual([bobs])
        // The shortest start of Bob's reference that no other order here
        // shares and no name or address here holds.
        const people = `jane q${w}son jane.${w}@example.com bob q${w}man b_${w}@example.org`
        const unique = (start: string) =>
          refs.filter((ref) => ref.startsWith(start)).length === 1 &&
          !people.includes(start.toLowerCase())
        const length =
          [...Array(orderRef.length).keys()]
            .map((n) => n + 1)
            .find((n) => unique(orderRef.slice(0, n))) ?? orderRef.length
        expect(await found(orderRef.slice(0, length).toLowerCase())).toEqual([bobs])
        // From the start only: its end finds nothing, nor does more than the whole of it.
        expect(await found(orderRef.slice(-4))).toEqual([])
        expect(await found(`${orderRef}0`)).toEqual([])
        // LIKE's wildcards are only themselves: "b_" is in Bob's address, "j_ne" in nobody's.
        expect(await found(`b_${w}`)).toEqual([bobs])
        expect(await found("j_ne")).toEqual([])
        expect(await found("%")).toEqual([])
      })

      it("reads each listed order whole, as byId does", async () => {
        const customerId = await world.customer()
        const car = await world.competition({ name: "Car" })
        const watch = await world.competition({ name: "Watch" })
        const orderIds: string[] = []
        for (const quantity of [2, 3]) {
          const placed = await run(
            placeOrder(customerId, [
              { competitionId: car, quantity },
              { competitionId: watch, quantity: 1 },
            ]),
          )
          await orders((repo) =>
            repo.recordAllocation(
              placed.orderId,
              recorded(
                placed.lines.map((line) => ({
                  competitionId: line.competitionId,
                  requested: line.requested,
                  got: line.ticketNumbers.length,
                })),
              ),
            ),
          )
          orderIds.push(placed.orderId)
        }
        const listed = await orders((repo) => repo.list({ customerId, page: page(1, 10) }))
        const byId = await Promise.all(orderIds.map((id) => orders((repo) => repo.byId(id))))
        const sorted = <A extends { id: string }>(items: readonly A[]) =>
          [...items].sort((a, b) => a.id.localeCompare(b.id))
        expect(sorted(listed.items)).toEqual(sorted(byId))
        expect(
          listed.items.flatMap((o) => o.lines.map((l) => l.ticketNumbers.length)).sort(),
        ).toEqual([1, 1, 2, 3])
      })
    })
  })
