import {
  type SoldTicket,
  type SoldTicketQuery,
  StaffTicketReads,
  type StaffTicketReadsShape,
  type TicketHolderDetails,
} from "@howzat/core/ports"
import { Effect, Either, type Layer } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/**
 * StaffTicketReads to test and the seeding its contract needs: a
 * competition with instant-win groups, orders paid or not holding chosen
 * tickets, the demo seed's sales without a customer, and numbers won.
 */
export interface StaffTicketsWorld {
  readonly layer: Layer.Layer<StaffTicketReads>
  /** The competition's id and its groups' ids, in the order given. */
  readonly competition: (
    totalTickets: number,
    groups: readonly { readonly name: string; readonly ticketNumbers: readonly number[] }[],
  ) => Promise<{ readonly competitionId: string; readonly groupIds: readonly string[] }>
  readonly sell: (
    competitionId: string,
    ticketNumbers: readonly number[],
    status: "Completed" | "AwaitingPayment",
  ) => Promise<TicketHolderDetails>
  readonly soldWithoutCustomer: (
    competitionId: string,
    ticketNumbers: readonly number[],
  ) => Promise<void>
  readonly win: (competitionId: string, ticketNumber: number) => Promise<void>
  readonly close: () => Promise<void>
}

const UNKNOWN = "00000000-0000-4000-8000-000000000000"
const page = (pageNumber = 1, pageSize = 50) => ({ pageNumber, pageSize })
const all = (more: Partial<SoldTicketQuery> = {}): SoldTicketQuery => ({
  status: "All",
  page: page(),
  ...more,
})

/**
 * The StaffTicketReads port's contract, run on the in-memory adapter and
 * on PGlite and PostgreSQL: sold means what the draw counts (a paid order's
 * or a sale with no order row, never an unpaid order's), each ticket with
 * its holder and instant win, filtered by number and win, paged whole.
 */
export const staffTicketsContract = (name: string, open: () => Promise<StaffTicketsWorld>) =>
  describe(name, { timeout: 120_000 }, () => {
    let world: StaffTicketsWorld
    const run = <A, E>(use: (reads: StaffTicketReadsShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(StaffTicketReads, use).pipe(Effect.provide(world.layer)))
    const numbers = (tickets: readonly SoldTicket[]) => tickets.map((t) => t.ticketNumber)

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    /** 20 tickets; "Signed bat" wins on 3, 7 and 11, "£5" on 15. 3 and 7 paid, 11 unpaid, 9 a demo sale, 7 won. */
    const shop = async () => {
      const made = await world.competition(20, [
        { name: "Signed bat", ticketNumbers: [3, 7, 11] },
        { name: "£5", ticketNumbers: [15] },
      ])
      const { competitionId } = made
      const holder = await world.sell(competitionId, [3, 7], "Completed")
      const other = await world.sell(competitionId, [1], "Completed")
      await world.sell(competitionId, [11], "AwaitingPayment")
      await world.soldWithoutCustomer(competitionId, [9])
      await world.win(competitionId, 7)
      const [bat = "", five = ""] = made.groupIds
      return { competitionId, bat, five, holder, other }
    }

    it("lists every sold ticket with its holder and instant win, not an unpaid order's", async () => {
      const { competitionId, bat, holder, other } = await shop()
      const batWin = (won: boolean) => ({
        instantWinGroupId: bat,
        instantWinGroupName: "Signed bat",
        won,
      })
      expect(await run((r) => r.soldTickets(competitionId, all()))).toEqual({
        pageNumber: 1,
        pageSize: 50,
        totalCount: 4,
        items: [
          { ticketNumber: 1, holder: other, instantWin: null },
          { ticketNumber: 3, holder, instantWin: batWin(false) },
          { ticketNumber: 7, holder, instantWin: batWin(true) },
          { ticketNumber: 9, holder: null, instantWin: null },
        ],
      })
      const sold = async (query: Partial<SoldTicketQuery>) =>
        numbers((await run((r) => r.soldTickets(competitionId, all(query)))).items)
      expect(await sold({ status: "Won" })).toEqual([7])
      expect(await sold({ status: "NotWon" })).toEqual([1, 3, 9])
      expect(await sold({ fromTicketNumber: 3, toTicketNumber: 7 })).toEqual([3, 7])
      expect(await sold({ fromTicketNumber: 4 })).toEqual([7, 9])
      expect(await sold({ toTicketNumber: 3, status: "NotWon" })).toEqual([1, 3])
      // Every ticket of this list is sold: Unsold lists none of them.
      expect(await sold({ ticketStatus: "Sold" })).toEqual([1, 3, 7, 9])
      expect(await sold({ ticketStatus: "Unsold" })).toEqual([])
      expect(await sold({ ticketStatus: "All", status: "Won" })).toEqual([7])
    })

    it("filters the instant-win numbers by sale: an unpaid order's is not sold", async () => {
      const { competitionId, bat } = await shop()
      const wins = async (groupId: string | undefined, query: Partial<SoldTicketQuery>) =>
        numbers((await run((r) => r.instantWinTickets(competitionId, groupId, all(query)))).items)
      expect(await wins(undefined, { ticketStatus: "Sold" })).toEqual([3, 7])
      expect(await wins(undefined, { ticketStatus: "Unsold" })).toEqual([11, 15])
      expect(await wins(bat, { ticketStatus: "Unsold" })).toEqual([11])
      expect(await wins(undefined, { ticketStatus: "Sold", status: "NotWon" })).toEqual([3])
      expect(await wins(undefined, { ticketStatus: "Unsold", fromTicketNumber: 12 })).toEqual([15])
      const unsold = await run((r) =>
        r.instantWinTickets(competitionId, undefined, all({ ticketStatus: "Unsold" })),
      )
      expect(unsold.totalCount).toBe(2)
      expect(unsold.items.map((t) => t.holder)).toEqual([null, null])
    })

    it("parts every list into Sold and Unsold, whatever else filters it (property)", async () => {
      const { competitionId } = await shop()
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 20 }),
          fc.integer({ min: 1, max: 20 }),
          fc.constantFrom<SoldTicketQuery["status"]>("All", "Won", "NotWon"),
          async (a, b, status) => {
            const range = { fromTicketNumber: Math.min(a, b), toTicketNumber: Math.max(a, b) }
            for (const list of [
              (q: SoldTicketQuery) => run((reads) => reads.soldTickets(competitionId, q)),
              (q: SoldTicketQuery) =>
                run((reads) => reads.instantWinTickets(competitionId, undefined, q)),
            ]) {
              const count = async (ticketStatus: SoldTicketQuery["ticketStatus"]) =>
                (await list(all({ ...range, status, ticketStatus }))).totalCount
              const [every, soldOnes, unsoldOnes, unfiltered] = await Promise.all([
                count("All"),
                count("Sold"),
                count("Unsold"),
                count(undefined),
              ])
              expect(soldOnes + unsoldOnes).toBe(every)
              expect(unfiltered).toBe(every)
            }
          },
        ),
        { numRuns: 10 },
      )
    })

    it("lists the instant-win numbers, of one group or all, naming only a sold one's holder", async () => {
      const { competitionId, bat, five, holder } = await shop()
      const listed = await run((r) => r.instantWinTickets(competitionId, bat, all()))
      expect(listed.totalCount).toBe(3)
      expect(listed.items.map((t) => [t.ticketNumber, t.holder, t.instantWin?.won])).toEqual([
        [3, holder, false],
        [7, holder, true],
        // Held by an order not yet paid: not sold, so no holder yet.
        [11, null, false],
      ])
      const wins = async (groupId: string | undefined, query: Partial<SoldTicketQuery>) =>
        numbers((await run((r) => r.instantWinTickets(competitionId, groupId, all(query)))).items)
      expect(await wins(undefined, {})).toEqual([3, 7, 11, 15])
      expect(await wins(five, {})).toEqual([15])
      expect(await wins(undefined, { status: "Won" })).toEqual([7])
      expect(await wins(undefined, { status: "NotWon", fromTicketNumber: 5 })).toEqual([11, 15])
      expect(await wins(bat, { fromTicketNumber: 4, toTicketNumber: 11 })).toEqual([7, 11])
    })

    it("counts the whole list on a page past its end, and pages it whole (property)", async () => {
      const { competitionId } = await shop()
      const beyond = await run((r) => r.soldTickets(competitionId, all({ page: page(3, 2) })))
      expect(beyond).toEqual({ items: [], totalCount: 4, pageNumber: 3, pageSize: 2 })
      const whole = numbers((await run((r) => r.soldTickets(competitionId, all()))).items)
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 5 }), async (size) => {
          const pages = []
          for (let n = 1; n <= Math.ceil(whole.length / size) + 1; n++) {
            const got = await run((r) => r.soldTickets(competitionId, all({ page: page(n, size) })))
            expect(got.totalCount).toBe(whole.length)
            pages.push(...numbers(got.items))
          }
          expect(pages).toEqual(whole)
        }),
        { numRuns: 5 },
      )
    })

    it("answers an unknown competition, or a group not of it, as not found", async () => {
      const { competitionId, bat } = await shop()
      const other = await world.competition(5, [{ name: "Elsewhere", ticketNumbers: [1] }])
      for (const id of [UNKNOWN, "not-an-id"]) {
        const sold = await run((r) => Effect.either(r.soldTickets(id, all())))
        expect(Either.isLeft(sold) && sold.left._tag).toBe("CompetitionNotFound")
        const wins = await run((r) => Effect.either(r.instantWinTickets(id, bat, all())))
        expect(Either.isLeft(wins) && wins.left._tag).toBe("CompetitionNotFound")
      }
      for (const groupId of [UNKNOWN, "not-an-id", other.groupIds[0] ?? ""]) {
        const wins = await run((r) =>
          Effect.either(r.instantWinTickets(competitionId, groupId, all())),
        )
        expect(Either.isLeft(wins) && wins.left._tag).toBe("InstantWinGroupNotFound")
      }
    })
  })
