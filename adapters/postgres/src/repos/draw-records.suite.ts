import { randomUUID } from "node:crypto"
import type { DrawRecord } from "@howzat/core/draws/model"
import { entriesHash, instantWinLines } from "@howzat/core/draws/procedure"
import type { NewCompetition } from "@howzat/core/ports/competition-writer"
import type { OrderStatus } from "@howzat/core/rules/order-status"
import { Deferred, Effect, Either, Fiber, Option } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import type { Database } from "../schema"
import { makeTransactions } from "../transactions"
import { makeCompetitionRepo } from "./competitions"
import { makeDrawRecords } from "./draw-records"
import { makeOrderRepo } from "./orders"
import { competitionOnSale, newBasket, newCustomer } from "./orders-fixtures"
import { makeTicketAllocator } from "./ticket-allocator"

export interface SuiteDatabase {
  readonly db: Kysely<Database>
  readonly close: () => Promise<void>
}

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

/**
 * Each test lives in a year of its own, long before the fixtures' NOW:
 * `due`, `awaiting` and `list` look across every competition, so a test
 * asks about its own year (or its own competitions) and sees only what it made.
 */
const yearOf = (year: number) => (days: number) => new Date(Date.UTC(year, 0, 1) + days * DAY)

/** The live-draw host's scope: every closed competition with a draw to make. */
const everyWaiting = { drawTypes: ["Live", "Automatic"], visibleOnly: false } as const

/** Paths through the order status machine to each status a test wants. */
const pathTo: Record<OrderStatus, readonly OrderStatus[]> = {
  Pending: [],
  AwaitingPayment: ["AwaitingPayment"],
  Completed: ["AwaitingPayment", "Completed"],
  Cancelled: ["Cancelled"],
  SystemCancelled: ["AwaitingPayment", "SystemCancelled"],
  Refunded: ["AwaitingPayment", "Completed", "Refunded"],
}

/**
 * The draw-records repository on a real database: which tickets are
 * entries, which orders hold a draw up, the draw as recorded, which
 * competitions are due or waiting, and the row lock that makes a draw
 * happen once across processes (`concurrent`: only a real server has two
 * connections to race).
 */
export const drawRecordsSuite = (
  name: string,
  open: () => Promise<SuiteDatabase>,
  options: { readonly concurrent: boolean },
) =>
  describe(name, () => {
    let database: SuiteDatabase
    const db = () => database.db
    const records = () => makeDrawRecords(db())
    /** The entry list the repository writes, read back as numbers. */
    const entryNumbers = async (id: string): Promise<number[]> => {
      const text = await run(records().entries(id))
      return text === "" ? [] : text.split("\n").map(Number)
    }
    const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    /** On sale from `at` minus a day, closing at `at`, drawn an hour later unless told. */
    const competitionAt = (at: Date, overrides: Partial<NewCompetition> = {}) =>
      competitionOnSale(db(), {
        startDateTimeUtc: new Date(at.getTime() - DAY),
        closeDateTimeUtc: at,
        drawDateTimeUtc: new Date(at.getTime() + HOUR),
        drawType: "Live",
        ...overrides,
      })

    /** A customer's order of `quantity` tickets, bought an hour before `closesAt`, left in `status`. */
    const sell = async (
      competitionId: string,
      closesAt: Date,
      quantity: number,
      status: OrderStatus,
    ) => {
      const customerId = await newCustomer(db())
      const basketId = await newBasket(db(), customerId)
      const at = new Date(closesAt.getTime() - HOUR)
      const orders = makeOrderRepo(db())
      const { order } = await run(
        orders.createForBasket({ basketId, customerId, createdAt: at, expiresAt: closesAt }),
      )
      const { lines } = await run(
        makeTicketAllocator(db()).allocate({
          orderId: order.id,
          customerId,
          at,
          lines: [{ competitionId, quantity }],
        }),
      )
      const ticketNumbers = [...(lines[0]?.ticketNumbers ?? [])]
      await db()
        .insertInto("orderLines")
        .values({
          orderId: order.id,
          competitionId,
          quantityRequested: quantity,
          quantity: ticketNumbers.length,
          unitPricePence: 99,
          preDiscountTotalPence: 99 * ticketNumbers.length,
          lineTotalPence: 99 * ticketNumbers.length,
        })
        .execute()
      for (const next of pathTo[status]) await run(orders.transition(order.id, next))
      return { customerId, orderId: order.id, ticketNumbers }
    }

    const drawOf = (competitionId: string, overrides: Partial<DrawRecord> = {}): DrawRecord => ({
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

    describe("the entries", () => {
      it("are exactly the tickets of paid orders, ascending: not unpaid, not cancelled", async () => {
        const at = yearOf(2001)(10)
        const id = await competitionAt(at, { totalTickets: 40 })
        const paid = await sell(id, at, 3, "Completed")
        const alsoPaid = await sell(id, at, 4, "Completed")
        const pending = await sell(id, at, 2, "Pending")
        const awaiting = await sell(id, at, 2, "AwaitingPayment")
        await sell(id, at, 2, "Cancelled")
        await sell(id, at, 2, "SystemCancelled")
        const entries = await entryNumbers(id)
        expect(entries).toEqual(
          [...paid.ticketNumbers, ...alsoPaid.ticketNumbers].sort((a, b) => a - b),
        )
        for (const unpaid of [...pending.ticketNumbers, ...awaiting.ticketNumbers])
          expect(entries).not.toContain(unpaid)
        // Another competition's sales are not this one's entries.
        const other = await competitionAt(at)
        await sell(other, at, 2, "Completed")
        expect(await entryNumbers(id)).toEqual(entries)
      })

      it("include a sale with no order row (the demo seed's), and name each holder", async () => {
        const at = yearOf(2001)(20)
        const id = await competitionAt(at, { totalTickets: 10 })
        const buyer = await sell(id, at, 1, "Completed")
        await db()
          .updateTable("tickets")
          .set({ orderId: randomUUID(), allocatedAt: at })
          .where("competitionId", "=", id)
          .where("ticketNumber", "in", [9, 10])
          .where("orderId", "is", null)
          .execute()
        const entries = await entryNumbers(id)
        expect(entries).toEqual(expect.arrayContaining([9, 10, ...buyer.ticketNumbers]))

        const bought = buyer.ticketNumbers[0] ?? 0
        const holder = await run(records().holder(id, bought))
        expect(holder).toMatchObject({ customerId: buyer.customerId, firstName: "Test" })
        expect(holder?.fullName).toMatch(/^Test Buyer \d+$/)
        expect(holder?.email).toMatch(/@example\.com$/)
        const unheld = [9, 10].find((n) => n !== bought) ?? 9
        expect(await run(records().holder(id, unheld))).toBeNull()
      })

      it("orders awaiting payment are counted, paid and cancelled ones are not", async () => {
        const at = yearOf(2001)(30)
        const id = await competitionAt(at, { totalTickets: 30 })
        expect(await run(records().openOrderCount(id))).toBe(0)
        await sell(id, at, 1, "Completed")
        await sell(id, at, 1, "Cancelled")
        await sell(id, at, 1, "SystemCancelled")
        expect(await run(records().openOrderCount(id))).toBe(0)
        await sell(id, at, 2, "Pending")
        const awaiting = await sell(id, at, 1, "AwaitingPayment")
        expect(await run(records().openOrderCount(id))).toBe(2)
        // Another competition's unpaid order does not hold this one up.
        const other = await competitionAt(at)
        await sell(other, at, 1, "AwaitingPayment")
        expect(await run(records().openOrderCount(id))).toBe(2)

        await run(makeOrderRepo(db()).transition(awaiting.orderId, "Completed"))
        expect(await run(records().openOrderCount(id))).toBe(1)
      })
    })

    describe("a recorded draw", () => {
      it("reads back as recorded, with the exact entry list it was drawn from", async () => {
        const at = yearOf(2002)(10)
        const id = await competitionAt(at)
        const customerId = await newCustomer(db())
        const entries = [3, 17, 250, 1000]
        const draw = drawOf(id, {
          entriesHash: entriesHash(entries),
          entryCount: 4,
          attempt: 1,
          winningTicketNumber: 250,
          winnerCustomerId: customerId,
          beacon: {
            source: "drand",
            value: "9f".repeat(32),
            round: 5_123_456_789,
            url: "https://api.drand.sh/52db9ba7",
          },
        })
        expect(await run(records().entriesText(id))).toBeNull()
        expect((await run(records().material(id))).draw).toBeNull()

        await run(records().record(draw, entries.join("\n")))
        expect((await run(records().material(id))).draw).toEqual(draw)
        expect(await run(records().entriesText(id))).toBe("3\n17\n250\n1000")

        const none = await competitionAt(at)
        const empty = drawOf(none, {
          outcome: "NoEntries",
          entriesHash: entriesHash([]),
          entryCount: 0,
          attempt: null,
          winningTicketNumber: null,
          winnerFullName: null,
        })
        await run(records().record(empty, ""))
        expect((await run(records().material(none))).draw).toEqual(empty)
        expect(await run(records().entriesText(none))).toBe("")
      })

      it("is one per competition: the unique index refuses a second", async () => {
        const id = await competitionAt(yearOf(2002)(20))
        await run(records().record(drawOf(id), "1\n2\n3"))
        const second = await run(
          Effect.either(records().record(drawOf(id, { winningTicketNumber: 3 }), "1\n2\n3")),
        )
        expect(Either.isLeft(second) && second.left._tag).toBe("RepositoryError")
        expect((await run(records().material(id))).draw?.winningTicketNumber).toBe(2)
      })

      it("of an unknown or malformed id: not found, and no entry list", async () => {
        for (const id of [randomUUID(), "not-an-id"]) {
          for (const read of [records().material(id), records().lock(id)]) {
            const missing = await run(Effect.either(read))
            expect(Either.isLeft(missing) && missing.left._tag).toBe("CompetitionNotFound")
          }
          expect(await run(records().entriesText(id))).toBeNull()
        }
      })

      it("the material holds the secret seed and the published commitments", async () => {
        const id = await competitionAt(yearOf(2002)(30), {
          totalTickets: 20,
          instantWinGroups: [
            { name: "£10", imageUrls: [], ticketNumbers: [4, 11] },
            { name: "£5", imageUrls: [], ticketNumbers: [7] },
          ],
        })
        const material = await run(records().material(id))
        expect(material.seed).toHaveLength(32)
        expect(material.seedCommitment).toMatch(/^[0-9a-f]{64}$/)
        expect(material.instantWinSalt).toMatch(/^[0-9a-f]{64}$/)
        const lines = await run(records().instantWinLines(id))
        expect(lines.map((l) => l.ticketNumber).sort((a, b) => a - b)).toEqual([4, 7, 11])
        expect(instantWinLines(lines).split("\n")).toHaveLength(3)
      })
    })

    describe("which competitions are to be drawn", () => {
      it("due: automatic ones whose draw time has come and that have no draw, soonest first", async () => {
        // The earliest year of all, and the only automatic competitions before 2004: the limit is theirs.
        const day = yearOf(2000)
        const now = day(10)
        const first = await competitionAt(day(1), { drawType: "Automatic" })
        const second = await competitionAt(day(2), {
          drawType: "Automatic",
          drawDateTimeUtc: null,
        })
        const third = await competitionAt(day(3), { drawType: "Automatic" })
        const drawn = await competitionAt(day(1), { drawType: "Automatic" })
        await run(records().record(drawOf(drawn), "1\n2\n3"))
        await competitionAt(day(2), { drawType: "Live" })
        await competitionAt(day(2), { drawType: "None" })
        await competitionAt(day(9), {
          drawType: "Automatic",
          drawDateTimeUtc: new Date(now.getTime() + 1),
        })

        expect(await run(records().due(now, 10, []))).toEqual([first, second, third])
        expect(await run(records().due(now, 2, []))).toEqual([first, second])
        // What the pass already tried is skipped: the batch moves on to the rest.
        expect(await run(records().due(now, 2, [first, "not-a-uuid"]))).toEqual([second, third])
        // A draw time of exactly now is due.
        expect(await run(records().due(new Date(day(3).getTime() + HOUR), 10, []))).toEqual([
          first,
          second,
          third,
        ])
      })

      it("awaiting: closed Live and Automatic ones with no draw, by draw date", async () => {
        const day = yearOf(2004)
        const now = day(10)
        const live = await competitionAt(day(2), { drawType: "Live" })
        const automatic = await competitionAt(day(1), { drawType: "Automatic" })
        const drawn = await competitionAt(day(1), { drawType: "Live" })
        await run(records().record(drawOf(drawn), "1\n2\n3"))
        await competitionAt(day(1), { drawType: "None" })
        await competitionAt(new Date(now.getTime() + 1), { drawType: "Live" })
        await sell(live, day(2), 3, "Completed")

        // Earlier tests' competitions have closed too: only this test's are looked at.
        const mine = new Set([live, automatic, drawn])
        const waiting = (await run(records().awaiting(now, everyWaiting))).filter((c) =>
          mine.has(c.id),
        )
        expect(waiting.map((c) => c.id)).toEqual([automatic, live])
        expect(waiting[1]).toMatchObject({
          drawType: "Live",
          closeDateTimeUtc: day(2),
          drawDateTimeUtc: new Date(day(2).getTime() + HOUR),
          ticketsSoldToDate: 3,
        })
      })

      it("awaiting live, visible only: late ones stay, drawn, hidden, automatic and open ones do not", async () => {
        const day = yearOf(2008)
        const now = day(10)
        // The stream ran over: the draw was due an hour ago.
        const overran = await competitionAt(new Date(now.getTime() - 2 * HOUR), {
          name: "Overran",
          drawDateTimeUtc: new Date(now.getTime() - HOUR),
        })
        // Put off: due a week ago, still not drawn.
        const putOff = await competitionAt(day(2), {
          name: "Put off",
          drawDateTimeUtc: day(3),
          totalTickets: 20,
          instantWinGroups: [{ name: "£5", imageUrls: [], ticketNumbers: [4] }],
        })
        const drawn = await competitionAt(day(2), { name: "Drawn" })
        await run(records().record(drawOf(drawn), "1\n2\n3"))
        const hidden = await competitionAt(day(2), { name: "Hidden", visibilityStatus: "Hidden" })
        const automatic = await competitionAt(day(2), { name: "Automatic", drawType: "Automatic" })
        const open = await competitionAt(new Date(now.getTime() + 1), { name: "Open" })
        const mine = new Set([overran, putOff, drawn, hidden, automatic, open])

        const publicScope = { drawTypes: ["Live"] as const, visibleOnly: true, limit: 10_000 }
        const listed = await run(records().awaiting(now, publicScope))
        expect(listed.filter((c) => mine.has(c.id)).map((c) => c.name)).toEqual([
          "Put off",
          "Overran",
        ])
        expect(listed.every((c) => c.drawType === "Live" && c.visibilityStatus === "Visible")).toBe(
          true,
        )
        // The catalogue's own competition, instant-win groups and all, for the storefront's tile.
        const catalogued = await run(makeCompetitionRepo(db()).byId(putOff, { visibleOnly: true }))
        expect(listed.find((c) => c.id === putOff)).toEqual(catalogued)

        // Bounded: the soonest draws first.
        const firstTwo = await run(records().awaiting(now, { ...publicScope, limit: 2 }))
        expect(firstTwo).toEqual(listed.slice(0, 2))

        // The host's scope still has the hidden and automatic ones.
        const hosts = (await run(records().awaiting(now, everyWaiting))).map((c) => c.id)
        expect(hosts).toEqual(expect.arrayContaining([overran, putOff, hidden, automatic]))
        expect(hosts).not.toEqual(expect.arrayContaining([drawn]))
        expect(hosts).not.toEqual(expect.arrayContaining([open]))
      })

      it("awaiting orders ties on draw time by close time, then name, then id", async () => {
        const day = yearOf(2009)
        const now = day(10)
        const drawAt = day(5)
        const at = (closeDay: number, name: string) =>
          competitionAt(day(closeDay), { name, drawDateTimeUtc: drawAt })
        const closedLater = await at(3, "A")
        const closedFirst = await at(2, "Z")
        const c = await at(3, "C")
        const b = await at(3, "B")
        const twins = [await at(3, "D"), await at(3, "D")].sort()
        const mine = new Set([closedLater, closedFirst, c, b, ...twins])
        const listed = (await run(records().awaiting(now, everyWaiting)))
          .map((x) => x.id)
          .filter((id) => mine.has(id))
        expect(listed).toEqual([closedFirst, closedLater, b, c, ...twins])
      })
    })

    describe("the list of draws", () => {
      it("is latest first, filtered by draw date, and shows hidden competitions' only when asked", async () => {
        const day = yearOf(2005)
        const ids = await Promise.all(
          [1, 2, 3].map((d) => competitionAt(day(d), { name: `Draw ${d}` })),
        )
        const hidden = await competitionAt(day(2), { name: "Hidden", visibilityStatus: "Hidden" })
        for (const [i, id] of [...ids, hidden].entries())
          await run(records().record(drawOf(id, { drawDate: day(i === 3 ? 2 : i + 1) }), "1\n2\n3"))

        const page = { pageNumber: 1, pageSize: 10 }
        const names = async (from: Date, to: Date, includeHidden: boolean) => {
          const listed = await run(
            records().list({ fromDate: from, toDate: to, includeHidden, page }),
          )
          return [listed.totalCount, listed.items.map((d) => d.competitionName)] as const
        }
        expect(await names(day(0), day(4), false)).toEqual([3, ["Draw 3", "Draw 2", "Draw 1"]])
        const [count, all] = await names(day(0), day(4), true)
        // "Hidden" shares Draw 2's date, so the two may come either way round.
        expect([count, all[0], [...all.slice(1, 3)].sort(), all[3]]).toEqual([
          4,
          "Draw 3",
          ["Draw 2", "Hidden"],
          "Draw 1",
        ])
        // Both ends are included.
        expect(await names(day(2), day(3), false)).toEqual([2, ["Draw 3", "Draw 2"]])
        expect(await names(day(1), day(1), false)).toEqual([1, ["Draw 1"]])

        const second = await run(
          records().list({
            fromDate: day(0),
            toDate: day(4),
            includeHidden: false,
            page: { pageNumber: 2, pageSize: 2 },
          }),
        )
        expect([second.totalCount, second.items.map((d) => d.competitionName)]).toEqual([
          3,
          ["Draw 1"],
        ])
      })

      it("names a winner kept private to staff only, and still lists the draw", async () => {
        const day = yearOf(2007)
        const id = await competitionAt(day(1), { name: "Private winner" })
        await run(records().record(drawOf(id, { drawDate: day(1) }), "1\n2\n3"))
        await db()
          .updateTable("draws")
          .set({ isVisible: false })
          .where("competitionId", "=", id)
          .execute()
        const winnerIn = async (includeHidden: boolean) => {
          const listed = await run(
            records().list({
              fromDate: day(0),
              toDate: day(2),
              includeHidden,
              page: { pageNumber: 1, pageSize: 10 },
            }),
          )
          return listed.items.map((d) => [
            d.competitionName,
            d.winningTicketNumber,
            d.winnerFullName,
          ])
        }
        expect(await winnerIn(false)).toEqual([["Private winner", 2, null]])
        expect(await winnerIn(true)).toEqual([["Private winner", 2, "Ann Smith"]])
      })
    })

    it.runIf(options.concurrent)(
      "lock holds a second drawer until the first commits, which then finds its draw",
      async () => {
        const id = await competitionAt(yearOf(2006)(1))
        const transactions = makeTransactions(db())
        await run(
          Effect.gen(function* () {
            const locked = yield* Deferred.make<void>()
            const release = yield* Deferred.make<void>()
            const first = yield* Effect.fork(
              transactions.within(
                Effect.gen(function* () {
                  yield* records().lock(id)
                  yield* Deferred.succeed(locked, undefined)
                  yield* Deferred.await(release)
                  yield* records().record(drawOf(id), "1\n2\n3")
                }),
              ),
            )
            yield* Deferred.await(locked)
            const second = yield* Effect.fork(transactions.within(records().lock(id)))
            yield* Effect.sleep("300 millis")
            expect(yield* Fiber.poll(second)).toEqual(Option.none())

            yield* Deferred.succeed(release, undefined)
            yield* Fiber.join(first)
            const seen = yield* Fiber.join(second)
            expect(seen.draw?.winningTicketNumber).toBe(2)
          }),
        )
      },
    )
  })
