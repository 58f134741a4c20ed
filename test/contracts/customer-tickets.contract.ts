import { randomUUID } from "node:crypto"
import { CustomerTicketRepo } from "@howzat/core/ports"
import { OrderStatus } from "@howzat/core/rules"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DAY, NOW, type OrdersWorld, placeOrder, runOn } from "./orders.world"

const ascending = (numbers: readonly number[] | undefined) =>
  [...(numbers ?? [])].sort((a, b) => a - b)

/**
 * The CustomerTicketRepo port's contract, run on the in-memory adapter and
 * on PGlite and PostgreSQL: a customer's tickets are those of completed
 * orders and free postal entries (an unpaid or cancelled order's are not
 * theirs), UPCOMING every competition without a draw, soonest first, and
 * DRAWN the drawn ones, latest first.
 */
export const customerTicketsContract = (name: string, open: () => Promise<OrdersWorld>) =>
  describe(name, { timeout: 120_000 }, () => {
    let world: OrdersWorld
    const run = runOn(() => world)
    const tickets = <A, E>(use: (repo: typeof CustomerTicketRepo.Service) => Effect.Effect<A, E>) =>
      run(Effect.flatMap(CustomerTicketRepo, use))
    const buy = async (
      customerId: string,
      lines: { competitionId: string; quantity: number }[],
      status: OrderStatus,
    ) => (await run(placeOrder(customerId, lines, { status }))).numbers

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("shows only completed orders' tickets, upcoming soonest first and drawn latest first", async () => {
      const customerId = await world.customer()
      const someoneElse = await world.customer()
      const at = (days: number) => new Date(NOW.getTime() + days * DAY)
      const drawnOn = (days: number) => ({ closesAt: at(days - 0.5), drawAt: at(days) })
      const later = await world.competition(drawnOn(11))
      const sooner = await world.competition(drawnOn(5))
      // No draw date: placed by its close date.
      const noDrawDate = await world.competition({ drawAt: null, closesAt: at(3) })
      const drawnEarlier = await world.competition(drawnOn(2))
      const drawnLater = await world.competition(drawnOn(4))
      const unpaidOnly = await world.competition()

      const bought = await buy(
        customerId,
        [later, sooner, noDrawDate, drawnEarlier, drawnLater].map((competitionId) => ({
          competitionId,
          quantity: 3,
        })),
        OrderStatus.Completed,
      )
      const more = await buy(
        customerId,
        [{ competitionId: later, quantity: 2 }],
        OrderStatus.Completed,
      )
      await buy(
        customerId,
        [
          { competitionId: later, quantity: 1 },
          { competitionId: unpaidOnly, quantity: 1 },
        ],
        OrderStatus.AwaitingPayment,
      )
      await buy(customerId, [{ competitionId: sooner, quantity: 1 }], OrderStatus.Cancelled)
      await buy(someoneElse, [{ competitionId: later, quantity: 2 }], OrderStatus.Completed)
      await world.draw(drawnEarlier, at(2))
      await world.draw(drawnLater, at(4))

      const upcoming = await tickets((repo) =>
        repo.competitions({ customerId, drawn: false, page: { pageNumber: 1, pageSize: 10 } }),
      )
      const laterNumbers = ascending([...(bought.get(later) ?? []), ...(more.get(later) ?? [])])
      expect(upcoming).toEqual({
        pageNumber: 1,
        pageSize: 10,
        totalCount: 3,
        items: [
          { competitionId: noDrawDate, ticketNumbers: ascending(bought.get(noDrawDate)) },
          { competitionId: sooner, ticketNumbers: ascending(bought.get(sooner)) },
          { competitionId: later, ticketNumbers: laterNumbers },
        ],
      })
      const second = await tickets((repo) =>
        repo.competitions({ customerId, drawn: false, page: { pageNumber: 2, pageSize: 2 } }),
      )
      expect(second).toMatchObject({ pageNumber: 2, pageSize: 2, totalCount: 3 })
      expect(second.items.map((c) => c.competitionId)).toEqual([later])

      const done = await tickets((repo) =>
        repo.competitions({ customerId, drawn: true, page: { pageNumber: 1, pageSize: 10 } }),
      )
      expect(done.totalCount).toBe(2)
      expect(done.items).toEqual([
        { competitionId: drawnLater, ticketNumbers: ascending(bought.get(drawnLater)) },
        { competitionId: drawnEarlier, ticketNumbers: ascending(bought.get(drawnEarlier)) },
      ])

      expect(await tickets((repo) => repo.ticketsIn(customerId, later))).toEqual(laterNumbers)
      expect(laterNumbers).toHaveLength(5)
      expect(await tickets((repo) => repo.ticketsIn(customerId, unpaidOnly))).toEqual([])
      expect(await tickets((repo) => repo.ticketsIn(customerId, "not-an-id"))).toEqual([])
      expect(await tickets((repo) => repo.ticketsIn(randomUUID(), later))).toEqual([])
      expect(
        await tickets((repo) =>
          repo.competitions({
            customerId: "nobody",
            drawn: false,
            page: { pageNumber: 1, pageSize: 10 },
          }),
        ),
      ).toEqual({ items: [], pageNumber: 1, pageSize: 10, totalCount: 0 })
    })

    it("names the still open competitions the customer owns tickets in, soonest to close first", async () => {
      const customerId = await world.customer()
      const someoneElse = await world.customer()
      const at = (days: number) => new Date(NOW.getTime() + days * DAY)
      const closingLater = await world.competition({ closesAt: at(9), drawAt: at(10) })
      const closingSooner = await world.competition({ closesAt: at(3), drawAt: null })
      const closingFirst = await world.competition({ closesAt: at(1), drawAt: at(2) })
      const unpaidOnly = await world.competition({ closesAt: at(4) })
      const othersOnly = await world.competition({ closesAt: at(4) })
      const postalOnly = await world.competition({ closesAt: at(5) })
      await buy(
        customerId,
        [closingLater, closingSooner, closingFirst].map((competitionId) => ({
          competitionId,
          quantity: 1,
        })),
        OrderStatus.Completed,
      )
      await buy(
        customerId,
        [{ competitionId: unpaidOnly, quantity: 1 }],
        OrderStatus.AwaitingPayment,
      )
      await buy(someoneElse, [{ competitionId: othersOnly, quantity: 1 }], OrderStatus.Completed)
      await world.postalEntry(customerId, postalOnly)

      const open = (when: Date, limit = 100) =>
        tickets((repo) => repo.openCompetitionIds(customerId, when, limit))
      expect(await open(NOW)).toEqual([closingFirst, closingSooner, postalOnly, closingLater])
      // Once one has closed it is no longer one to buy more in.
      expect(await open(at(2))).toEqual([closingSooner, postalOnly, closingLater])
      expect(await open(NOW, 2)).toEqual([closingFirst, closingSooner])
      expect(await open(NOW, 0)).toEqual([])
      expect(await tickets((repo) => repo.openCompetitionIds("nobody", NOW, 10))).toEqual([])
    })

    it("counts a free postal entry like a paid ticket", async () => {
      const competitionId = await world.competition()
      const customerId = await world.customer()
      const paid = await buy(customerId, [{ competitionId, quantity: 1 }], OrderStatus.Completed)
      const postal = await world.postalEntry(customerId, competitionId)
      const mine = ascending([...(paid.get(competitionId) ?? []), postal])
      expect(await tickets((repo) => repo.ticketsIn(customerId, competitionId))).toEqual(mine)
      const page = await tickets((repo) =>
        repo.competitions({ customerId, drawn: false, page: { pageNumber: 1, pageSize: 20 } }),
      )
      expect(page.items).toEqual([{ competitionId, ticketNumbers: mine }])
    })

    it("no longer shows a refunded order's tickets, and reads a page below 1 as the first", async () => {
      const competitionId = await world.competition()
      const customerId = await world.customer()
      const kept = await buy(customerId, [{ competitionId, quantity: 1 }], OrderStatus.Completed)
      const refunded = await run(
        placeOrder(customerId, [{ competitionId, quantity: 2 }], { status: OrderStatus.Refunded }),
      )
      expect(refunded.numbers.get(competitionId)).toHaveLength(2)
      expect(await tickets((repo) => repo.ticketsIn(customerId, competitionId))).toEqual(
        kept.get(competitionId),
      )
      const page = await tickets((repo) =>
        repo.competitions({ customerId, drawn: false, page: { pageNumber: 0, pageSize: 0 } }),
      )
      expect(page).toEqual({
        pageNumber: 1,
        pageSize: 1,
        totalCount: 1,
        items: [{ competitionId, ticketNumbers: kept.get(competitionId) }],
      })
    })
  })
