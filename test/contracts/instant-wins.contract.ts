import {
  type InstantWinClaim,
  InstantWinRepo,
  type InstantWinRepoShape,
  type TicketHolding,
} from "@howzat/core/ports"
import { type Pence, pence } from "@howzat/core/rules"
import { Effect, type Layer } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/** An instant-win number as the seeding reads it back: who won it, through what, when. */
export interface InstantWinState {
  readonly wonAt: Date | null
  readonly winnerCustomerId: string | null
  readonly winnerDisplayName: string | null
  readonly orderId: string | null
  readonly postalEntryId: string | null
  readonly processedAt: Date | null
}

export interface SeededInstantWinGroup {
  readonly name: string
  readonly prizeSiteCredit: Pence | null
  readonly ticketNumbers: readonly number[]
}

/**
 * An InstantWinRepo to test and the seeding its contract needs:
 * competitions with instant-win groups, holdings that take tickets from the
 * pool (and give them back, as a cancelled order does), and a read of a
 * number's winner as the other ports see it.
 */
export interface InstantWinsWorld {
  readonly layer: Layer.Layer<InstantWinRepo>
  readonly competition: (
    name: string,
    totalTickets: number,
    groups: readonly SeededInstantWinGroup[],
  ) => Promise<string>
  readonly customer: () => Promise<string>
  /** A new holding of `kind` taking these tickets from the pool. */
  readonly hold: (
    competitionId: string,
    ticketNumbers: readonly number[],
    kind: TicketHolding["kind"],
  ) => Promise<TicketHolding>
  /** The holding's tickets back in the pool. */
  readonly release: (competitionId: string, ticketNumbers: readonly number[]) => Promise<void>
  readonly stateOf: (competitionId: string, ticketNumber: number) => Promise<InstantWinState>
  readonly close: () => Promise<void>
}

const NOW = new Date("2026-06-15T12:00:00.000Z")
const LATER = new Date(NOW.getTime() + 3_600_000)
const UNKNOWN = "00000000-0000-4000-8000-000000000000"
const unwon: InstantWinState = {
  wonAt: null,
  winnerCustomerId: null,
  winnerDisplayName: null,
  orderId: null,
  postalEntryId: null,
  processedAt: null,
}
const holderOf = (holding: TicketHolding) =>
  holding.kind === "Order"
    ? { orderId: holding.orderId, postalEntryId: null }
    : { orderId: null, postalEntryId: holding.postalEntryId }

/**
 * The InstantWinRepo port's contract, run on the in-memory adapter (with
 * its pool) and on PGlite and PostgreSQL: a number is won once, only by
 * the holding that holds it in the pool, with its prize; a prize is
 * processed once; and which tickets are instant-win numbers.
 */
export const instantWinsContract = (name: string, open: () => Promise<InstantWinsWorld>) =>
  describe(name, { timeout: 120_000 }, () => {
    let world: InstantWinsWorld
    let dips = 0
    const run = <A, E>(use: (repo: InstantWinRepoShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(InstantWinRepo, use).pipe(Effect.provide(world.layer)))

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    /** Four tickets: 1 and 2 win £5 of site credit, 3 a match ball, 4 nothing. */
    const luckyDip = async () => {
      dips += 1
      const name = `Lucky Dip ${dips}`
      const id = await world.competition(name, 4, [
        { name: "£5 Site Credit", prizeSiteCredit: pence(500), ticketNumbers: [1, 2] },
        { name: "Kookaburra Match Ball", prizeSiteCredit: null, ticketNumbers: [3] },
      ])
      return { id, name }
    }
    const claimOf = (
      holding: TicketHolding,
      customerId: string | null,
      competitionId: string,
      ticketNumbers: readonly number[],
      at = NOW,
    ): InstantWinClaim => ({
      holding,
      customerId,
      winnerDisplayName: "Test B.",
      tickets: ticketNumbers.map((ticketNumber) => ({ competitionId, ticketNumber })),
      at,
    })

    it("wins each number the holding holds once, with its prize; a replay wins nothing", async () => {
      const dip = await luckyDip()
      const customerId = await world.customer()
      const holding = await world.hold(dip.id, [1, 2, 3, 4], "Order")
      const won = await run((r) => r.claim(claimOf(holding, customerId, dip.id, [1, 2, 3, 4])))
      const sorted = [...won].sort((a, b) => a.ticketNumber - b.ticketNumber)
      expect(sorted).toEqual([
        expect.objectContaining({ ticketNumber: 1, prizeName: "£5 Site Credit", siteCredit: 500 }),
        expect.objectContaining({ ticketNumber: 2, prizeName: "£5 Site Credit", siteCredit: 500 }),
        expect.objectContaining({
          ticketNumber: 3,
          prizeName: "Kookaburra Match Ball",
          siteCredit: null,
        }),
      ])
      for (const w of won)
        expect(w).toMatchObject({ competitionId: dip.id, competitionName: dip.name })
      expect(new Set(won.map((w) => w.instantWinTicketId)).size).toBe(3)
      expect(sorted[0]?.instantWinGroupId).toBe(sorted[1]?.instantWinGroupId)
      expect(sorted[0]?.instantWinGroupId).not.toBe(sorted[2]?.instantWinGroupId)
      expect(
        await run((r) => r.claim(claimOf(holding, customerId, dip.id, [1, 2, 3, 4], LATER))),
      ).toEqual([])

      for (const n of [1, 2, 3])
        expect(await world.stateOf(dip.id, n)).toEqual({
          wonAt: NOW,
          winnerCustomerId: customerId,
          winnerDisplayName: "Test B.",
          ...holderOf(holding),
          processedAt: null,
        })
    })

    it("wins nothing for a ticket the holding does not hold, or a malformed one", async () => {
      const dip = await luckyDip()
      const customerId = await world.customer()
      const holder = await world.hold(dip.id, [1, 3], "Order")
      const stranger = await world.hold(dip.id, [2], "Order")
      expect(await run((r) => r.claim(claimOf(stranger, customerId, dip.id, [1, 3])))).toEqual([])
      const nobody: TicketHolding = { kind: "Order", orderId: UNKNOWN }
      expect(await run((r) => r.claim(claimOf(nobody, customerId, dip.id, [1, 2, 3])))).toEqual([])
      const malformed: TicketHolding = { kind: "Order", orderId: "not-a-uuid" }
      expect(await run((r) => r.claim(claimOf(malformed, customerId, dip.id, [1])))).toEqual([])
      expect(await run((r) => r.claim(claimOf(holder, customerId, "nonsense", [1])))).toEqual([])
      for (const n of [1, 2, 3]) expect(await world.stateOf(dip.id, n)).toEqual(unwon)
      // The holders still win theirs.
      expect(
        await run((r) => r.claim(claimOf(holder, customerId, dip.id, [1, 2, 3]))),
      ).toHaveLength(2)
      expect(await run((r) => r.claim(claimOf(stranger, customerId, dip.id, [2])))).toHaveLength(1)
    })

    it("gives a released holding's numbers back still winning, for the next holder", async () => {
      const dip = await luckyDip()
      const customerId = await world.customer()
      const first = await world.hold(dip.id, [1, 2, 3], "Order")
      await world.release(dip.id, [1, 2, 3])
      expect(await run((r) => r.claim(claimOf(first, customerId, dip.id, [1, 2, 3])))).toEqual([])
      const second = await world.hold(dip.id, [1, 2, 3], "Order")
      expect(
        await run((r) => r.claim(claimOf(second, customerId, dip.id, [1, 2, 3]))),
      ).toHaveLength(3)
      expect((await world.stateOf(dip.id, 2)).orderId).toBe(holderOf(second).orderId)
    })

    it("lets a postal entry win like an order, for an entrant without an account too", async () => {
      const dip = await luckyDip()
      const entry = await world.hold(dip.id, [3], "PostalEntry")
      const won = await run((r) => r.claim(claimOf(entry, null, dip.id, [3])))
      expect(won.map((w) => w.prizeName)).toEqual(["Kookaburra Match Ball"])
      expect(await world.stateOf(dip.id, 3)).toEqual({
        wonAt: NOW,
        winnerCustomerId: null,
        winnerDisplayName: "Test B.",
        ...holderOf(entry),
        processedAt: null,
      })
    })

    it("marks prizes processed once, keeping the first time", async () => {
      const dip = await luckyDip()
      const customerId = await world.customer()
      const holding = await world.hold(dip.id, [1, 2, 3], "Order")
      const won = await run((r) => r.claim(claimOf(holding, customerId, dip.id, [1, 3])))
      const credit = won.find((w) => w.ticketNumber === 1)?.instantWinTicketId ?? ""
      await run((r) => r.markProcessed([credit, "not-a-uuid", UNKNOWN], NOW))
      await run((r) => r.markProcessed([credit], LATER))
      await run((r) => r.markProcessed([], LATER))
      const processed = async (n: number) => (await world.stateOf(dip.id, n)).processedAt
      expect([await processed(1), await processed(2), await processed(3)]).toEqual([
        NOW,
        null,
        null,
      ])
    })

    it("says which of some tickets are instant-win numbers, of what, and whether won", async () => {
      const dip = await luckyDip()
      const customerId = await world.customer()
      const holding = await world.hold(dip.id, [3], "Order")
      await run((r) => r.claim(claimOf(holding, customerId, dip.id, [3])))
      const among = await run((r) =>
        r.numbersAmong([
          { competitionId: dip.id, ticketNumber: 4 },
          { competitionId: dip.id, ticketNumber: 3 },
          { competitionId: dip.id, ticketNumber: 1 },
          { competitionId: dip.id, ticketNumber: 1 },
          { competitionId: UNKNOWN, ticketNumber: 1 },
          { competitionId: "nonsense", ticketNumber: 1 },
        ]),
      )
      expect(among.map((n) => [n.competitionId, n.ticketNumber, n.prizeName, n.won])).toEqual([
        [dip.id, 1, "£5 Site Credit", false],
        [dip.id, 3, "Kookaburra Match Ball", true],
      ])
      expect(await run((r) => r.numbersAmong([]))).toEqual([])
    })

    it("wins, over any claims, each held number exactly once and nothing else (property)", async () => {
      const numbers = fc.subarray([1, 2, 3, 4, 5, 6, 7, 8])
      await fc.assert(
        fc.asyncProperty(
          numbers,
          numbers,
          fc.array(numbers, { minLength: 1, maxLength: 4 }),
          async (winning, held, claims) => {
            dips += 1
            const id = await world.competition(
              `Dip ${dips}`,
              8,
              [{ name: "£1", prizeSiteCredit: pence(100), ticketNumbers: winning }].filter(
                (g) => g.ticketNumbers.length > 0,
              ),
            )
            const customerId = await world.customer()
            const holding = await world.hold(id, held, "Order")
            const won: number[] = []
            for (const claimed of claims) {
              const got = await run((r) => r.claim(claimOf(holding, customerId, id, claimed)))
              won.push(...got.map((w) => w.ticketNumber))
            }
            const claimedAtAll = new Set(claims.flat())
            const expected = winning.filter((n) => held.includes(n) && claimedAtAll.has(n))
            expect([...won].sort((a, b) => a - b)).toEqual(expected)
            const among = await run((r) =>
              r.numbersAmong(
                [1, 2, 3, 4, 5, 6, 7, 8].map((ticketNumber) => ({
                  competitionId: id,
                  ticketNumber,
                })),
              ),
            )
            expect(among.map((n) => [n.ticketNumber, n.won])).toEqual(
              winning.map((n) => [n, expected.includes(n)]),
            )
          },
        ),
        { numRuns: 12 },
      )
    })
  })
