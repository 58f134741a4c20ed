import {
  type Competition,
  CompetitionNotFound,
  type CompetitionQuery,
  type CompetitionSort,
  InstantWinGroupNotFound,
  type TimePeriod,
} from "@howzat/core/competitions"
import {
  CompetitionRepo,
  CompetitionWriter,
  type InstantWinTicketFilter,
  type NewCompetition,
} from "@howzat/core/ports"
import {
  COMPETITION_SORTS,
  compareForDisplay,
  compareForListing,
  displayRank,
  inTimePeriod,
  listingOf,
  listOrder,
  pence,
} from "@howzat/core/rules"
import { Effect, Either } from "effect"
import fc from "fast-check"
import { beforeAll, describe, expect, it } from "vitest"
import { at, DAY, HOUR, MINUTE, NOW, newCompetition } from "./competitions.fixtures"
import { type OpenHarness, useHarness } from "./harness"

export interface CompetitionsSeed {
  /** A visible category; the tests put their competitions in one of their own to find them. */
  readonly category: (name: string) => Promise<string>
  /** Marks an instant-win number won, as the ledger does when a paid order holds it. */
  readonly winInstantTicket: (win: {
    readonly competitionId: string
    readonly ticketNumber: number
    readonly winnerDisplayName: string
    /** False: staff keep the winner's name private (decision 0035). */
    readonly isVisible: boolean
  }) => Promise<void>
  /** Counts every ticket of the competition sold, as paid orders would. */
  readonly sellOut: (competitionId: string) => Promise<void>
}

/** Core's display order, with id last as the tie-break that keeps paging stable. */
const displayOrder = (a: Competition, b: Competition): number =>
  compareForDisplay(
    { rank: displayRank(a.attributes), close: a.closeDateTimeUtc },
    { rank: displayRank(b.attributes), close: b.closeDateTimeUtc },
  ) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** Which time period lists a competition belongs in, by core's own rule. */
const inPeriod = (c: Competition, period: TimePeriod): boolean =>
  inTimePeriod(listingOf(c), period, NOW)

/** Core's order for a sort (rules/catalogue-order.ts). */
const sortedBy = (sort: CompetitionSort, list: readonly Competition[]) => {
  const compare = compareForListing(sort, NOW)
  return [...list].sort((a, b) => compare(listingOf(a), listingOf(b)))
}

/**
 * The storefront's browsing (CompetitionRepo): which competitions a list
 * holds by time period, visibility, category, text and kind, in core's
 * display order, paged; one by id; and the public view of instant-win
 * numbers. Competitions are made through CompetitionWriter, as the seed and
 * back office make them. (Query counts and a broken database are the
 * adapter's business: its suite keeps them.)
 */
export const competitionsContract = (
  name: string,
  open: OpenHarness<CompetitionRepo | CompetitionWriter, CompetitionsSeed>,
) =>
  describe(name, { timeout: 120_000 }, () => {
    const { run, seed } = useHarness(open)
    const create = (c: NewCompetition) => run(Effect.flatMap(CompetitionWriter, (w) => w.create(c)))
    const byIdEither = (id: string, visibleOnly: boolean) =>
      run(Effect.either(Effect.flatMap(CompetitionRepo, (r) => r.byId(id, { visibleOnly }))))
    const byId = (id: string) =>
      run(Effect.flatMap(CompetitionRepo, (r) => r.byId(id, { visibleOnly: false })))

    describe("listing", () => {
      let scope: string
      let cricket: string
      let all: Competition[]
      const list = (overrides: Partial<CompetitionQuery> = {}) =>
        run(
          Effect.flatMap(CompetitionRepo, (r) =>
            r.list({
              categoryId: scope,
              timePeriod: "All",
              type: "All",
              visibleOnly: false,
              now: NOW,
              page: { pageNumber: 1, pageSize: 100 },
              ...overrides,
            }),
          ),
        )

      beforeAll(async () => {
        scope = await seed().category("Everything listed here")
        cricket = await seed().category("Cricket")
        const specs: Partial<NewCompetition>[] = [
          {
            name: "Coming soon bat",
            totalTickets: 2_500,
            startDateTimeUtc: at(3 * DAY),
            closeDateTimeUtc: at(30 * DAY),
            drawDateTimeUtc: at(31 * DAY),
          },
          {
            name: "Live ball",
            ticketPrice: pence(49),
            startDateTimeUtc: at(-2 * DAY),
            closeDateTimeUtc: at(25 * DAY),
            drawDateTimeUtc: at(26 * DAY),
            attributes: { competitionOrder: "2" },
          },
          {
            name: "The ASHES tickets",
            description: "<p>Two seats at Lord's</p>",
            ticketPrice: pence(250),
            totalTickets: 50,
            closeDateTimeUtc: at(2 * DAY),
            drawDateTimeUtc: at(2 * DAY),
            categoryIds: [cricket],
            instantWinGroups: [{ name: "Credit", imageUrls: [], ticketNumbers: [7] }],
          },
          {
            name: "Awaiting draw helmet",
            startDateTimeUtc: at(-20 * DAY),
            closeDateTimeUtc: at(-DAY),
            drawDateTimeUtc: at(4 * DAY),
            categoryIds: [cricket],
          },
          {
            name: "Drawn watch",
            startDateTimeUtc: at(-30 * DAY),
            closeDateTimeUtc: at(-10 * DAY),
            drawDateTimeUtc: at(-8 * DAY),
            attributes: { competitionOrder: "10" },
          },
          {
            name: "Closed without draw",
            startDateTimeUtc: at(-30 * DAY),
            closeDateTimeUtc: at(-5 * DAY),
            drawDateTimeUtc: null,
            drawType: "None",
          },
          {
            name: "Hidden draft 100% off",
            visibilityStatus: "Hidden",
            closeDateTimeUtc: at(10 * DAY),
            drawDateTimeUtc: null,
            drawType: "None",
            attributes: { competitionOrder: "1" },
          },
          {
            name: "Three weeks exactly",
            closeDateTimeUtc: at(21 * DAY),
            drawDateTimeUtc: at(22 * DAY),
          },
          {
            name: "Just under three weeks",
            closeDateTimeUtc: at(21 * DAY - MINUTE),
            drawDateTimeUtc: at(22 * DAY),
          },
          {
            name: "Awaiting a distant draw",
            startDateTimeUtc: at(-20 * DAY),
            closeDateTimeUtc: at(-2 * DAY),
            drawDateTimeUtc: at(30 * DAY),
            instantWinGroups: [{ name: "Ball", imageUrls: [], ticketNumbers: [1, 2] }],
          },
          {
            name: "Not a number rank",
            closeDateTimeUtc: at(6 * DAY),
            attributes: { competitionOrder: "soon" },
          },
          { name: "Same close A", closeDateTimeUtc: at(9 * DAY) },
          { name: "Same close B", closeDateTimeUtc: at(9 * DAY) },
          {
            name: "Half rank, typed carelessly",
            closeDateTimeUtc: at(8 * DAY),
            attributes: { " CompetitionOrder ": " 0.5 " },
          },
          {
            name: "Exponent rank, sold out",
            closeDateTimeUtc: at(DAY),
            attributes: { competitionOrder: "1e1" },
          },
        ]
        for (const spec of specs) {
          const id = await create(
            newCompetition({ ...spec, categoryIds: [scope, ...(spec.categoryIds ?? [])] }),
          )
          if (spec.name?.endsWith("sold out")) await seed().sellOut(id)
        }
        all = [...(await list()).items]
      })

      it("orders by competitionOrder rank (numerically, unranked last), then close date, then id", () => {
        expect(all).toHaveLength(15)
        expect(all.map((c) => c.name)).toEqual([...all].sort(displayOrder).map((c) => c.name))
        expect(all.slice(0, 5).map((c) => c.name)).toEqual([
          "Half rank, typed carelessly",
          "Hidden draft 100% off",
          "Live ball",
          "Drawn watch",
          "Exponent rank, sold out",
        ])
      })

      it.each(COMPETITION_SORTS)(
        "orders by %s exactly as core's compareForListing",
        async (sort) => {
          const sorted = await list({ sort })
          expect(sorted.items.map((c) => c.name)).toEqual(sortedBy(sort, all).map((c) => c.name))
          const current = await list({ sort, timePeriod: "Current" })
          expect(current.items.map((c) => c.name)).toEqual(
            sortedBy(
              sort,
              all.filter((c) => inPeriod(c, "Current")),
            ).map((c) => c.name),
          )
        },
      )

      it("orders by each sort as a visitor reads it", async () => {
        const names = async (sort: CompetitionSort) =>
          (await list({ sort, timePeriod: "Current", visibleOnly: true })).items.map((c) => c.name)
        expect((await names("EndingSoonest")).slice(0, 3)).toEqual([
          "Exponent rank, sold out",
          "The ASHES tickets",
          "Not a number rank",
        ])
        // Closed, awaiting their draws: they have ended, so they come last.
        expect((await names("EndingSoonest")).slice(-2)).toEqual([
          "Awaiting a distant draw",
          "Awaiting draw helmet",
        ])
        expect((await names("Newest"))[0]).toBe("Coming soon bat")
        expect((await names("PriceLowToHigh"))[0]).toBe("Live ball")
        expect((await names("PriceLowToHigh")).at(-1)).toBe("The ASHES tickets")
        expect((await names("BestOdds"))[0]).toBe("The ASHES tickets")
        expect((await names("BestOdds")).at(-1)).toBe("Coming soon bat")
      })

      it.each(["Current", "EndingSoon", "Past", "All"] as const)(
        "puts a competition in %s exactly when core's phase rules say so, in its order",
        async (timePeriod) => {
          const page = await list({ timePeriod })
          const expected = sortedBy(
            listOrder({ timePeriod }),
            all.filter((c) => inPeriod(c, timePeriod)),
          ).map((c) => c.name)
          expect(page.items.map((c) => c.name)).toEqual(expected)
          expect(page.totalCount).toBe(expected.length)
        },
      )

      it("knows ending soon is strictly under three weeks, and never before opening", async () => {
        const names = (await list({ timePeriod: "EndingSoon" })).items.map((c) => c.name)
        expect(names).toContain("Just under three weeks")
        expect(names).not.toContain("Three weeks exactly")
        expect(names).not.toContain("Coming soon bat")
        expect(names).not.toContain("Awaiting a distant draw")
      })

      it("lists as ending soon only what is on sale, soonest close first", async () => {
        const names = (await list({ timePeriod: "EndingSoon", visibleOnly: true })).items.map(
          (c) => c.name,
        )
        // Closed awaiting a draw within days, drawn, or sold out: none can be bought.
        expect(names).not.toContain("Awaiting draw helmet")
        expect(names).not.toContain("Drawn watch")
        expect(names).not.toContain("Exponent rank, sold out")
        expect(names).toEqual(
          sortedBy(
            "EndingSoonest",
            all.filter((c) => c.visibilityStatus === "Visible" && inPeriod(c, "EndingSoon")),
          ).map((c) => c.name),
        )
        // Soonest close first: "Half rank, typed carelessly" leads by staff's rank, not here.
        expect(names.slice(0, 3)).toEqual([
          "The ASHES tickets",
          "Not a number rank",
          "Half rank, typed carelessly",
        ])
        expect(names.slice(3, 5).sort()).toEqual(["Same close A", "Same close B"])
        expect(names.slice(5)).toEqual(["Just under three weeks"])
      })

      it("lists only visible, or only hidden, competitions when asked", async () => {
        const visible = await list({ visibleOnly: true })
        expect(visible.items.map((c) => c.name)).not.toContain("Hidden draft 100% off")
        expect(visible.totalCount).toBe(14)
        const hidden = await list({ hiddenOnly: true })
        expect(hidden.items.map((c) => c.name)).toEqual(["Hidden draft 100% off"])
      })

      it("filters by category, name and description, case-insensitively and literally", async () => {
        const inCricket = await list({ categoryId: cricket })
        expect(inCricket.items.map((c) => c.name).sort()).toEqual([
          "Awaiting draw helmet",
          "The ASHES tickets",
        ])
        const names = async (q: Partial<CompetitionQuery>) =>
          (await list(q)).items.map((c) => c.name)
        expect(await names({ name: "ashes" })).toEqual(["The ASHES tickets"])
        expect(await names({ description: "LORD'S" })).toEqual(["The ASHES tickets"])
        expect(await names({ name: "100%" })).toEqual(["Hidden draft 100% off"])
        expect((await list({ name: "_" })).totalCount).toBe(0)
        expect((await list({ categoryId: "not-a-uuid" })).totalCount).toBe(0)
        expect((await list({ categoryId: crypto.randomUUID() })).totalCount).toBe(0)
      })

      it("filters instant-win and standard competitions", async () => {
        const instant = await list({ type: "InstantWin" })
        expect(instant.items.map((c) => c.name).sort()).toEqual([
          "Awaiting a distant draw",
          "The ASHES tickets",
        ])
        const standard = await list({ type: "Standard" })
        expect(standard.totalCount).toBe(13)
        expect(standard.items.every((c) => c.instantWinGroups.length === 0)).toBe(true)
      })

      it("pages with a total count, reading a page below 1 as the first", async () => {
        const second = await list({ page: { pageNumber: 2, pageSize: 5 } })
        expect(second).toMatchObject({ pageNumber: 2, pageSize: 5, totalCount: 15 })
        expect(second.items.map((c) => c.id)).toEqual(all.slice(5, 10).map((c) => c.id))
        const beyond = await list({ page: { pageNumber: 4, pageSize: 5 } })
        expect(beyond.items).toEqual([])
        expect(beyond.totalCount).toBe(15)
        const zeroth = await list({ page: { pageNumber: 0, pageSize: 5 } })
        expect(zeroth.pageNumber).toBe(1)
        expect(zeroth.items.map((c) => c.id)).toEqual(all.slice(0, 5).map((c) => c.id))
      })

      it("returns every competition exactly once when paging through (property)", async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.integer({ min: 1, max: 6 }),
            fc.constantFrom<TimePeriod>("All", "Current", "Past", "EndingSoon"),
            fc.option(fc.constantFrom(...COMPETITION_SORTS), { nil: undefined }),
            async (pageSize, timePeriod, sort) => {
              const seen: string[] = []
              let totalCount = 0
              for (let pageNumber = 1; pageNumber < 20; pageNumber++) {
                const page = await list({ timePeriod, sort, page: { pageNumber, pageSize } })
                totalCount = page.totalCount
                if (page.items.length === 0) break
                seen.push(...page.items.map((c) => c.id))
              }
              const expected = sortedBy(
                listOrder({ timePeriod, sort }),
                all.filter((c) => inPeriod(c, timePeriod)),
              ).map((c) => c.id)
              expect(seen).toEqual(expected)
              expect(totalCount).toBe(expected.length)
            },
          ),
          { numRuns: 20 },
        )
      })

      it("finds one by id, and says CompetitionNotFound for unknown, malformed or hidden ids", async () => {
        const hidden = all.find((c) => c.visibilityStatus === "Hidden")
        if (hidden === undefined) throw new Error("the hidden competition is listed")
        expect(await byIdEither(hidden.id, false)).toEqual(Either.right(hidden))
        for (const [id, visibleOnly] of [
          [hidden.id, true],
          [crypto.randomUUID(), false],
          ["42", false],
        ] as const) {
          expect(await byIdEither(id, visibleOnly)).toEqual(
            Either.left(new CompetitionNotFound({ competitionId: id })),
          )
        }
      })
    })

    describe("dates", () => {
      it("reads the dates of several competitions in one go, hidden ones only when asked", async () => {
        const visible = await create(newCompetition({ visibilityStatus: "Visible" }))
        const hidden = await create(newCompetition({ visibilityStatus: "Hidden" }))
        const datesOf = (ids: readonly string[], visibleOnly: boolean) =>
          run(Effect.flatMap(CompetitionRepo, (r) => r.datesOf(ids, { visibleOnly })))
        const asRead = async (id: string) => {
          const c = await byId(id)
          return {
            competitionId: c.id,
            closeDateTimeUtc: c.closeDateTimeUtc,
            drawDateTimeUtc: c.drawDateTimeUtc,
          }
        }
        const wanted = [hidden, visible, visible, crypto.randomUUID(), "42"]
        const byCompetition = (dates: readonly { competitionId: string }[]) =>
          [...dates].sort((a, b) => a.competitionId.localeCompare(b.competitionId))
        expect(byCompetition(await datesOf(wanted, false))).toEqual(
          byCompetition([await asRead(hidden), await asRead(visible)]),
        )
        expect(await datesOf(wanted, true)).toEqual([await asRead(visible)])
        expect(await datesOf([], false)).toEqual([])
      })
    })

    describe("instant-win tickets", () => {
      let competitionId: string
      let otherCompetitionId: string
      let cash: string
      let credit: string
      const cashNumbers = Array.from({ length: 70 }, (_, i) => 1_000 - i * 7)
      const creditNumbers = Array.from({ length: 50 }, (_, i) => 2 + i * 10)

      beforeAll(async () => {
        competitionId = await create(
          newCompetition({
            totalTickets: 1_000,
            instantWinGroups: [
              { name: "£100 Cash", imageUrls: [], ticketNumbers: cashNumbers },
              { name: "£10 Credit", imageUrls: [], ticketNumbers: creditNumbers },
            ],
          }),
        )
        otherCompetitionId = await create(
          newCompetition({
            instantWinGroups: [{ name: "Other", imageUrls: [], ticketNumbers: [1] }],
          }),
        )
        const groups = (await byId(competitionId)).instantWinGroups
        cash = groups.find((g) => g.name === "£100 Cash")?.id ?? ""
        credit = groups.find((g) => g.name === "£10 Credit")?.id ?? ""
        for (const ticketNumber of [cashNumbers[0], cashNumbers[1], creditNumbers[0]])
          await seed().winInstantTicket({
            competitionId,
            ticketNumber: ticketNumber ?? 0,
            winnerDisplayName: "Sam C.",
            isVisible: true,
          })
        // Won, but staff keep the name off the public pages.
        await seed().winInstantTicket({
          competitionId,
          ticketNumber: creditNumbers[1] ?? 0,
          winnerDisplayName: "Private P.",
          isVisible: false,
        })
      })

      const tickets = (
        filter: Partial<InstantWinTicketFilter>,
        pageNumber = 1,
        id = competitionId,
      ) =>
        run(
          Effect.either(
            Effect.flatMap(CompetitionRepo, (r) =>
              r.instantWinTickets(id, { status: "All", ...filter }, { pageNumber, pageSize: 50 }),
            ),
          ),
        )
      const numbersOf = (page: Awaited<ReturnType<typeof tickets>>) =>
        Either.isRight(page) ? page.right.items.map((t) => t.ticketNumber) : []

      it("pages 50 at a time in ticket-number order", async () => {
        const pages = await Promise.all([1, 2, 3, 4].map((n) => tickets({}, n)))
        expect(pages.map((p) => numbersOf(p).length)).toEqual([50, 50, 20, 0])
        expect(pages.flatMap(numbersOf)).toEqual(
          [...cashNumbers, ...creditNumbers].sort((a, b) => a - b),
        )
        const first = pages[0]
        expect(first !== undefined && Either.isRight(first) && first.right.totalCount).toBe(120)
      })

      it("marks won tickets, naming the winner unless staff keep the name private", async () => {
        const won = await tickets({ status: "Won" })
        expect(
          Either.isRight(won) &&
            won.right.items.map((t) => [
              t.ticketNumber,
              t.won,
              t.winnerDisplayName,
              t.instantWinGroupName,
            ]),
        ).toEqual([
          [creditNumbers[0], true, "Sam C.", "£10 Credit"],
          [creditNumbers[1], true, null, "£10 Credit"],
          [cashNumbers[1], true, "Sam C.", "£100 Cash"],
          [cashNumbers[0], true, "Sam C.", "£100 Cash"],
        ])
        const notWon = await tickets({ status: "NotWon" })
        expect(Either.isRight(notWon) && notWon.right.totalCount).toBe(116)
        expect(
          (await byId(competitionId)).instantWinGroups.map((g) => [
            g.name,
            g.ticketCount,
            g.quantityWonToDate,
          ]),
        ).toEqual([
          ["£100 Cash", 70, 2],
          ["£10 Credit", 50, 2],
        ])
      })

      it("filters by group and by ticket-number range", async () => {
        const inCredit = await tickets({ instantWinGroupId: credit })
        expect(Either.isRight(inCredit) && inCredit.right.totalCount).toBe(50)
        const ranged = await tickets({
          instantWinGroupId: cash,
          fromTicketNumber: 900,
          toTicketNumber: 993,
        })
        expect(numbersOf(ranged)).toEqual(
          cashNumbers.filter((n) => n >= 900 && n <= 993).sort((a, b) => a - b),
        )
      })

      it("says which thing is missing", async () => {
        const otherGroup = (await byId(otherCompetitionId)).instantWinGroups[0]?.id ?? ""
        for (const groupId of [otherGroup, crypto.randomUUID(), "nope"]) {
          expect(await tickets({ instantWinGroupId: groupId })).toEqual(
            Either.left(new InstantWinGroupNotFound({ competitionId, instantWinGroupId: groupId })),
          )
        }
        for (const unknown of [crypto.randomUUID(), "nope"])
          expect(await tickets({}, 1, unknown)).toEqual(
            Either.left(new CompetitionNotFound({ competitionId: unknown })),
          )
      })

      it("counts a won number once however it is filtered (property)", async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.integer({ min: 1, max: 1_000 }),
            fc.integer({ min: 1, max: 1_000 }),
            async (a, b) => {
              const range = { fromTicketNumber: Math.min(a, b), toTicketNumber: Math.max(a, b) }
              const count = async (status: InstantWinTicketFilter["status"]) => {
                const page = await tickets({ ...range, status })
                return Either.isRight(page) ? page.right.totalCount : -1
              }
              const [all, won, notWon] = await Promise.all([
                count("All"),
                count("Won"),
                count("NotWon"),
              ])
              expect(won + notWon).toBe(all)
              expect(all).toBe(
                [...cashNumbers, ...creditNumbers].filter(
                  (n) => n >= range.fromTicketNumber && n <= range.toTicketNumber,
                ).length,
              )
            },
          ),
          { numRuns: 15 },
        )
      })
    })

    it("reads the hour a competition closes exactly as written", async () => {
      const closes = new Date(NOW.getTime() + 5 * DAY + 3 * HOUR + 17)
      const id = await create(newCompetition({ closeDateTimeUtc: closes }))
      expect((await byId(id)).closeDateTimeUtc).toEqual(closes)
    })
  })
