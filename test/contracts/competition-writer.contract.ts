import type { Competition } from "@howzat/core/competitions"
import { instantWinCommitment, seedCommitment } from "@howzat/core/draws"
import { CompetitionRepo, CompetitionWriter, type NewCompetition } from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import { Effect, Either } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { at, DAY, NOW, newCompetition, uniqueWord } from "./competitions.fixtures"
import { type OpenHarness, useHarness } from "./harness"

export interface CompetitionWriterSeed {
  /** A visible category to put competitions in. */
  readonly category: (name: string) => Promise<string>
}

/**
 * Creating a competition (CompetitionWriter), as the seed and the back
 * office do: everything it owns reads back through CompetitionRepo, its
 * description sanitised, its secrets' commitments published, and nothing
 * at all when any part is refused. (The ticket pool's rows and their random
 * order are the database's business: the adapter's suite keeps them.)
 */
export const competitionWriterContract = (
  name: string,
  open: OpenHarness<CompetitionWriter | CompetitionRepo, CompetitionWriterSeed>,
) =>
  describe(name, { timeout: 120_000 }, () => {
    const { run, seed } = useHarness(open)
    const createEither = (c: NewCompetition) =>
      run(Effect.either(Effect.flatMap(CompetitionWriter, (w) => w.create(c))))
    const create = (c: NewCompetition) => run(Effect.flatMap(CompetitionWriter, (w) => w.create(c)))
    const byId = (id: string) =>
      run(Effect.flatMap(CompetitionRepo, (r) => r.byId(id, { visibleOnly: false })))
    const named = (name: string) =>
      run(
        Effect.flatMap(CompetitionRepo, (r) =>
          r.list({
            name,
            timePeriod: "All",
            type: "All",
            visibleOnly: false,
            now: NOW,
            page: { pageNumber: 1, pageSize: 10 },
          }),
        ),
      )

    it("stores everything it owns and reads it back", async () => {
      const kit = await seed().category("Kit")
      const id = await create(
        newCompetition({
          name: "Signed bat",
          ticketPrice: pence(149),
          cashAlternativeValue: pence(25_000),
          categoryIds: [kit, kit],
          attributes: { competitionOrder: "3", colour: "willow" },
          imageUrls: ["/images/prizes/cricket-bat.svg", "/images/prizes/cricket-ball.svg"],
          instantWinGroups: [
            {
              name: "£10 credit",
              imageUrls: ["/images/prizes/site-credit.svg"],
              ticketNumbers: [5, 9, 42],
            },
            { name: "Ball", imageUrls: [], ticketNumbers: [1] },
          ],
        }),
      )
      const competition = await byId(id)
      expect(competition).toMatchObject({
        id,
        name: "Signed bat",
        ticketPrice: 149,
        cashAlternativeValue: 25_000,
        totalTickets: 100,
        ticketsSoldToDate: 0,
        maxTicketsPerCustomer: 10,
        defaultTicketSaleQuantity: 1,
        categoryIds: [kit],
        drawType: "Automatic",
        visibilityStatus: "Visible",
      })
      expect(competition.startDateTimeUtc).toEqual(at(-DAY))
      expect(competition.closeDateTimeUtc).toEqual(at(10 * DAY))
      expect(competition.drawDateTimeUtc).toEqual(at(11 * DAY))
      expect(
        Object.fromEntries(
          competition.attributes.map((a) => [a.attributeType.description, a.value]),
        ),
      ).toEqual({ competitionOrder: "3", colour: "willow" })
      expect(competition.imageGroup?.images.map((i) => i.url)).toEqual([
        "/images/prizes/cricket-bat.svg",
        "/images/prizes/cricket-ball.svg",
      ])
      expect(
        competition.instantWinGroups.map((g) => [
          g.name,
          g.ticketCount,
          g.quantityWonToDate,
          g.imageGroup?.images.map((i) => i.url) ?? [],
        ]),
      ).toEqual([
        ["£10 credit", 3, 0, ["/images/prizes/site-credit.svg"]],
        ["Ball", 1, 0, []],
      ])
    })

    it("stores the description sanitised: formatting kept, anything that could run dropped", async () => {
      const id = await create(
        newCompetition({
          description:
            '<h2>The prize</h2><p onclick="steal()">A <strong>bat</strong></p><script>steal()</script><a href="javascript:steal()">more</a>',
        }),
      )
      expect((await byId(id)).description).toBe(
        '<h2>The prize</h2><p>A <strong>bat</strong></p><a rel="nofollow noopener noreferrer">more</a>',
      )
    })

    it("reuses attribute types by description", async () => {
      const description = `rank-${uniqueWord()}`
      const first = await byId(await create(newCompetition({ attributes: { [description]: "1" } })))
      const second = await byId(
        await create(newCompetition({ attributes: { [description]: "2" } })),
      )
      const typeOf = (c: Competition) => c.attributes.map((a) => a.attributeType)
      expect(typeOf(second)).toEqual(typeOf(first))
      expect(second.attributes.map((a) => a.value)).toEqual(["2"])
    })

    it("publishes the commitments of its secrets, and none for numbers it has not got", async () => {
      const secrets = newCompetition().secrets
      const plain = await byId(await create(newCompetition({ secrets })))
      expect(plain.drawCommitment).toBe(seedCommitment(secrets.drawSeed))
      expect(plain.instantWinCommitment).toBeNull()
      const instant = await byId(
        await create(
          newCompetition({
            secrets,
            instantWinGroups: [
              { name: "A", imageUrls: [], ticketNumbers: [4, 2] },
              { name: "B", imageUrls: [], ticketNumbers: [9] },
            ],
          }),
        ),
      )
      const [a, b] = instant.instantWinGroups
      expect(instant.instantWinCommitment).toBe(
        instantWinCommitment(secrets.instantWinSalt, [
          { instantWinGroupId: a?.id ?? "", ticketNumber: 4 },
          { instantWinGroupId: a?.id ?? "", ticketNumber: 2 },
          { instantWinGroupId: b?.id ?? "", ticketNumber: 9 },
        ]),
      )
    })

    it.each([
      ["a number outside the pool", { totalTickets: 10, ticketNumbers: [3, 11] }],
      ["a number twice in one group", { totalTickets: 10, ticketNumbers: [3, 3] }],
      ["a number in two groups", { totalTickets: 10, ticketNumbers: [3], again: [3] }],
      ["an unknown category", { totalTickets: 10, ticketNumbers: [3], unknownCategory: true }],
    ])("creates nothing when given %s, and reports a RepositoryError", async (_, bad) => {
      const broken = `Broken ${uniqueWord()}`
      const result = await createEither(
        newCompetition({
          name: broken,
          totalTickets: bad.totalTickets,
          imageUrls: ["/x.svg"],
          categoryIds: "unknownCategory" in bad ? [crypto.randomUUID()] : [],
          instantWinGroups: [
            { name: "Prize", imageUrls: [], ticketNumbers: bad.ticketNumbers },
            ...("again" in bad ? [{ name: "Again", imageUrls: [], ticketNumbers: bad.again }] : []),
          ],
        }),
      )
      expect(Either.isLeft(result) && result.left._tag).toBe("RepositoryError")
      expect((await named(broken)).totalCount).toBe(0)
    })

    it("reads back any pool size and any instant-win numbers within it (property)", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc
            .integer({ min: 1, max: 500 })
            .chain((total) =>
              fc.tuple(
                fc.constant(total),
                fc.uniqueArray(fc.integer({ min: 1, max: total }), { maxLength: 8 }),
              ),
            ),
          async ([totalTickets, numbers]) => {
            const competition = await byId(
              await create(
                newCompetition({
                  totalTickets,
                  maxTicketsPerCustomer: 1,
                  instantWinGroups:
                    numbers.length === 0
                      ? []
                      : [{ name: "Prize", imageUrls: [], ticketNumbers: numbers }],
                }),
              ),
            )
            expect(competition.totalTickets).toBe(totalTickets)
            expect(competition.ticketsSoldToDate).toBe(0)
            expect(competition.instantWinGroups.map((g) => g.ticketCount)).toEqual(
              numbers.length === 0 ? [] : [numbers.length],
            )
          },
        ),
        { numRuns: 15 },
      )
    })
  })
