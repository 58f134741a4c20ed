import { CompetitionNotFound } from "@howzat/core/competitions"
import { CompetitionAdminStore, type NewInstantWinGroup, Transactions } from "@howzat/core/ports"
import { type CompetitionDraft, pence } from "@howzat/core/rules"
import { Effect, Either } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { at, DAY, newCompetition } from "./competitions.fixtures"
import { type OpenHarness, useHarness } from "./harness"

export interface CompetitionAdminSeed {
  readonly category: () => Promise<string>
  readonly attributeType: (description: string) => Promise<string>
  readonly imageGroup: () => Promise<string>
}

type Ports = CompetitionAdminStore | Transactions

/** A hidden competition as staff draft it, opening in two days (the suite reuses it). */
export const competitionDraft = (overrides: Partial<CompetitionDraft> = {}): CompetitionDraft => ({
  name: "Signed Ashes Bat",
  description: '<p onclick="x()">A bat<script>alert(1)</script></p>',
  ticketPrice: 250,
  totalTickets: 100,
  maxTicketsPerCustomer: 10,
  defaultTicketSaleQuantity: 1,
  cashAlternativeValue: null,
  startDateTimeUtc: at(2 * DAY),
  closeDateTimeUtc: at(10 * DAY),
  drawDateTimeUtc: at(11 * DAY),
  drawType: "Automatic",
  drawOnSellOut: false,
  visibilityStatus: "Hidden",
  categoryIds: [],
  attributes: [],
  imageGroupId: null,
  ...overrides,
})

const store = <A, E>(use: (s: (typeof CompetitionAdminStore)["Service"]) => Effect.Effect<A, E>) =>
  Effect.flatMap(CompetitionAdminStore, use)

/**
 * Where staff's competitions are written (CompetitionAdminStore): a draft
 * reads back under `lock` as stored (description sanitised, links by id),
 * with what core judges a change on (sold, drawn, ordered, the highest
 * instant-win number); what a draft names but does not exist is reported;
 * the database's refusals are RepositoryErrors; a failed transaction leaves
 * nothing. (The pool's rows are shown through staff's use cases in
 * catalogue-admin.database.ts.)
 */
export const competitionAdminContract = (
  name: string,
  open: OpenHarness<Ports, CompetitionAdminSeed>,
) =>
  describe(name, { timeout: 60_000 }, () => {
    const { run, seed } = useHarness(open)
    const either = <A, E>(effect: Effect.Effect<A, E, Ports>) => run(Effect.either(effect))
    const create = (d: CompetitionDraft, groups: readonly NewInstantWinGroup[] = []) =>
      run(store((s) => s.create(d, newCompetition().secrets, groups)))
    const lock = (id: string) => run(store((s) => s.lock(id)))

    it("reads back a created competition under lock, as stored", async () => {
      const [a, b] = [await seed().category(), await seed().category()]
      const [signed, colour] = [
        await seed().attributeType(`Signed by ${crypto.randomUUID()}`),
        await seed().attributeType(`Colour ${crypto.randomUUID()}`),
      ]
      const images = await seed().imageGroup()
      const written = competitionDraft({
        categoryIds: [b, a],
        attributes: [
          { attributeTypeId: signed, value: "Root" },
          { attributeTypeId: colour, value: "Willow" },
        ],
        imageGroupId: images,
        cashAlternativeValue: 20_000,
      })
      const id = await create(written, [
        { name: "£5 credit", imageUrls: [], ticketNumbers: [4, 61], prizeSiteCredit: pence(500) },
        { name: "Ball", imageUrls: [], ticketNumbers: [17] },
      ])
      expect(await lock(id)).toEqual({
        ...written,
        id,
        description: "<p>A bat</p>",
        categoryIds: [a, b].sort(),
        attributes: [...written.attributes].sort((x, y) =>
          x.attributeTypeId < y.attributeTypeId ? -1 : 1,
        ),
        ticketsSold: 0,
        openOrders: 0,
        drawBroughtForward: null,
        drawn: false,
        ordered: false,
        highestInstantWinNumber: 61,
        instantWinGroups: [
          { name: "£5 credit", ticketCount: 2, imageUrls: [], prizeSiteCredit: 500 },
          { name: "Ball", ticketCount: 1, imageUrls: [], prizeSiteCredit: undefined },
        ],
      })
    })

    it("says CompetitionNotFound for an unknown or malformed id", async () => {
      for (const id of [crypto.randomUUID(), "x"])
        expect(await either(store((s) => s.lock(id)))).toEqual(
          Either.left(new CompetitionNotFound({ competitionId: id })),
        )
    })

    it("reports what a draft names that does not exist, each once", async () => {
      const [category, type, images] = [
        await seed().category(),
        await seed().attributeType(`Kind ${crypto.randomUUID()}`),
        await seed().imageGroup(),
      ]
      const unknown = crypto.randomUUID()
      const named = (d: Partial<CompetitionDraft>) =>
        run(store((s) => s.missing(competitionDraft(d))))
      expect(
        await named({
          categoryIds: [category, unknown, unknown, "x"],
          attributes: [
            { attributeTypeId: type, value: "1" },
            { attributeTypeId: unknown, value: "2" },
          ],
          imageGroupId: images,
        }),
      ).toEqual({ categoryIds: [unknown, "x"], attributeTypeIds: [unknown], imageGroup: false })
      expect(await named({ imageGroupId: unknown })).toEqual({
        categoryIds: [],
        attributeTypeIds: [],
        imageGroup: true,
      })
    })

    it("replaces fields, categories and attributes on update, and resizes the pool", async () => {
      const category = await seed().category()
      const type = await seed().attributeType(`Size ${crypto.randomUUID()}`)
      const id = await create(competitionDraft({ categoryIds: [category] }))
      const changed = competitionDraft({
        name: "Signed Ashes Ball",
        description: "<p>A <em>ball</em></p><style>p{}</style>",
        totalTickets: 300,
        categoryIds: [],
        attributes: [{ attributeTypeId: type, value: "5.5oz" }],
        visibilityStatus: "Visible",
      })
      await run(store((s) => s.update(id, changed)))
      expect(await lock(id)).toMatchObject({
        ...changed,
        description: "<p>A <em>ball</em></p>",
        categoryIds: [],
      })
      await run(store((s) => s.update(id, competitionDraft({ totalTickets: 50 }))))
      expect((await lock(id)).totalTickets).toBe(50)
    })

    it("refuses what the database refuses: an update of nothing, a category that does not exist", async () => {
      const nothing = await either(store((s) => s.update(crypto.randomUUID(), competitionDraft())))
      expect(Either.isLeft(nothing) && nothing.left._tag).toBe("RepositoryError")
      const id = await create(competitionDraft())
      const dangling = await either(
        store((s) => s.update(id, competitionDraft({ categoryIds: [crypto.randomUUID()] }))),
      )
      expect(Either.isLeft(dangling) && dangling.left._tag).toBe("RepositoryError")
      const created = await either(
        store((s) =>
          s.create(
            competitionDraft({ categoryIds: [crypto.randomUUID()] }),
            newCompetition().secrets,
            [],
          ),
        ),
      )
      expect(Either.isLeft(created) && created.left._tag).toBe("RepositoryError")
    })

    it("keeps the choice to draw on sell-out, and moves a draw forward saying from when", async () => {
      const id = await create(competitionDraft({ drawOnSellOut: true }))
      expect((await lock(id)).drawOnSellOut).toBe(true)
      await run(store((s) => s.update(id, competitionDraft({ drawOnSellOut: false }))))
      expect((await lock(id)).drawOnSellOut).toBe(false)
      const moved = {
        closeDateTimeUtc: at(3 * DAY),
        drawDateTimeUtc: at(5 * DAY),
        drawBroughtForward: { from: at(11 * DAY), at: at(3 * DAY) },
      }
      await run(store((s) => s.moveDraw(id, moved)))
      expect(await lock(id)).toMatchObject({ ...moved, drawOnSellOut: false, ticketsSold: 0 })
      const nothing = await either(store((s) => s.moveDraw(crypto.randomUUID(), moved)))
      expect(Either.isLeft(nothing) && nothing.left._tag).toBe("RepositoryError")
    })

    it("lists no draw-on-sell-out competition with tickets left as sold out", async () => {
      const id = await create(competitionDraft({ drawOnSellOut: true }))
      const listed = await run(store((s) => s.soldOutAwaitingClose(at(0), 1000)))
      expect(listed).not.toContain(id)
    })

    it("removes a competition", async () => {
      const id = await create(competitionDraft())
      await run(store((s) => s.remove(id)))
      const gone = await either(store((s) => s.lock(id)))
      expect(Either.isLeft(gone) && gone.left._tag).toBe("CompetitionNotFound")
    })

    it("leaves nothing of a create whose transaction fails", async () => {
      let createdId = ""
      const failed = await either(
        Effect.flatMap(Transactions, (t) =>
          t.within(
            Effect.flatMap(
              store((s) => s.create(competitionDraft(), newCompetition().secrets, [])),
              (id) => {
                createdId = id
                return Effect.fail("the audit entry could not be written" as const)
              },
            ),
          ),
        ),
      )
      expect(Either.isLeft(failed)).toBe(true)
      const after = await either(store((s) => s.lock(createdId)))
      expect(Either.isLeft(after) && after.left._tag).toBe("CompetitionNotFound")
    })

    it("keeps the highest instant-win number and each group's count for any numbers (property)", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc
            .integer({ min: 1, max: 300 })
            .chain((total) =>
              fc.tuple(
                fc.constant(total),
                fc.uniqueArray(fc.integer({ min: 1, max: total }), { maxLength: 6 }),
                fc.integer({ min: 0, max: 6 }),
              ),
            ),
          async ([totalTickets, numbers, split]) => {
            const groups = [numbers.slice(0, split), numbers.slice(split)]
              .filter((g) => g.length > 0)
              .map((ticketNumbers, i) => ({ name: `Prize ${i + 1}`, imageUrls: [], ticketNumbers }))
            const id = await create(
              competitionDraft({ totalTickets, maxTicketsPerCustomer: 1 }),
              groups,
            )
            const locked = await lock(id)
            expect(locked.highestInstantWinNumber).toBe(
              numbers.length === 0 ? null : Math.max(...numbers),
            )
            expect(locked.instantWinGroups.map((g) => g.ticketCount)).toEqual(
              groups.map((g) => g.ticketNumbers.length),
            )
          },
        ),
        { numRuns: 15 },
      )
    })
  })
