import { WinnerRecords, type WinnerRecordsShape } from "@howzat/core/ports"
import type { WinnerProcessedStatus, WinnerRef } from "@howzat/core/winners"
import { Effect, type Layer } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/** A drawn main prize as the contract seeds it, and what the world made for it. */
export interface DrawnWinner {
  readonly competitionId: string
  readonly customerId: string
}

/** A won instant win as the contract seeds it, with an unwon number in the same group. */
export interface InstantWinner {
  readonly instantWinId: string
  readonly unwonInstantWinId: string
  readonly competitionId: string
  readonly customerId: string
  readonly fullName: string
  readonly orderId: string
}

/**
 * WinnerRecords to test and the seeding it needs: staff who sign notes (and
 * leave), competitions drawn with a winner, and instant wins won.
 */
export interface WinnersWorld {
  readonly layer: Layer.Layer<WinnerRecords>
  /** A member of staff named "<firstName> Staff". */
  readonly newStaff: (firstName: string) => Promise<string>
  readonly removeStaff: (userId: string) => Promise<void>
  readonly drawnWinner: (draw: {
    readonly competitionName: string
    readonly ticketNumber: number
    readonly fullName: string
    readonly drawnAt: Date
  }) => Promise<DrawnWinner>
  readonly instantWinner: (win: {
    readonly competitionName: string
    readonly prizeName: string
    readonly ticketNumber: number
    readonly wonAt: Date
  }) => Promise<InstantWinner>
  readonly close: () => Promise<void>
}

const NOW = new Date("2026-06-15T12:00:00.000Z")
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000)
const page = (pageNumber = 1, pageSize = 100) => ({ pageNumber, pageSize })
const UNKNOWN = "00000000-0000-4000-8000-000000000000"

/**
 * The WinnerRecords port's contract, run on the in-memory adapter and on
 * PGlite and PostgreSQL: who counts as a winner, the processed and
 * visibility filters, the first hand-over kept, how a prize was awarded,
 * and notes that reach only their own kind of winner.
 */
export const winnersContract = (name: string, open: () => Promise<WinnersWorld>) =>
  describe(name, { timeout: 120_000 }, () => {
    let world: WinnersWorld
    let staffId: string
    let minutes = 0
    const run = <A, E>(use: (repo: WinnerRecordsShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(WinnerRecords, use).pipe(Effect.provide(world.layer)))
    const drawn = async (fullName = "Ann Winner") => {
      minutes += 1
      const made = await world.drawnWinner({
        competitionName: `Signed bat ${minutes}`,
        ticketNumber: 7,
        fullName,
        drawnAt: at(minutes),
      })
      return {
        ...made,
        ref: { kind: "Main", competitionId: made.competitionId, ticketNumber: 7 } as const,
      }
    }
    const won = async () => {
      minutes += 1
      const made = await world.instantWinner({
        competitionName: `Signed ball ${minutes}`,
        prizeName: "Signed ball",
        ticketNumber: 3,
        wonAt: at(minutes),
      })
      return { ...made, ref: { kind: "InstantWin", instantWinId: made.instantWinId } as const }
    }

    beforeAll(async () => {
      world = await open()
      staffId = await world.newStaff("Sam")
    })
    afterAll(() => world?.close())

    it("lists a drawn winner, latest draw first, and finds them by ticket", async () => {
      const first = await drawn("Ann Winner")
      const second = await drawn("Bob Winner")
      const listed = await run((repo) => repo.mainPrizeWinners({ status: "All", page: page() }))
      const mine = listed.items.filter((w) =>
        [first.competitionId, second.competitionId].includes(w.competitionId),
      )
      expect(mine.map((w) => w.competitionId)).toEqual([second.competitionId, first.competitionId])
      expect(mine[1]).toEqual({
        competitionId: first.competitionId,
        competitionName: expect.stringMatching(/^Signed bat \d+$/),
        cashAlternativeValue: null,
        prizeAwardedAs: null,
        ticketNumber: 7,
        winner: { customerId: first.customerId, fullName: "Ann Winner" },
        drawnAt: expect.any(Date),
        redrawRequestedAt: null,
        processed: null,
        noteCount: 0,
        isVisible: true,
      })
      expect(await run((repo) => repo.mainPrizeWinner(first.competitionId, 7))).toEqual(mine[1])
    })

    it("lists a won instant win with its prize and winner, and finds it by id", async () => {
      const win = await won()
      const listed = await run((repo) =>
        repo.instantWinPrizeWinners({ status: "All", page: page() }),
      )
      const mine = listed.items.filter((w) => w.competitionId === win.competitionId)
      expect(mine).toEqual([
        {
          instantWinId: win.instantWinId,
          competitionId: win.competitionId,
          competitionName: expect.stringMatching(/^Signed ball \d+$/),
          instantWinGroupId: expect.any(String),
          prizeName: "Signed ball",
          ticketNumber: 3,
          winner: { customerId: win.customerId, fullName: win.fullName },
          wonAt: expect.any(Date),
          orderId: win.orderId,
          postalEntryId: null,
          processed: null,
          noteCount: 0,
          isVisible: true,
        },
      ])
      expect(await run((repo) => repo.instantWinPrizeWinner(win.instantWinId))).toEqual(mine[0])
      expect(await run((repo) => repo.instantWinPrizeWinner(win.unwonInstantWinId))).toBeNull()
    })

    it("records how the main prize was awarded, only on a drawn winner (decision 0045)", async () => {
      const { competitionId } = await drawn()
      expect(await run((repo) => repo.setPrizeAwardedAs(competitionId, 7, "CashAlternative"))).toBe(
        true,
      )
      expect((await run((repo) => repo.mainPrizeWinner(competitionId, 7)))?.prizeAwardedAs).toBe(
        "CashAlternative",
      )
      expect(await run((repo) => repo.setPrizeAwardedAs(competitionId, 8, "Prize"))).toBe(false)
      expect(await run((repo) => repo.setPrizeAwardedAs("not-a-uuid", 7, "Prize"))).toBe(false)
      expect(await run((repo) => repo.setPrizeAwardedAs(competitionId, 7, null))).toBe(true)
      expect(
        (await run((repo) => repo.mainPrizeWinner(competitionId, 7)))?.prizeAwardedAs,
      ).toBeNull()
    })

    it("marks processed once, keeping the first when and who, and unmarks", async () => {
      const main = await drawn()
      const instant = await won()
      const other = await world.newStaff("Kim")
      for (const ref of [main.ref, instant.ref] as WinnerRef[]) {
        expect(
          await run((repo) => repo.setProcessed(ref, { at: at(500), byUserId: staffId })),
        ).toBe(true)
        expect(await run((repo) => repo.setProcessed(ref, { at: at(600), byUserId: other }))).toBe(
          true,
        )
      }
      const first = { at: at(500), byUserId: staffId }
      expect((await run((repo) => repo.mainPrizeWinner(main.competitionId, 7)))?.processed).toEqual(
        first,
      )
      expect(
        (await run((repo) => repo.instantWinPrizeWinner(instant.instantWinId)))?.processed,
      ).toEqual(first)
      const ids = async (status: WinnerProcessedStatus) => [
        ...(await run((repo) => repo.mainPrizeWinners({ status, page: page() }))).items.map(
          (w) => w.competitionId,
        ),
        ...(await run((repo) => repo.instantWinPrizeWinners({ status, page: page() }))).items.map(
          (w) => w.instantWinId,
        ),
      ]
      expect(await ids("Processed")).toEqual(
        expect.arrayContaining([main.competitionId, instant.instantWinId]),
      )
      expect(await ids("NotProcessed")).not.toContain(main.competitionId)
      expect(await ids("NotProcessed")).not.toContain(instant.instantWinId)
      expect(await run((repo) => repo.setProcessed(main.ref, null))).toBe(true)
      expect(await run((repo) => repo.setProcessed(instant.ref, null))).toBe(true)
      expect(
        (await run((repo) => repo.mainPrizeWinner(main.competitionId, 7)))?.processed,
      ).toBeNull()
      expect(await ids("NotProcessed")).toEqual(
        expect.arrayContaining([main.competitionId, instant.instantWinId]),
      )
    })

    it("hides and shows a winner's name, filtered by visibility", async () => {
      const main = await drawn()
      const instant = await won()
      const visible = async (visibility: "All" | "Visible" | "Hidden") => [
        ...(
          await run((repo) => repo.mainPrizeWinners({ status: "All", visibility, page: page() }))
        ).items.map((w) => w.competitionId),
        ...(
          await run((repo) =>
            repo.instantWinPrizeWinners({ status: "All", visibility, page: page() }),
          )
        ).items.map((w) => w.instantWinId),
      ]
      const both = [main.competitionId, instant.instantWinId]
      expect(await run((repo) => repo.setVisible(main.ref, false))).toBe(true)
      expect(await run((repo) => repo.setVisible(instant.ref, false))).toBe(true)
      expect((await run((repo) => repo.mainPrizeWinner(main.competitionId, 7)))?.isVisible).toBe(
        false,
      )
      expect(
        (await run((repo) => repo.instantWinPrizeWinner(instant.instantWinId)))?.isVisible,
      ).toBe(false)
      expect(await visible("Hidden")).toEqual(expect.arrayContaining(both))
      expect(await visible("All")).toEqual(expect.arrayContaining(both))
      for (const id of both) expect(await visible("Visible")).not.toContain(id)
      expect(await run((repo) => repo.setVisible(main.ref, true))).toBe(true)
      expect(await run((repo) => repo.setVisible(instant.ref, true))).toBe(true)
      expect(await visible("Visible")).toEqual(expect.arrayContaining(both))
      for (const id of both) expect(await visible("Hidden")).not.toContain(id)
    })

    it("finds, marks, shows and notes no one for a ticket that did not win or a bad id", async () => {
      const main = await drawn()
      const instant = await won()
      const nobody: WinnerRef[] = [
        { kind: "Main", competitionId: main.competitionId, ticketNumber: 8 },
        { kind: "Main", competitionId: UNKNOWN, ticketNumber: 7 },
        { kind: "Main", competitionId: "not-a-uuid", ticketNumber: 7 },
        { kind: "Main", competitionId: main.competitionId, ticketNumber: 3_000_000_000 },
        { kind: "InstantWin", instantWinId: instant.unwonInstantWinId },
        { kind: "InstantWin", instantWinId: UNKNOWN },
        { kind: "InstantWin", instantWinId: "nope" },
      ]
      for (const ref of nobody) {
        expect(await run((repo) => repo.setProcessed(ref, { at: at(5), byUserId: staffId }))).toBe(
          false,
        )
        expect(await run((repo) => repo.setVisible(ref, false))).toBe(false)
        expect(await run((repo) => repo.notes(ref))).toBeNull()
        const note = { text: "x", authorUserId: staffId, at: at(5) }
        expect(await run((repo) => repo.addNote(ref, note))).toBeNull()
      }
      expect(await run((repo) => repo.mainPrizeWinner(main.competitionId, 8))).toBeNull()
      expect(await run((repo) => repo.mainPrizeWinner("not-a-uuid", 7))).toBeNull()
      expect(await run((repo) => repo.instantWinPrizeWinner("nope"))).toBeNull()
    })

    it("keeps notes per winner, reached for edit and delete only through their kind", async () => {
      const main = await drawn()
      const instant = await won()
      const note = await run((repo) =>
        repo.addNote(main.ref, { text: "Phoned Ann", authorUserId: staffId, at: at(30) }),
      )
      expect(note).toMatchObject({
        text: "Phoned Ann",
        author: { userId: staffId, name: "Sam Staff" },
        createdAt: at(30),
        updatedAt: at(30),
      })
      if (note === null) throw new Error("no note")
      const onInstant = await run((repo) =>
        repo.addNote(instant.ref, { text: "Posted", authorUserId: staffId, at: at(31) }),
      )
      expect((await run((repo) => repo.mainPrizeWinner(main.competitionId, 7)))?.noteCount).toBe(1)
      expect(
        (await run((repo) => repo.instantWinPrizeWinner(instant.instantWinId)))?.noteCount,
      ).toBe(1)
      expect(await run((repo) => repo.note("Main", note.noteId))).toEqual(note)
      expect(await run((repo) => repo.note("InstantWin", note.noteId))).toBeNull()

      const change = { text: "No", at: at(40) }
      expect(await run((repo) => repo.editNote("InstantWin", note.noteId, change))).toBeNull()
      expect(await run((repo) => repo.deleteNote("InstantWin", note.noteId))).toBe(false)
      const edited = await run((repo) =>
        repo.editNote("Main", note.noteId, { text: "Sent", at: at(40) }),
      )
      expect(edited).toMatchObject({ text: "Sent", createdAt: at(30), updatedAt: at(40) })
      expect(await run((repo) => repo.notes(main.ref))).toEqual([edited])
      expect(await run((repo) => repo.notes(instant.ref))).toEqual([onInstant])

      expect(await run((repo) => repo.deleteNote("Main", note.noteId))).toBe(true)
      expect(await run((repo) => repo.deleteNote("Main", note.noteId))).toBe(false)
      expect(
        await run((repo) => repo.editNote("Main", "not-a-uuid", { text: "x", at: at(41) })),
      ).toBeNull()
      expect(await run((repo) => repo.notes(main.ref))).toEqual([])
    })

    it("keeps notes oldest first, and unsigned once their author is removed", async () => {
      const instant = await won()
      const leaver = await world.newStaff("Lee")
      const add = (text: string, minute: number, authorUserId: string) =>
        run((repo) => repo.addNote(instant.ref, { text, authorUserId, at: at(minute) }))
      const first = await add("Left a message", 50, leaver)
      const second = await add("Called back", 51, staffId)
      await world.removeStaff(leaver)
      const notes = await run((repo) => repo.notes(instant.ref))
      expect(notes?.map((n) => [n.noteId, n.author?.name ?? null])).toEqual([
        [first?.noteId, null],
        [second?.noteId, "Sam Staff"],
      ])
    })

    it("pages so that the pages of each status make up the whole list (property)", async () => {
      const extra = []
      for (let i = 0; i < 5; i++) extra.push((await drawn()).competitionId)
      const all = async (status: WinnerProcessedStatus, pageSize: number) => {
        const first = await run((repo) =>
          repo.mainPrizeWinners({ status, page: page(1, pageSize) }),
        )
        const pages = Math.ceil(first.totalCount / pageSize)
        const rest = []
        for (let n = 2; n <= pages; n++) {
          rest.push(await run((repo) => repo.mainPrizeWinners({ status, page: page(n, pageSize) })))
        }
        const items = [first, ...rest].flatMap((p) => p.items)
        expect(items.length).toBe(first.totalCount)
        return items.map((w) => w.competitionId)
      }
      await fc.assert(
        fc.asyncProperty(
          fc.subarray(extra),
          fc.integer({ min: 1, max: 4 }),
          async (chosen, size) => {
            for (const competitionId of await all("All", 100)) {
              await run((repo) =>
                repo.setProcessed({ kind: "Main", competitionId, ticketNumber: 7 }, null),
              )
            }
            for (const competitionId of chosen) {
              const ref = { kind: "Main", competitionId, ticketNumber: 7 } as const
              await run((repo) => repo.setProcessed(ref, { at: at(200), byUserId: staffId }))
            }
            const whole = await all("All", size)
            const done = await all("Processed", size)
            const waiting = await all("NotProcessed", size)
            expect(new Set(done)).toEqual(new Set(chosen))
            expect([...done, ...waiting].sort()).toEqual([...whole].sort())
            expect(whole.length).toBe(new Set(whole).size)
          },
        ),
        { numRuns: 8 },
      )
    })
  })
