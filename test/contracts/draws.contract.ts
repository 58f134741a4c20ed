import {
  DrawRecords,
  type DrawRecordsShape,
  DrawRepo,
  type DrawRepoShape,
} from "@howzat/core/ports"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type DrawsWorld, drawOf, type SeededCompetition, yearOf } from "./draw-records.contract"

const HOUR = 60 * 60 * 1000
const UNKNOWN = "00000000-0000-4000-8000-000000000000"
/** The live-draw host's scope: every closed competition with a draw to make. */
const everyWaiting = { drawTypes: ["Live", "Automatic"], visibleOnly: false } as const
const page = (pageNumber = 1, pageSize = 10) => ({ pageNumber, pageSize })

/**
 * The contract of the draws across competitions, run on the in-memory
 * adapter and on PGlite and PostgreSQL: DrawRecords' due, awaiting and
 * listed draws, and DrawRepo's winners page and next draw date. Which
 * competitions are drawn, by whom, and whose winner the public may see.
 */
export const drawsContract = (name: string, open: () => Promise<DrawsWorld>) =>
  describe(name, { timeout: 120_000 }, () => {
    let world: DrawsWorld
    const records = <A, E>(use: (r: DrawRecordsShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(DrawRecords, use).pipe(Effect.provide(world.layer)))
    const repo = <A, E>(use: (r: DrawRepoShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(DrawRepo, use).pipe(Effect.provide(world.layer)))
    const competitionAt = (closeAt: Date, rest: Omit<SeededCompetition, "closeAt"> = {}) =>
      world.competition({ closeAt, ...rest })

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("due: automatic ones whose draw time has come and that have no draw, soonest first", async () => {
      // The earliest year of all, and the only automatic competitions before 2004: the limit is theirs.
      const day = yearOf(2000)
      const now = day(10)
      const first = await competitionAt(day(1), { drawType: "Automatic" })
      const second = await competitionAt(day(2), { drawType: "Automatic", drawAt: null })
      const third = await competitionAt(day(3), { drawType: "Automatic" })
      const drawn = await competitionAt(day(1), { drawType: "Automatic" })
      await records((r) => r.record(drawOf(drawn), "1\n2\n3"))
      await competitionAt(day(2), { drawType: "Live" })
      await competitionAt(day(2), { drawType: "None" })
      await competitionAt(day(9), {
        drawType: "Automatic",
        drawAt: new Date(now.getTime() + 1),
      })

      expect(await records((r) => r.due(now, 10, []))).toEqual([first, second, third])
      expect(await records((r) => r.due(now, 2, []))).toEqual([first, second])
      // What the pass already tried is skipped: the batch moves on to the rest.
      expect(await records((r) => r.due(now, 2, [first, "not-a-uuid"]))).toEqual([second, third])
      // A draw time of exactly now is due.
      expect(await records((r) => r.due(new Date(day(3).getTime() + HOUR), 10, []))).toEqual([
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
      await records((r) => r.record(drawOf(drawn), "1\n2\n3"))
      await competitionAt(day(1), { drawType: "None" })
      await competitionAt(new Date(now.getTime() + 1), { drawType: "Live" })
      await world.sell(live, 3, "Completed")

      // Earlier tests' competitions have closed too: only this test's are looked at.
      const mine = new Set([live, automatic, drawn])
      const waiting = (await records((r) => r.awaiting(now, everyWaiting))).filter((c) =>
        mine.has(c.id),
      )
      expect(waiting.map((c) => c.id)).toEqual([automatic, live])
      expect(waiting[1]).toMatchObject({
        drawType: "Live",
        visibilityStatus: "Visible",
        closeDateTimeUtc: day(2),
        drawDateTimeUtc: new Date(day(2).getTime() + HOUR),
        ticketsSoldToDate: 3,
        drawCommitment: (await records((r) => r.material(live))).seedCommitment,
      })
    })

    it("awaiting live, visible only: late ones stay, drawn, hidden, automatic and open ones do not", async () => {
      const day = yearOf(2008)
      const now = day(10)
      // The stream ran over: the draw was due an hour ago.
      const overran = await competitionAt(new Date(now.getTime() - 2 * HOUR), {
        name: "Overran",
        drawAt: new Date(now.getTime() - HOUR),
      })
      // Put off: due a week ago, still not drawn.
      const putOff = await competitionAt(day(2), { name: "Put off", drawAt: day(3) })
      const drawn = await competitionAt(day(2), { name: "Drawn" })
      await records((r) => r.record(drawOf(drawn), "1\n2\n3"))
      const hidden = await competitionAt(day(2), { name: "Hidden", visibility: "Hidden" })
      const automatic = await competitionAt(day(2), { name: "Automatic", drawType: "Automatic" })
      const open = await competitionAt(new Date(now.getTime() + 1), { name: "Open" })
      const mine = new Set([overran, putOff, drawn, hidden, automatic, open])

      const publicScope = { drawTypes: ["Live"] as const, visibleOnly: true, limit: 10_000 }
      const listed = await records((r) => r.awaiting(now, publicScope))
      expect(listed.filter((c) => mine.has(c.id)).map((c) => c.name)).toEqual([
        "Put off",
        "Overran",
      ])
      expect(listed.every((c) => c.drawType === "Live" && c.visibilityStatus === "Visible")).toBe(
        true,
      )
      // Bounded: the soonest draws first.
      const firstTwo = await records((r) => r.awaiting(now, { ...publicScope, limit: 2 }))
      expect(firstTwo).toEqual(listed.slice(0, 2))
      expect(await records((r) => r.awaiting(now, { ...publicScope, limit: 0 }))).toEqual([])
      expect(await records((r) => r.awaiting(now, { drawTypes: [], visibleOnly: false }))).toEqual(
        [],
      )

      // The host's scope still has the hidden and automatic ones.
      const hosts = (await records((r) => r.awaiting(now, everyWaiting))).map((c) => c.id)
      expect(hosts).toEqual(expect.arrayContaining([overran, putOff, hidden, automatic]))
      expect(hosts).not.toContain(drawn)
      expect(hosts).not.toContain(open)
    })

    it("awaiting orders ties on draw time by close time, then name, then id", async () => {
      const day = yearOf(2009)
      const now = day(10)
      const drawAt = day(5)
      const at = (closeDay: number, name: string) => competitionAt(day(closeDay), { name, drawAt })
      const closedLater = await at(3, "A")
      const closedFirst = await at(2, "Z")
      const c = await at(3, "C")
      const b = await at(3, "B")
      const twins = [await at(3, "D"), await at(3, "D")].sort()
      const mine = new Set([closedLater, closedFirst, c, b, ...twins])
      const listed = (await records((r) => r.awaiting(now, everyWaiting)))
        .map((x) => x.id)
        .filter((id) => mine.has(id))
      expect(listed).toEqual([closedFirst, closedLater, b, c, ...twins])
    })

    it("lists draws latest first, by draw date, hidden competitions' only when asked", async () => {
      const day = yearOf(2005)
      const ids = await Promise.all(
        [1, 2, 3].map((d) => competitionAt(day(d), { name: `Draw ${d}` })),
      )
      const hidden = await competitionAt(day(2), { name: "Hidden", visibility: "Hidden" })
      for (const [i, id] of [...ids, hidden].entries())
        await records((r) =>
          r.record(drawOf(id, { drawDate: day(i === 3 ? 2 : i + 1) }), "1\n2\n3"),
        )

      const names = async (from: Date, to: Date, includeHidden: boolean) => {
        const listed = await records((r) =>
          r.list({ fromDate: from, toDate: to, includeHidden, page: page() }),
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

      const second = await records((r) =>
        r.list({ fromDate: day(0), toDate: day(4), includeHidden: false, page: page(2, 2) }),
      )
      expect([second.totalCount, second.items.map((d) => d.competitionName)]).toEqual([
        3,
        ["Draw 1"],
      ])
      // A page below the first is the first; a size below one is one.
      const floor = await records((r) =>
        r.list({ fromDate: day(0), toDate: day(4), includeHidden: false, page: page(0, 0) }),
      )
      expect(floor).toMatchObject({ pageNumber: 1, pageSize: 1, totalCount: 3 })
      expect(floor.items.map((d) => d.competitionName)).toEqual(["Draw 3"])
      const first = (
        await records((r) =>
          r.list({ fromDate: day(3), toDate: day(3), includeHidden: false, page: page() }),
        )
      ).items[0]
      expect(first).toEqual({
        ...drawOf(ids[2] ?? "", { drawDate: day(3) }),
        competitionName: "Draw 3",
      })
    })

    it("lists a draw whose winner is kept private, naming them to staff only", async () => {
      const day = yearOf(2007)
      const customerId = await world.customer()
      const id = await competitionAt(day(1), { name: "Private winner" })
      await records((r) =>
        r.record(drawOf(id, { drawDate: day(1), winnerCustomerId: customerId }), "1\n2\n3"),
      )
      await world.keepWinnerPrivate(id)
      const winnerIn = async (includeHidden: boolean) =>
        (
          await records((r) =>
            r.list({ fromDate: day(0), toDate: day(2), includeHidden, page: page() }),
          )
        ).items.map((d) => [
          d.competitionName,
          d.winningTicketNumber,
          d.winnerFullName,
          d.winnerCustomerId,
        ])
      expect(await winnerIn(false)).toEqual([["Private winner", 2, null, null]])
      expect(await winnerIn(true)).toEqual([["Private winner", 2, "Ann Smith", customerId]])
    })

    it("winners: drawn winners latest first, filtered by date, competition, customer and name", async () => {
      const day = yearOf(2010)
      const ann = await world.customer()
      const bob = await world.customer()
      const drawnOn = async (d: number, winner: string, customerId: string | null) => {
        const id = await competitionAt(day(d), { name: `Bat ${d}` })
        await records((r) =>
          r.record(
            drawOf(id, { drawDate: day(d), winnerFullName: winner, winnerCustomerId: customerId }),
            "1\n2\n3",
          ),
        )
        return id
      }
      const first = await drawnOn(1, "Ann Qwerty", ann)
      const second = await drawnOn(2, "Bob Qwertz", bob)
      const third = await drawnOn(3, "Ann Qwerty", ann)
      const empty = await competitionAt(day(4), { name: "Nobody entered" })
      await records((r) =>
        r.record(
          drawOf(empty, {
            drawDate: day(4),
            outcome: "NoEntries",
            entryCount: 0,
            attempt: null,
            winningTicketNumber: null,
            winnerFullName: null,
          }),
          "",
        ),
      )
      const ids = async (query: Partial<Parameters<DrawRepoShape["winners"]>[0]>) => {
        const found = await repo((r) =>
          r.winners({
            fromDate: day(0),
            toDate: day(5),
            includeHidden: false,
            page: page(),
            ...query,
          }),
        )
        expect(found.totalCount).toBe(found.items.length)
        return found.items.map((w) => w.competitionId)
      }
      expect(await ids({})).toEqual([third, second, first])
      expect(await ids({ fromDate: day(2), toDate: day(2) })).toEqual([second])
      expect(await ids({ competitionId: second })).toEqual([second])
      expect(await ids({ customerId: ann })).toEqual([third, first])
      expect(await ids({ customerName: "qwertz" })).toEqual([second])
      expect(await ids({ customerName: "ANN Q" })).toEqual([third, first])
      for (const bad of ["not-a-uuid", UNKNOWN]) {
        expect(await ids({ competitionId: bad })).toEqual([])
        expect(await ids({ customerId: bad })).toEqual([])
      }
      const paged = await repo((r) =>
        r.winners({ fromDate: day(0), toDate: day(5), includeHidden: false, page: page(2, 2) }),
      )
      expect([paged.totalCount, paged.items.map((w) => w.competitionId)]).toEqual([3, [first]])
      const floor = await repo((r) =>
        r.winners({ fromDate: day(0), toDate: day(5), includeHidden: false, page: page(-1, 0) }),
      )
      expect(floor).toMatchObject({ pageNumber: 1, pageSize: 1, totalCount: 3 })
      expect(floor.items.map((w) => w.competitionId)).toEqual([third])
      expect(paged.items[0]).toEqual({
        competitionId: first,
        competitionName: "Bat 1",
        drawDate: day(1),
        ticketNumber: 2,
        winnerFullName: "Ann Qwerty",
        imageUrl: null,
        isVisible: true,
      })
    })

    it("winners: a hidden competition's or a private winner shown to staff only", async () => {
      const day = yearOf(2011)
      const drawnOn = async (d: number, rest: Omit<SeededCompetition, "closeAt"> = {}) => {
        const id = await competitionAt(day(d), rest)
        await records((r) => r.record(drawOf(id, { drawDate: day(d) }), "1\n2\n3"))
        return id
      }
      const shown = await drawnOn(1)
      const hiddenCompetition = await drawnOn(2, { visibility: "Hidden" })
      const privateWinner = await drawnOn(3)
      await world.keepWinnerPrivate(privateWinner)
      const winners = async (includeHidden: boolean) =>
        (
          await repo((r) =>
            r.winners({ fromDate: day(0), toDate: day(4), includeHidden, page: page() }),
          )
        ).items.map((w) => [w.competitionId, w.isVisible])
      expect(await winners(false)).toEqual([[shown, true]])
      expect(await winners(true)).toEqual([
        [privateWinner, false],
        [hiddenCompetition, true],
        [shown, true],
      ])
    })

    it("next draw date: the earliest of its type still to come among visible competitions", async () => {
      // Before every other test's competitions, so theirs come later.
      const day = yearOf(1995)
      const now = day(10)
      await competitionAt(day(5), {
        drawType: "Automatic",
        drawAt: new Date(now.getTime() + 5 * HOUR),
      })
      await competitionAt(day(5), { drawType: "Live", drawAt: now })
      await competitionAt(day(5), {
        drawType: "Live",
        visibility: "Hidden",
        drawAt: new Date(now.getTime() + HOUR),
      })
      await competitionAt(day(5), { drawType: "Live", drawAt: new Date(now.getTime() + 3 * HOUR) })
      await competitionAt(day(5), { drawType: "Live", drawAt: new Date(now.getTime() + 2 * HOUR) })
      await competitionAt(day(5), { drawType: "Live", drawAt: null })
      expect(await repo((r) => r.nextDrawDate("Live", now))).toEqual(
        new Date(now.getTime() + 2 * HOUR),
      )
      expect(await repo((r) => r.nextDrawDate("Automatic", now))).toEqual(
        new Date(now.getTime() + 5 * HOUR),
      )
      expect(await repo((r) => r.nextDrawDate("Live", yearOf(2200)(0)))).toBeNull()
    })
  })
