import type { DrawRecord } from "@howzat/core/draws"
import { WinnerRecords } from "@howzat/core/ports"
import { type Database, makeCompetitionRepo } from "@howzat/postgres"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  makeDrawRepo,
  makeWinnerRecords,
  NOW,
  newCustomer,
  recordDraw,
} from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { WinnersWorld } from "./winners.contract"

const UNKNOWN_ORDER = "00000000-0000-4000-8000-000000000000"
let staffCount = 0

/**
 * The winners contract's world on a real database (PGlite or PostgreSQL):
 * draws recorded as the draw job records them, instant-win numbers marked
 * won in their table, staff as users.
 */
export const winnersOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<WinnersWorld> => {
    const { db, close } = await open()
    return {
      layer: Layer.succeed(WinnerRecords, makeWinnerRecords(db)),
      newStaff: async (firstName) =>
        (
          await db
            .insertInto("users")
            .values({
              email: `${firstName.toLowerCase()}-${++staffCount}-${Date.now()}@howzat.example`,
              passwordHash: "not-a-real-hash",
              firstName,
              lastName: "Staff",
              role: "Staff",
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      removeStaff: async (userId) => {
        await db.deleteFrom("users").where("id", "=", userId).execute()
      },
      drawnWinner: async ({ competitionName, ticketNumber, fullName, drawnAt }) => {
        const customerId = await newCustomer(db)
        const competitionId = await competitionOnSale(db, { name: competitionName })
        await recordDraw(
          db,
          {
            competitionId,
            drawDate: drawnAt,
            drawnAt,
            drawType: "Live",
            outcome: "Winner",
            entriesHash: "ab",
            entryCount: 1,
            beacon: { source: "none", value: "" },
            attempt: 0,
            winningTicketNumber: ticketNumber,
            winnerFullName: fullName,
            winnerCustomerId: customerId,
          },
          String(ticketNumber),
        )
        return { competitionId, customerId }
      },
      instantWinner: async ({ competitionName, prizeName, ticketNumber, wonAt }) => {
        const customerId = await newCustomer(db)
        const competitionId = await competitionOnSale(db, {
          name: competitionName,
          instantWinGroups: [
            { name: prizeName, imageUrls: [], ticketNumbers: [ticketNumber, ticketNumber + 1] },
          ],
        })
        const won = await db
          .updateTable("instantWinTickets")
          .set({ wonAt, winnerCustomerId: customerId, orderId: UNKNOWN_ORDER })
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "=", ticketNumber)
          .returning("id")
          .executeTakeFirstOrThrow()
        const unwon = await db
          .selectFrom("instantWinTickets")
          .select("id")
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "=", ticketNumber + 1)
          .executeTakeFirstOrThrow()
        const person = await db
          .selectFrom("customers")
          .innerJoin("users", "users.id", "customers.userId")
          .select(["users.firstName", "users.lastName"])
          .where("customers.id", "=", customerId)
          .executeTakeFirstOrThrow()
        return {
          instantWinId: won.id,
          unwonInstantWinId: unwon.id,
          competitionId,
          customerId,
          fullName: `${person.firstName} ${person.lastName}`,
          orderId: UNKNOWN_ORDER,
        }
      },
      close,
    }
  }

const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000)
const page = (pageNumber = 1, pageSize = 20) => ({ pageNumber, pageSize })

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
 * The winners' tables on a real database (PGlite and PostgreSQL), below
 * what the WinnerRecords contract sees: a hidden winner leaves the public
 * pages the other ports read from the same rows, but not the win; a draw
 * without entries is nobody's win; an unwon number's row is untouched; and
 * the schema's checks on notes as the last line of defence.
 */
export const winnersInTheDatabase = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase
    let db: Kysely<Database>
    let repo: ReturnType<typeof makeWinnerRecords>
    let drawn: string
    let empty: string
    let unwonTicketId: string
    let wonTicketId: string
    const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

    beforeAll(async () => {
      database = await open()
      db = database.db
      repo = makeWinnerRecords(db)
      const customerId = await newCustomer(db)
      drawn = await competitionOnSale(db, {
        name: "Signed bat",
        instantWinGroups: [{ name: "Signed ball", imageUrls: [], ticketNumbers: [3, 5] }],
      })
      empty = await competitionOnSale(db, { name: "Nobody entered" })
      await recordDraw(db, drawOf(drawn, 7, at(0), { customerId, fullName: "Ann Winner" }), "7")
      await recordDraw(db, drawOf(empty, null, at(1), null), "")
      const won = await db
        .updateTable("instantWinTickets")
        .set({ wonAt: at(-60), winnerCustomerId: customerId, orderId: UNKNOWN_ORDER })
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
    afterAll(() => database?.close())

    it("hides a winner's name from the public lists, keeping the win itself public", async () => {
      await db
        .updateTable("instantWinTickets")
        .set({ winnerDisplayName: "Ann W." })
        .where("id", "=", wonTicketId)
        .execute()
      const main = { kind: "Main" as const, competitionId: drawn, ticketNumber: 7 }
      const instant = { kind: "InstantWin" as const, instantWinId: wonTicketId }
      const publicWinners = () =>
        run(makeDrawRepo(db).winners({ competitionId: drawn, includeHidden: false, page: page() }))
      const publicTickets = () =>
        run(makeCompetitionRepo(db).instantWinTickets(drawn, { status: "Won" }, page())).then((p) =>
          p.items.map((t) => [t.ticketNumber, t.won, t.winnerDisplayName]),
        )
      expect((await publicWinners()).items.map((w) => w.ticketNumber)).toEqual([7])
      expect(await publicTickets()).toEqual([[3, true, "Ann W."]])

      expect(await run(repo.setVisible(main, false))).toBe(true)
      expect(await run(repo.setVisible(instant, false))).toBe(true)
      expect((await publicWinners()).items).toEqual([])
      // Fairness: the instant win stays marked won; only the name is withheld.
      expect(await publicTickets()).toEqual([[3, true, null]])
      const staffView = await run(
        makeDrawRepo(db).winners({ competitionId: drawn, includeHidden: true, page: page() }),
      )
      expect(staffView.items.map((w) => [w.ticketNumber, w.isVisible])).toEqual([[7, false]])

      expect(await run(repo.setVisible(main, true))).toBe(true)
      expect(await run(repo.setVisible(instant, true))).toBe(true)
      expect((await publicWinners()).items.map((w) => w.ticketNumber)).toEqual([7])
      expect(await publicTickets()).toEqual([[3, true, "Ann W."]])
    })

    it("lists no winner for a draw that found no entries", async () => {
      const listed = await run(repo.mainPrizeWinners({ status: "All", page: page(1, 1_000) }))
      const competitions = listed.items.map((w) => w.competitionId)
      expect(competitions).toContain(drawn)
      expect(competitions).not.toContain(empty)
      expect(listed.totalCount).toBe(listed.items.length)
    })

    it("leaves an unwon instant-win number's row as it was when asked to hide it", async () => {
      expect(
        await run(repo.setVisible({ kind: "InstantWin", instantWinId: unwonTicketId }, false)),
      ).toBe(false)
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
