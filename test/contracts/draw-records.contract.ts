import type { DrawType, VisibilityStatus } from "@howzat/core/competitions"
import {
  type DrawRecord,
  entriesHash,
  instantWinCommitment,
  instantWinLines,
  type RedrawRecord,
  seedCommitment,
  type TicketHolder,
} from "@howzat/core/draws"
import { DrawRecords, type DrawRecordsShape, type DrawRepo, Transactions } from "@howzat/core/ports"
import {
  drawEntryNumbers,
  isDrawEntry,
  type OrderStatus,
  orderStatuses,
  ordersWhoseTicketsAreNotEntries,
  type TicketHold,
} from "@howzat/core/rules"
import { Effect, Either, type Layer } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/** How a seeded order was left: any status of core's order status machine. */
export type SaleStatus = OrderStatus

export interface SeededCompetition {
  readonly name?: string
  readonly closeAt: Date
  /** An hour after the close unless told; null for none (drawn at the close). */
  readonly drawAt?: Date | null
  readonly drawType?: DrawType
  readonly visibility?: VisibilityStatus
  /** 20 unless told. */
  readonly totalTickets?: number
  readonly instantWinGroups?: readonly {
    readonly name: string
    readonly ticketNumbers: readonly number[]
  }[]
}

/** A customer's order of tickets, bought an hour before the close. */
export interface Sale {
  readonly orderId: string
  readonly holder: TicketHolder
  readonly ticketNumbers: readonly number[]
}

/**
 * The draws' ports to test (DrawRecords, DrawRepo and the Transactions a
 * draw is made in) and the seeding their contracts need, written each
 * backend's own way: competitions, customers' orders, the demo seed's
 * sales, and a winner kept private by staff.
 */
export interface DrawsWorld {
  readonly layer: Layer.Layer<DrawRecords | DrawRepo | Transactions>
  readonly competition: (competition: SeededCompetition) => Promise<string>
  readonly customer: () => Promise<string>
  readonly sell: (competitionId: string, quantity: number, status: SaleStatus) => Promise<Sale>
  /** Pays a sale left AwaitingPayment. */
  readonly pay: (competitionId: string, sale: Sale) => Promise<void>
  /** `count` tickets sold with no customer (the demo seed's sales): the numbers taken. */
  readonly soldWithoutCustomer: (competitionId: string, count: number) => Promise<number[]>
  /** A free postal entry without an account: its ticket, and the postcard's sender as holder. */
  readonly postalEntry: (competitionId: string) => Promise<Sale>
  readonly keepWinnerPrivate: (competitionId: string) => Promise<void>
  readonly close: () => Promise<void>
}

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
/**
 * Each test lives in a year of its own: `due`, `awaiting` and `list` look
 * across every competition, so a test asks about its own year (or its own
 * competitions) and sees only what it made.
 */
export const yearOf = (year: number) => (days: number) =>
  new Date(Date.UTC(year, 0, 1) + days * DAY)
const UNKNOWN = "00000000-0000-4000-8000-000000000000"
const ascending = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b)

/** A winning draw of three entries, as the draw use case records one. */
export const drawOf = (competitionId: string, overrides: Partial<DrawRecord> = {}): DrawRecord => ({
  competitionId,
  drawDate: new Date("2026-07-02T20:30:00.000Z"),
  drawnAt: new Date("2026-07-02T20:31:07.123Z"),
  drawType: "Live",
  outcome: "Winner",
  entriesHash: entriesHash([1, 2, 3]),
  entryCount: 3,
  beacon: { source: "none", value: "" },
  attempt: 0,
  winningTicketNumber: 2,
  winnerFullName: "Ann Smith",
  winnerCustomerId: null,
  ...overrides,
})

const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/)
/** Any draw the records may hold: a winner of some entries, or no entries and no winner. */
const arbitraryDraw = (competitionId: string, customerIds: readonly string[]) =>
  fc
    .record({
      drawDate: fc.date({
        min: new Date("1990-01-01"),
        max: new Date("2100-01-01"),
        noInvalidDate: true,
      }),
      drawnAt: fc.date({
        min: new Date("1990-01-01"),
        max: new Date("2100-01-01"),
        noInvalidDate: true,
      }),
      drawType: fc.constantFrom<DrawType>("Live", "Automatic", "None"),
      entriesHash: hex64,
      beacon: fc.oneof(
        fc.constant({ source: "none", value: "" } as const),
        fc.record({
          source: fc.constant("drand" as const),
          value: hex64,
          round: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
          url: fc.webUrl(),
        }),
      ),
      won: fc.option(
        fc.record({
          entryCount: fc.integer({ min: 1, max: 1_000_000 }),
          attempt: fc.nat({ max: 1000 }),
          winningTicketNumber: fc.integer({ min: 1, max: 2_147_483_647 }),
          winnerFullName: fc.option(fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 })),
          winnerCustomerId: fc.option(fc.constantFrom(...customerIds)),
        }),
      ),
      entries: fc.uniqueArray(fc.integer({ min: 1, max: 2_000_000 }), { maxLength: 30 }),
    })
    .map(({ won, entries, ...draw }): [DrawRecord, string] => [
      {
        competitionId,
        ...draw,
        outcome: won === null ? "NoEntries" : "Winner",
        entryCount: won?.entryCount ?? 0,
        attempt: won?.attempt ?? null,
        winningTicketNumber: won?.winningTicketNumber ?? null,
        winnerFullName: won?.winnerFullName ?? null,
        winnerCustomerId: won?.winnerCustomerId ?? null,
      },
      ascending(entries).join("\n"),
    ])

/**
 * The DrawRecords port's contract (docs/fairness.md), run on the in-memory
 * adapter and on PGlite and PostgreSQL: which tickets are entries and who
 * holds them, which orders hold a draw up, a draw read back exactly as
 * recorded with the entry list it was drawn from, the published
 * commitments, and which competitions are due, waiting or listed.
 */
export const drawRecordsContract = (name: string, open: () => Promise<DrawsWorld>) =>
  describe(name, { timeout: 120_000 }, () => {
    let world: DrawsWorld
    const run = <A, E>(use: (records: DrawRecordsShape) => Effect.Effect<A, E, Transactions>) =>
      Effect.runPromise(Effect.flatMap(DrawRecords, use).pipe(Effect.provide(world.layer)))
    const within = <A, E>(effect: Effect.Effect<A, E>) =>
      Effect.flatMap(Transactions, (t) => t.within(effect))
    const entryNumbers = async (id: string) => {
      const text = await run((r) => r.entries(id))
      return text === "" ? [] : text.split("\n").map(Number)
    }
    const competitionAt = (closeAt: Date, rest: Omit<SeededCompetition, "closeAt"> = {}) =>
      world.competition({ closeAt, ...rest })

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("takes as entries exactly the paid orders' tickets, and counts the unpaid orders (property)", async () => {
      const status = fc.constantFrom<SaleStatus>(
        "Completed",
        "Pending",
        "AwaitingPayment",
        "Cancelled",
        "SystemCancelled",
      )
      const at = yearOf(2001)(10)
      const other = await competitionAt(at)
      await world.sell(other, 2, "Completed")
      await world.sell(other, 1, "AwaitingPayment")
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 3 }), status }), {
            maxLength: 5,
          }),
          async (orders) => {
            const id = await competitionAt(at)
            const sales = []
            for (const o of orders)
              sales.push({ ...o, sale: await world.sell(id, o.quantity, o.status) })
            const paid = sales.filter((s) => s.status === "Completed")
            const unpaid = sales.filter((s) => ["Pending", "AwaitingPayment"].includes(s.status))
            const paidNumbers = ascending(paid.flatMap((s) => s.sale.ticketNumbers))
            expect(await entryNumbers(id)).toEqual(paidNumbers)
            expect(await run((r) => r.openOrderCount(id))).toBe(unpaid.length)

            const waiting = unpaid.find((s) => s.status === "AwaitingPayment")
            if (waiting === undefined) return
            await world.pay(id, waiting.sale)
            expect(await entryNumbers(id)).toEqual(
              ascending([...paidNumbers, ...waiting.sale.ticketNumbers]),
            )
            expect(await run((r) => r.openOrderCount(id))).toBe(unpaid.length - 1)
          },
        ),
        { numRuns: 15 },
      )
    })

    it("names a paid ticket's holder, and no one for a sale without a customer or an unsold ticket", async () => {
      const id = await competitionAt(yearOf(2001)(20), { totalTickets: 10 })
      const buyer = await world.sell(id, 1, "Completed")
      const unheld = await world.soldWithoutCustomer(id, 2)
      expect(await entryNumbers(id)).toEqual(ascending([...buyer.ticketNumbers, ...unheld]))
      const bought = buyer.ticketNumbers[0] ?? 0
      expect(await run((r) => r.holder(id, bought))).toEqual(buyer.holder)
      for (const n of unheld) expect(await run((r) => r.holder(id, n))).toBeNull()
      const unsold = [1, 2, 3, 4, 5].find((n) => n !== bought && !unheld.includes(n)) ?? 1
      expect(await run((r) => r.holder(id, unsold))).toBeNull()
    })

    it("names a postal entrant without an account by their postcard, and counts their entry", async () => {
      const id = await competitionAt(yearOf(2001)(25), { totalTickets: 10 })
      const buyer = await world.sell(id, 2, "Completed")
      const entry = await world.postalEntry(id)
      expect(entry.holder.customerId).toBeNull()
      const [ticket = 0] = entry.ticketNumbers
      expect(await run((r) => r.holder(id, ticket))).toEqual(entry.holder)
      expect(await entryNumbers(id)).toEqual(ascending([...buyer.ticketNumbers, ticket]))
      expect(await run((r) => r.openOrderCount(id))).toBe(0)
    })

    it("answers as entries exactly the tickets core's draw-entry rule takes, orders in every status and postal entries among them", async () => {
      const id = await competitionAt(yearOf(2001)(26), { totalTickets: 40 })
      const held: { ticketNumber: number; hold: TicketHold }[] = []
      const hold = (numbers: readonly number[], h: TicketHold) =>
        held.push(...numbers.map((ticketNumber) => ({ ticketNumber, hold: h })))
      for (let i = 0; i < 2; i++) {
        hold((await world.postalEntry(id)).ticketNumbers, { by: "PostalEntry" })
      }
      hold(await world.soldWithoutCustomer(id, 2), { by: "SaleWithoutOrder" })
      // Orders whose tickets go back to the pool last, so no later sale takes them again.
      const statuses = [...orderStatuses].sort(
        (a, b) =>
          Number(ordersWhoseTicketsAreNotEntries.includes(a)) -
          Number(ordersWhoseTicketsAreNotEntries.includes(b)),
      )
      for (const status of statuses)
        for (let i = 0; i < 2; i++)
          hold((await world.sell(id, 2, status)).ticketNumbers, { by: "Order", status })
      expect(held.filter((t) => isDrawEntry(t.hold)).length).toBeGreaterThan(0)
      expect(held.filter((t) => !isDrawEntry(t.hold)).length).toBeGreaterThan(0)
      expect(await entryNumbers(id)).toEqual(drawEntryNumbers(held))
    })

    it("names the entrants behind the entry list: buyers, postal entrants, a private winner withheld", async () => {
      const id = await competitionAt(yearOf(2001)(27), { totalTickets: 12 })
      const buyer = await world.sell(id, 2, "Completed")
      const entry = await world.postalEntry(id)
      const unheld = await world.soldWithoutCustomer(id, 1)
      const nameOf = (holder: Sale["holder"], postal: boolean) => (ticketNumber: number) => ({
        ticketNumber,
        firstName: holder.firstName,
        lastName: holder.fullName.slice(holder.firstName.length).trim(),
        postal,
        nameWithheld: false,
      })
      const expected = [
        ...buyer.ticketNumbers.map(nameOf(buyer.holder, false)),
        ...entry.ticketNumbers.map(nameOf(entry.holder, true)),
      ].sort((a, b) => a.ticketNumber - b.ticketNumber)
      expect(await run((r) => r.entrants(id))).toEqual(expected)
      // The demo seed's sale has no one to name: absent, and so is an unknown competition's.
      for (const n of unheld) expect(await run((r) => r.entrants(id, n))).toEqual([])
      expect(await run((r) => r.entrants(UNKNOWN))).toEqual([])
      const [won = 0] = entry.ticketNumbers
      expect(await run((r) => r.entrants(id, won))).toEqual([nameOf(entry.holder, true)(won)])

      // Drawn, the postcard's ticket winning, and its winner kept private: only that name withheld.
      await run((r) => r.record(drawOf(id, { winningTicketNumber: won }), "1\n2\n3"))
      await world.keepWinnerPrivate(id)
      expect(await run((r) => r.entrants(id))).toEqual(
        expected.map((e) => (e.ticketNumber === won ? { ...e, nameWithheld: true } : e)),
      )
    })

    it("reads a draw back exactly as recorded, with the entry list it was drawn from (property)", async () => {
      const customers = [await world.customer(), await world.customer()]
      const at = yearOf(2002)(10)
      await fc.assert(
        fc.asyncProperty(arbitraryDraw("", customers), async ([drawn, entries]) => {
          const id = await competitionAt(at)
          const draw = { ...drawn, competitionId: id }
          expect((await run((r) => r.material(id))).draw).toBeNull()
          expect(await run((r) => r.entriesText(id))).toBeNull()
          await run((r) => r.record(draw, entries))
          expect((await run((r) => r.material(id))).draw).toEqual(draw)
          expect((await run((r) => within(r.lock(id)))).draw).toEqual(draw)
          expect(await run((r) => r.entriesText(id))).toBe(entries)
        }),
        { numRuns: 15 },
      )
    })

    it("keeps one draw per competition: a second is refused and the first stays", async () => {
      const id = await competitionAt(yearOf(2002)(20))
      await run((r) => r.record(drawOf(id), "1\n2\n3"))
      const second = await run((r) =>
        Effect.either(r.record(drawOf(id, { winningTicketNumber: 3 }), "1\n2\n3")),
      )
      expect(Either.isLeft(second) && second.left._tag).toBe("RepositoryError")
      expect((await run((r) => r.material(id))).draw?.winningTicketNumber).toBe(2)
      expect(await run((r) => r.entriesText(id))).toBe("1\n2\n3")
    })

    describe("redraws of an unclaimed prize", () => {
      const redrawOf = (competitionId: string, overrides: Partial<RedrawRecord> = {}) =>
        ({
          competitionId,
          redrawNumber: 1,
          replacesTicketNumber: 2,
          excludedTicketNumbers: [2],
          requestedAt: new Date("2026-07-17T09:00:00.000Z"),
          drawnAt: new Date("2026-07-17T09:00:04.250Z"),
          entriesHash: entriesHash([1, 3]),
          entryCount: 2,
          beacon: {
            source: "drand",
            value: "ab".repeat(32),
            round: 42,
            url: "https://drand.example",
          },
          attempt: 0,
          winningTicketNumber: 3,
          winnerFullName: "Bob Jones",
          winnerCustomerId: null,
          ...overrides,
        }) satisfies RedrawRecord

      it("reads back the claims and redraws in order, the original still the draw", async () => {
        const id = await competitionAt(yearOf(2002)(40))
        expect(await run((r) => r.claims(id))).toEqual([])
        await run((r) => r.record(drawOf(id), "1\n2\n3"))
        const at = new Date("2026-07-17T09:00:00.000Z")
        expect(await run((r) => r.markUnclaimed(id, 2, at))).toBe(true)
        // The first mark stands; a ticket that did not win is no winner to mark.
        expect(await run((r) => r.markUnclaimed(id, 2, new Date()))).toBe(false)
        expect(await run((r) => r.markUnclaimed(id, 1, at))).toBe(false)
        const redraw = redrawOf(id)
        await run((r) => r.recordRedraw(redraw))
        expect(await run((r) => r.redraws(id))).toEqual([redraw])
        expect(await run((r) => r.claims(id))).toEqual([
          {
            competitionId: id,
            ticketNumber: 2,
            drawnAt: drawOf(id).drawnAt,
            processedAt: null,
            redrawRequestedAt: at,
          },
          {
            competitionId: id,
            ticketNumber: 3,
            drawnAt: redraw.drawnAt,
            processedAt: null,
            redrawRequestedAt: null,
          },
        ])
        const material = await run((r) => r.material(id))
        expect(material.draw?.winningTicketNumber).toBe(2)
        expect(await run((r) => r.entriesText(id))).toBe("1\n2\n3")
      })

      it("keeps one redraw per number: a second is refused", async () => {
        const id = await competitionAt(yearOf(2002)(41))
        await run((r) => r.record(drawOf(id), "1\n2\n3"))
        await run((r) => r.recordRedraw(redrawOf(id)))
        const again = await run((r) =>
          Effect.either(r.recordRedraw(redrawOf(id, { winningTicketNumber: 1 }))),
        )
        expect(Either.isLeft(again) && again.left._tag).toBe("RepositoryError")
        expect(await run((r) => r.redraws(id))).toEqual([redrawOf(id)])
      })

      it("holds the shop's claim window, fourteen days until set", async () => {
        const before = await run((r) => r.claimWindowDays)
        expect(before).toBeGreaterThanOrEqual(1)
        await run((r) => r.setClaimWindowDays(21))
        expect(await run((r) => r.claimWindowDays)).toBe(21)
        await run((r) => r.setClaimWindowDays(before))
        expect(await run((r) => r.claimWindowDays)).toBe(before)
      })
    })

    it("refuses a draw whose winner and entries disagree, keeping none", async () => {
      const id = await competitionAt(yearOf(2002)(22))
      for (const broken of [
        drawOf(id, { winningTicketNumber: null }),
        drawOf(id, { attempt: null }),
        drawOf(id, { entryCount: 0 }),
        drawOf(id, { outcome: "NoEntries" }),
      ]) {
        const refused = await run((r) => Effect.either(r.record(broken, "1\n2\n3")))
        expect(Either.isLeft(refused) && refused.left._tag).toBe("RepositoryError")
      }
      expect((await run((r) => r.material(id))).draw).toBeNull()
      expect(await run((r) => r.entriesText(id))).toBeNull()
    })

    it("takes back a draw recorded in a transaction that fails", async () => {
      const id = await competitionAt(yearOf(2002)(25))
      const failed = await run((r) =>
        Effect.either(
          within(
            Effect.zipRight(
              r.lock(id),
              Effect.zipRight(r.record(drawOf(id), "1\n2\n3"), Effect.fail("boom")),
            ),
          ),
        ),
      )
      expect(Either.isLeft(failed)).toBe(true)
      expect((await run((r) => r.material(id))).draw).toBeNull()
      expect(await run((r) => r.entriesText(id))).toBeNull()
    })

    it("finds nothing for an unknown or malformed competition", async () => {
      for (const id of [UNKNOWN, "not-an-id"]) {
        for (const read of [
          (r: DrawRecordsShape) => r.material(id),
          (r: DrawRecordsShape) => within(r.lock(id)),
        ]) {
          const missing = await run((r) => Effect.either(read(r)))
          expect(Either.isLeft(missing) && missing.left._tag).toBe("CompetitionNotFound")
        }
        expect(await run((r) => r.entriesText(id))).toBeNull()
      }
      expect(await run((r) => r.entries(UNKNOWN))).toBe("")
      expect(await run((r) => r.openOrderCount(UNKNOWN))).toBe(0)
      expect(await run((r) => r.holder(UNKNOWN, 1))).toBeNull()
      expect(await run((r) => r.instantWinLines(UNKNOWN))).toEqual([])
    })

    it("holds the secret seed under its published commitment, and the instant wins under theirs", async () => {
      const at = yearOf(2002)(30)
      const withWins = await competitionAt(at, {
        instantWinGroups: [
          { name: "£10", ticketNumbers: [4, 11] },
          { name: "£5", ticketNumbers: [7] },
        ],
      })
      const material = await run((r) => r.material(withWins))
      expect(material.seed).toHaveLength(32)
      expect(material.seedCommitment).toBe(seedCommitment(material.seed))
      const lines = await run((r) => r.instantWinLines(withWins))
      expect(ascending(lines.map((l) => l.ticketNumber))).toEqual([4, 7, 11])
      expect(new Set(lines.map((l) => l.instantWinGroupId)).size).toBe(2)
      expect(instantWinLines(lines).split("\n")).toHaveLength(3)
      expect(material.instantWinSalt).toMatch(/^[0-9a-f]{64}$/)
      expect(material.instantWinCommitment).toBe(
        instantWinCommitment(material.instantWinSalt ?? "", lines),
      )
      expect(await run((r) => within(r.lock(withWins)))).toEqual(material)

      const plain = await competitionAt(at, {
        name: "Plain",
        drawAt: null,
        drawType: "Automatic",
        visibility: "Hidden",
      })
      const read = await run((r) => r.material(plain))
      expect(read).toMatchObject({
        competitionId: plain,
        competitionName: "Plain",
        drawType: "Automatic",
        visibilityStatus: "Hidden",
        closeDateTimeUtc: at,
        drawDateTimeUtc: null,
        instantWinSalt: null,
        instantWinCommitment: null,
        draw: null,
      })
      expect(read.seedCommitment).toBe(seedCommitment(read.seed))
      expect(read.seedCommitment).not.toBe(material.seedCommitment)
      expect(await run((r) => r.instantWinLines(plain))).toEqual([])
    })
  })
