import { randomUUID } from "node:crypto"
import { OrderRefundRepo } from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import { Effect, type Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

export const NOW = new Date("2026-06-15T12:00:00.000Z")
const DAY = 86_400_000

/** A competition of a paid order, as the refunds contract seeds it. */
export interface RefundCompetitionSeed {
  readonly name: string
  readonly closesAt: Date
  /** Every number of it is an instant-win number (so any ticket of the order can win one). */
  readonly instantWins?: boolean
}

/** A paid order as seeded: its id and the numbers it holds in each competition, in seed order. */
export interface PaidOrder {
  readonly orderId: string
  readonly competitionIds: readonly string[]
  readonly numbers: ReadonlyMap<string, readonly number[]>
}

/**
 * An OrderRefundRepo to test and the seeding its contract needs: paid
 * orders holding tickets, a draw won by one of them, an instant win, and
 * the club credit an order earned.
 */
export interface OrderRefundsWorld {
  readonly layer: Layer.Layer<OrderRefundRepo>
  readonly paidOrder: (
    competitions: readonly RefundCompetitionSeed[],
    quantity: number,
  ) => Promise<PaidOrder>
  /** The competition is drawn; `ticketNumber` (if given) won its main prize. */
  readonly draw: (competitionId: string, ticketNumber: number | null) => Promise<void>
  /** The order's ticket won the competition's instant-win prize on it. */
  readonly instantWin: (
    orderId: string,
    competitionId: string,
    ticketNumber: number,
  ) => Promise<void>
  /** A club the order's voucher named earned `amount` on it. */
  readonly clubCredit: (orderId: string, amount: number) => Promise<void>
  readonly close: () => Promise<void>
}

/**
 * The OrderRefundRepo port's contract (decision 0029), run on the in-memory
 * adapter and on PGlite and PostgreSQL: the facts a refund decides on (the
 * order's competitions by name, drawn or not, the tickets that won), the
 * tickets of the competitions core names back on sale once, counted, and the
 * club credit taken back once. The sold counter and the club ledger's
 * constraint are the database's own tests (order-refunds.database.ts).
 */
export const orderRefundsContract = (name: string, open: () => Promise<OrderRefundsWorld>) =>
  describe(name, { timeout: 120_000 }, () => {
    let world: OrderRefundsWorld
    const run = <A, E>(use: (repo: typeof OrderRefundRepo.Service) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(OrderRefundRepo, use).pipe(Effect.provide(world.layer)))
    const closesIn = (days: number) => new Date(NOW.getTime() + days * DAY)

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("returns the tickets of the competitions named, and only those, once", async () => {
      const order = await world.paidOrder(
        [
          { name: "Stays", closesAt: closesIn(5) },
          { name: "Goes back", closesAt: closesIn(5) },
          { name: "Later", closesAt: closesIn(5) },
        ],
        3,
      )
      const [stays, goes, later] = order.competitionIds
      expect(await run((repo) => repo.returnTickets(order.orderId, [goes ?? ""]))).toBe(3)
      expect(await run((repo) => repo.returnTickets(order.orderId, [goes ?? ""]))).toBe(0)
      expect(await run((repo) => repo.returnTickets(order.orderId, []))).toBe(0)
      // A competition the order holds nothing in gives nothing back.
      expect(await run((repo) => repo.returnTickets(order.orderId, [randomUUID()]))).toBe(0)
      expect(
        await run((repo) => repo.returnTickets(order.orderId, [goes ?? "", later ?? ""])),
      ).toBe(3)
      expect(stays).toBeDefined()
      for (const orderId of [randomUUID(), "not-a-uuid"])
        expect(await run((repo) => repo.returnTickets(orderId, [stays ?? ""]))).toBe(0)
    })

    it("names the order's competitions by name, whether drawn, and the tickets that won", async () => {
      const order = await world.paidOrder(
        [
          { name: "B every ticket wins", closesAt: closesIn(5), instantWins: true },
          { name: "A plain one", closesAt: closesIn(-1) },
        ],
        1,
      )
      const [lucky = "", plain = ""] = order.competitionIds
      const luckyTicket = order.numbers.get(lucky)?.[0] ?? 0
      const plainTicket = order.numbers.get(plain)?.[0] ?? 0
      expect(await run((repo) => repo.facts(order.orderId))).toEqual({
        competitions: [
          { competitionId: plain, name: "A plain one", closesAt: closesIn(-1), drawn: false },
          {
            competitionId: lucky,
            name: "B every ticket wins",
            closesAt: closesIn(5),
            drawn: false,
          },
        ],
        winningTickets: [],
      })
      await world.instantWin(order.orderId, lucky, luckyTicket)
      await world.draw(plain, plainTicket)
      const facts = await run((repo) => repo.facts(order.orderId))
      expect(facts.competitions.map((c) => [c.competitionId, c.drawn])).toEqual([
        [plain, true],
        [lucky, false],
      ])
      expect([...facts.winningTickets].sort((a, b) => a.prize.localeCompare(b.prize))).toEqual([
        { competitionId: lucky, ticketNumber: luckyTicket, prize: "InstantWin" },
        { competitionId: plain, ticketNumber: plainTicket, prize: "Main" },
      ])
      for (const orderId of [randomUUID(), "not-a-uuid"])
        expect(await run((repo) => repo.facts(orderId))).toEqual({
          competitions: [],
          winningTickets: [],
        })
    })

    it("reads a drawn competition another ticket won as drawn, with nothing won", async () => {
      const order = await world.paidOrder([{ name: "Lost", closesAt: closesIn(-2) }], 1)
      const [lost = ""] = order.competitionIds
      await world.draw(lost, null)
      expect(await run((repo) => repo.facts(order.orderId))).toEqual({
        competitions: [{ competitionId: lost, name: "Lost", closesAt: closesIn(-2), drawn: true }],
        winningTickets: [],
      })
    })

    it("takes back the club credit an order earned, once", async () => {
      const order = await world.paidOrder([{ name: "Club night", closesAt: closesIn(5) }], 1)
      await world.clubCredit(order.orderId, 90)
      await world.clubCredit(order.orderId, 40)
      expect(await run((repo) => repo.reverseClubCredit(order.orderId, NOW))).toBe(pence(130))
      expect(await run((repo) => repo.reverseClubCredit(order.orderId, NOW))).toBe(0)
      const none = await world.paidOrder([{ name: "No club", closesAt: closesIn(5) }], 1)
      expect(await run((repo) => repo.reverseClubCredit(none.orderId, NOW))).toBe(0)
      for (const orderId of [randomUUID(), "not-a-uuid"])
        expect(await run((repo) => repo.reverseClubCredit(orderId, NOW))).toBe(0)
    })
  })
