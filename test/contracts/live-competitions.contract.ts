import { LiveCompetitions, Transactions } from "@howzat/core/ports"
import { Effect } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type OpenHarness, useHarness } from "./harness"

/** A competition as the live set sees it: shown or hidden, when it sells, whether it has instant wins. */
export interface LiveCompetitionSeed {
  readonly competition: (competition: {
    readonly visible: boolean
    readonly startDateTimeUtc: Date
    readonly closeDateTimeUtc: Date
    readonly instantWin: boolean
  }) => Promise<string>
}

const DAY = 86_400_000

/**
 * The live set the instant-win share is judged on (decision 0045): visible
 * competitions that close after `now`, scheduled ones included, each with
 * whether it has instant wins. Read, as the port says, inside a transaction.
 * (The shop-wide lock is a database matter: live-competitions.database.ts
 * tests it on PostgreSQL.)
 */
export const liveCompetitionsContract = (
  name: string,
  open: OpenHarness<LiveCompetitions | Transactions, LiveCompetitionSeed>,
) =>
  describe(name, { timeout: 60_000 }, () => {
    const { run, seed } = useHarness(open)
    const lockedLive = (now: Date) =>
      run(
        Effect.flatMap(Transactions, (transactions) =>
          transactions.within(Effect.flatMap(LiveCompetitions, (live) => live.lockedLive(now))),
        ),
      )
    /** Ids of the seeded competitions in the live set, sorted. */
    const liveAmong = async (ids: readonly string[], now: Date) =>
      (await lockedLive(now))
        .filter((c) => ids.includes(c.id))
        .sort((a, b) => a.id.localeCompare(b.id))

    it("lists visible competitions that have not closed, scheduled ones included, with their kind", async () => {
      const now = new Date("2027-03-01T12:00:00Z")
      const at = (days: number) => new Date(now.getTime() + days * DAY)
      const competition = (overrides: Partial<Parameters<LiveCompetitionSeed["competition"]>[0]>) =>
        seed().competition({
          visible: true,
          startDateTimeUtc: at(-1),
          closeDateTimeUtc: at(5),
          instantWin: false,
          ...overrides,
        })
      const onSale = await competition({})
      const scheduled = await competition({ startDateTimeUtc: at(2) })
      const instant = await competition({ instantWin: true })
      const hidden = await competition({ visible: false })
      const closed = await competition({ startDateTimeUtc: at(-5), closeDateTimeUtc: at(-1) })
      // Closing at this very instant is closed: the live set is those closing after `now`.
      const closingNow = await competition({ closeDateTimeUtc: now })
      expect(
        await liveAmong([onSale, scheduled, instant, hidden, closed, closingNow], now),
      ).toEqual(
        [
          { id: onSale, instantWin: false },
          { id: scheduled, instantWin: false },
          { id: instant, instantWin: true },
        ].sort((a, b) => a.id.localeCompare(b.id)),
      )
    })

    it("holds exactly the visible competitions closing after now, at any instant", async () => {
      const base = new Date("2027-06-01T00:00:00Z").getTime()
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              visible: fc.boolean(),
              closesInHours: fc.integer({ min: -48, max: 48 }),
              instantWin: fc.boolean(),
            }),
            { maxLength: 4 },
          ),
          fc.integer({ min: -24, max: 24 }),
          async (competitions, nowHours) => {
            const ids: string[] = []
            for (const c of competitions)
              ids.push(
                await seed().competition({
                  visible: c.visible,
                  startDateTimeUtc: new Date(base - 100 * 3_600_000),
                  closeDateTimeUtc: new Date(base + c.closesInHours * 3_600_000),
                  instantWin: c.instantWin,
                }),
              )
            const expected = competitions
              .map((c, i) => ({ c, id: ids[i] ?? "" }))
              .filter(({ c }) => c.visible && c.closesInHours > nowHours)
              .map(({ c, id }) => ({ id, instantWin: c.instantWin }))
              .sort((a, b) => a.id.localeCompare(b.id))
            expect(await liveAmong(ids, new Date(base + nowHours * 3_600_000))).toEqual(expected)
          },
        ),
        { numRuns: 10 },
      )
    })
  })
