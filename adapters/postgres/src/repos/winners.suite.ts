import type { DrawRecord } from "@howzat/core/draws/model"
import { Effect } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import type { Database } from "../schema"
import type { SuiteDatabase } from "./catalogue.suite"
import { makeCompetitionRepo } from "./competitions"
import { recordDraw } from "./draw-records"
import { makeDrawRepo } from "./draws"
import { competitionOnSale, NOW, newCustomer } from "./orders-fixtures"
import { makeWinnerRecords } from "./winner-records"

const MINUTE = 60_000
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE)
const page = (pageNumber = 1, pageSize = 20) => ({ pageNumber, pageSize })
const UNKNOWN = "00000000-0000-4000-8000-000000000000"

const drawOf = (
  competitionId: string,
  winningTicketNumber: number | null,
  drawnAt: Date,
  winner: { customerId: string; fullName: string } | null,
): DrawRecord => ({
  competitionId,
  drawDate: drawnAt,
  drawnAt,
  drawType: "Live",
  outcome: winningTicketNumber === null ? "NoEntries" : "Winner",
  entriesHash: "ab",
  entryCount: winningTicketNumber === null ? 0 : 1,
  beacon: { source: "none", value: "" },
  attempt: winningTicketNumber === null ? null : 0,
  winningTicketNumber,
  winnerFullName: winner?.fullName ?? null,
  winnerCustomerId: winner?.customerId ?? null,
})

/**
 * The winners' tables against a real database (PGlite and PostgreSQL): a
 * hidden winner leaves the public pages but not the win, an unwon number's
 * row is untouched, and the schema's checks on notes as the last line of
 * defence. What the WinnerRecords port promises is its contract, run on
 * this adapter and the in-memory one alike: test/contracts/winners.contract.ts.
 */
export const winnersSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase
    let db: Kysely<Database>
    let repo: ReturnType<typeof makeWinnerRecords>
    let customerId: string
    let drawn: string
    let unwonTicketId: string
    let wonTicketId: string
    const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

    beforeAll(async () => {
      database = await open()
      db = database.db
      await migrateToLatest(db)
      repo = makeWinnerRecords(db)
      customerId = await newCustomer(db)
      drawn = await competitionOnSale(db, {
        name: "Signed bat",
        instantWinGroups: [{ name: "Signed ball", imageUrls: [], ticketNumbers: [3, 5] }],
      })
      const empty = await competitionOnSale(db, { name: "Nobody entered" })
      await recordDraw(db, drawOf(drawn, 7, at(0), { customerId, fullName: "Ann Winner" }), "7")
      await recordDraw(db, drawOf(empty, null, at(1), null), "")
      const won = await db
        .updateTable("instantWinTickets")
        .set({ wonAt: at(-60), winnerCustomerId: customerId, orderId: UNKNOWN })
        .where("competitionId", "=", drawn)
        .where("ticketNumber", "=", 3)
        .returning("id")
        .executeTakeFirstOrThrow()
      wonTicketId = won.id
      unwonTicketId = (
        await db
          .selectFrom("instantWinTickets")
          .select("id")
          .where("competitionId", "=", drawn)
          .where("ticketNumber", "=", 5)
          .executeTakeFirstOrThrow()
      ).id
    })
    afterAll(async () => {
      await database?.close()
    })

    const main = () => ({ kind: "Main" as const, competitionId: drawn, ticketNumber: 7 })
    const instant = () => ({ kind: "InstantWin" as const, instantWinId: wonTicketId })

    it("hides a winner's name from the public lists, keeping the win itself public", async () => {
      await db
        .updateTable("instantWinTickets")
        .set({ winnerDisplayName: "Ann W." })
        .where("id", "=", wonTicketId)
        .execute()
      const publicWinners = () =>
        run(makeDrawRepo(db).winners({ competitionId: drawn, includeHidden: false, page: page() }))
      const publicTickets = () =>
        run(makeCompetitionRepo(db).instantWinTickets(drawn, { status: "Won" }, page())).then((p) =>
          p.items.map((t) => [t.ticketNumber, t.won, t.winnerDisplayName]),
        )
      expect((await publicWinners()).items.map((w) => w.ticketNumber)).toEqual([7])
      expect(await publicTickets()).toEqual([[3, true, "Ann W."]])

      expect(await run(repo.setVisible(main(), false))).toBe(true)
      expect(await run(repo.setVisible(instant(), false))).toBe(true)
      expect((await run(repo.mainPrizeWinner(drawn, 7)))?.isVisible).toBe(false)
      expect((await run(repo.instantWinPrizeWinner(wonTicketId)))?.isVisible).toBe(false)
      expect((await publicWinners()).items).toEqual([])
      // Fairness: the instant win stays marked won; only the name is withheld.
      expect(await publicTickets()).toEqual([[3, true, null]])
      const staffView = await run(
        makeDrawRepo(db).winners({ competitionId: drawn, includeHidden: true, page: page() }),
      )
      expect(staffView.items.map((w) => [w.ticketNumber, w.isVisible])).toEqual([[7, false]])

      const filtered = async (visibility: "All" | "Visible" | "Hidden") => [
        (await run(repo.mainPrizeWinners({ status: "All", visibility, page: page() }))).totalCount,
        (await run(repo.instantWinPrizeWinners({ status: "All", visibility, page: page() })))
          .totalCount,
      ]
      expect(await filtered("Hidden")).toEqual([1, 1])
      expect(await filtered("Visible")).toEqual([0, 0])
      expect(await filtered("All")).toEqual([1, 1])

      expect(await run(repo.setVisible(main(), true))).toBe(true)
      expect(await run(repo.setVisible(instant(), true))).toBe(true)
      expect((await publicWinners()).items.map((w) => w.ticketNumber)).toEqual([7])
      expect(await publicTickets()).toEqual([[3, true, "Ann W."]])
      expect(await filtered("Visible")).toEqual([1, 1])
    })

    it("shows or hides no one for a ticket that did not win, an unwon instant win or a bad id", async () => {
      for (const ref of [
        { kind: "Main" as const, competitionId: drawn, ticketNumber: 8 },
        { kind: "Main" as const, competitionId: "not-a-uuid", ticketNumber: 7 },
        { kind: "InstantWin" as const, instantWinId: unwonTicketId },
        { kind: "InstantWin" as const, instantWinId: UNKNOWN },
      ]) {
        expect(await run(repo.setVisible(ref, false))).toBe(false)
      }
      const unwon = await db
        .selectFrom("instantWinTickets")
        .select("isVisible")
        .where("id", "=", unwonTicketId)
        .executeTakeFirstOrThrow()
      expect(unwon.isVisible).toBe(true)
    })

    it("refuses in the schema a note with no winner, two winners, a loser, or bad text", async () => {
      const insert = (values: Record<string, unknown>) =>
        sql`insert into winner_notes (competition_id, ticket_number, instant_win_ticket_id,
              text, created_at, updated_at)
            values (${values.competitionId ?? null}::uuid, ${values.ticketNumber ?? null}::int,
              ${values.instantWinTicketId ?? null}::uuid, ${values.text ?? "ok"},
              now(), now())`.execute(db)
      await expect(insert({})).rejects.toThrow()
      await expect(
        insert({ competitionId: drawn, ticketNumber: 7, instantWinTicketId: wonTicketId }),
      ).rejects.toThrow()
      await expect(insert({ competitionId: drawn })).rejects.toThrow()
      await expect(insert({ competitionId: drawn, ticketNumber: 8 })).rejects.toThrow()
      await expect(
        insert({ competitionId: drawn, ticketNumber: 7, text: " \n " }),
      ).rejects.toThrow()
      await expect(
        insert({ competitionId: drawn, ticketNumber: 7, text: "x".repeat(2001) }),
      ).rejects.toThrow()
      await expect(insert({ competitionId: drawn, ticketNumber: 7 })).resolves.toBeDefined()
    })
  })
