import type { DrawRecord } from "@howzat/core/draws/model"
import type { WinnerProcessedStatus } from "@howzat/core/winners/model"
import { Effect } from "effect"
import fc from "fast-check"
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

const newStaff = async (db: Kysely<Database>, firstName: string) =>
  (
    await db
      .insertInto("users")
      .values({
        email: `${firstName.toLowerCase()}-${Math.trunc(performance.now() * 1000)}@howzat.example`,
        passwordHash: "not-a-real-hash",
        firstName,
        lastName: "Staff",
        role: "Staff",
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id

/**
 * The winners' repository against a real database (PGlite and PostgreSQL):
 * who counts as a winner, the processed filter, the first hand-over kept,
 * and notes that reach only their own kind of winner; the schema's checks
 * as the last line of defence.
 */
export const winnersSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase
    let db: Kysely<Database>
    let repo: ReturnType<typeof makeWinnerRecords>
    let staffId: string
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
      staffId = await newStaff(db, "Sam")
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

    it("lists draws with a winner, never a draw with no entries", async () => {
      const listed = await run(repo.mainPrizeWinners({ status: "All", page: page() }))
      expect(listed.totalCount).toBe(1)
      expect(listed.items).toEqual([
        {
          competitionId: drawn,
          competitionName: "Signed bat",
          cashAlternativeValue: null,
          prizeAwardedAs: null,
          ticketNumber: 7,
          winner: { customerId, fullName: "Ann Winner" },
          drawnAt: at(0),
          processed: null,
          noteCount: 0,
          isVisible: true,
        },
      ])
    })

    it("records how the main prize was awarded, only on a drawn winner (decision 0045)", async () => {
      expect(await run(repo.setPrizeAwardedAs(drawn, 7, "CashAlternative"))).toBe(true)
      expect((await run(repo.mainPrizeWinner(drawn, 7)))?.prizeAwardedAs).toBe("CashAlternative")
      expect(await run(repo.setPrizeAwardedAs(drawn, 8, "Prize"))).toBe(false)
      expect(await run(repo.setPrizeAwardedAs("not-a-uuid", 7, "Prize"))).toBe(false)
      expect(await run(repo.setPrizeAwardedAs(drawn, 7, null))).toBe(true)
      expect((await run(repo.mainPrizeWinner(drawn, 7)))?.prizeAwardedAs).toBeNull()
    })

    it("lists won instant-win tickets with their prize and winner, never unwon ones", async () => {
      const listed = await run(repo.instantWinPrizeWinners({ status: "All", page: page() }))
      expect(listed.totalCount).toBe(1)
      expect(listed.items).toEqual([
        {
          instantWinId: wonTicketId,
          competitionId: drawn,
          competitionName: "Signed bat",
          instantWinGroupId: expect.any(String),
          prizeName: "Signed ball",
          ticketNumber: 3,
          winner: { customerId, fullName: expect.stringMatching(/^Test Buyer \d+$/) },
          wonAt: at(-60),
          orderId: UNKNOWN,
          postalEntryId: null,
          processed: null,
          noteCount: 0,
          isVisible: true,
        },
      ])
    })

    it("marks processed once, keeping the first when and who, and unmarks", async () => {
      const other = await newStaff(db, "Kim")
      for (const ref of [main(), instant()]) {
        expect(await run(repo.setProcessed(ref, { at: at(10), byUserId: staffId }))).toBe(true)
        expect(await run(repo.setProcessed(ref, { at: at(20), byUserId: other }))).toBe(true)
      }
      const winner = await run(repo.mainPrizeWinner(drawn, 7))
      expect(winner?.processed).toEqual({ at: at(10), byUserId: staffId })
      const instantWinner = await run(repo.instantWinPrizeWinner(wonTicketId))
      expect(instantWinner?.processed).toEqual({ at: at(10), byUserId: staffId })
      for (const status of ["Processed", "NotProcessed"] as const) {
        const mains = await run(repo.mainPrizeWinners({ status, page: page() }))
        expect(mains.totalCount).toBe(status === "Processed" ? 1 : 0)
      }
      expect(await run(repo.setProcessed(main(), null))).toBe(true)
      expect((await run(repo.mainPrizeWinner(drawn, 7)))?.processed).toBeNull()
      expect(await run(repo.setProcessed(instant(), null))).toBe(true)
    })

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

    it("finds no winner for a ticket that did not win, an unwon instant win or a bad id", async () => {
      const by = { at: at(5), byUserId: staffId }
      const nobody = [
        { kind: "Main" as const, competitionId: drawn, ticketNumber: 8 },
        { kind: "Main" as const, competitionId: UNKNOWN, ticketNumber: 7 },
        { kind: "Main" as const, competitionId: "not-a-uuid", ticketNumber: 7 },
        { kind: "Main" as const, competitionId: drawn, ticketNumber: 3_000_000_000 },
        { kind: "InstantWin" as const, instantWinId: unwonTicketId },
        { kind: "InstantWin" as const, instantWinId: "nope" },
      ]
      for (const ref of nobody) {
        expect(await run(repo.setProcessed(ref, by))).toBe(false)
        expect(await run(repo.notes(ref))).toBeNull()
        expect(await run(repo.addNote(ref, { text: "x", authorUserId: staffId, at: at(5) }))).toBe(
          null,
        )
      }
      expect(await run(repo.mainPrizeWinner(drawn, 8))).toBeNull()
      expect(await run(repo.instantWinPrizeWinner(unwonTicketId))).toBeNull()
    })

    it("keeps notes per winner, reached for edit and delete only through their kind", async () => {
      const note = await run(
        repo.addNote(main(), { text: "Phoned Ann", authorUserId: staffId, at: at(30) }),
      )
      expect(note).toMatchObject({
        text: "Phoned Ann",
        author: { userId: staffId, name: "Sam Staff" },
        createdAt: at(30),
        updatedAt: at(30),
      })
      if (note === null) throw new Error("no note")
      const onInstant = await run(
        repo.addNote(instant(), { text: "Posted", authorUserId: staffId, at: at(31) }),
      )
      expect((await run(repo.mainPrizeWinner(drawn, 7)))?.noteCount).toBe(1)
      expect((await run(repo.instantWinPrizeWinner(wonTicketId)))?.noteCount).toBe(1)

      expect(await run(repo.editNote("InstantWin", note.noteId, { text: "No", at: at(40) }))).toBe(
        null,
      )
      expect(await run(repo.deleteNote("InstantWin", note.noteId))).toBe(false)
      const edited = await run(repo.editNote("Main", note.noteId, { text: "Sent", at: at(40) }))
      expect(edited).toMatchObject({ text: "Sent", createdAt: at(30), updatedAt: at(40) })
      expect(await run(repo.notes(main()))).toEqual([edited])
      expect(await run(repo.notes(instant()))).toEqual([onInstant])

      expect(await run(repo.deleteNote("Main", note.noteId))).toBe(true)
      expect(await run(repo.deleteNote("Main", note.noteId))).toBe(false)
      expect(await run(repo.editNote("Main", "not-a-uuid", { text: "x", at: at(41) }))).toBeNull()
      expect(await run(repo.notes(main()))).toEqual([])
    })

    it("keeps a note unsigned once its author is removed", async () => {
      const leaver = await newStaff(db, "Lee")
      const note = await run(
        repo.addNote(instant(), { text: "Left a message", authorUserId: leaver, at: at(50) }),
      )
      await db.deleteFrom("users").where("id", "=", leaver).execute()
      const notes = await run(repo.notes(instant()))
      expect(notes?.find((n) => n.noteId === note?.noteId)?.author).toBeNull()
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

    it("pages and filters so that the pages of each status make up the whole list", async () => {
      const extra = await Promise.all(
        Array.from({ length: 5 }, (_, i) => competitionOnSale(db, { name: `Extra ${i}` })),
      )
      for (const [i, id] of extra.entries())
        await recordDraw(db, drawOf(id, 1, at(100 + i), { customerId, fullName: "Ann" }), "1")
      await fc.assert(
        fc.asyncProperty(
          fc.subarray(extra),
          fc.integer({ min: 1, max: 4 }),
          async (processed, pageSize) => {
            await db
              .updateTable("draws")
              .set({ processedAt: null, processedByUserId: null })
              .execute()
            for (const id of processed)
              await run(
                repo.setProcessed(
                  { kind: "Main", competitionId: id, ticketNumber: 1 },
                  { at: at(200), byUserId: staffId },
                ),
              )
            const whole = async (status: WinnerProcessedStatus) => {
              const first = await run(repo.mainPrizeWinners({ status, page: page(1, pageSize) }))
              const pages = Math.ceil(first.totalCount / pageSize)
              const rest = await Promise.all(
                Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
                  run(repo.mainPrizeWinners({ status, page: page(i + 2, pageSize) })),
                ),
              )
              const items = [first, ...rest].flatMap((p) => p.items)
              expect(items.length).toBe(first.totalCount)
              return items.map((w) => w.competitionId)
            }
            const all = await whole("All")
            const done = await whole("Processed")
            const waiting = await whole("NotProcessed")
            expect(new Set(done)).toEqual(new Set(processed))
            expect([...done, ...waiting].sort()).toEqual([...all].sort())
            expect(all.length).toBe(new Set(all).size)
          },
        ),
        { numRuns: 8 },
      )
    })
  })
