import {
  type InstantWinGroupFields,
  InstantWinGroupStore,
  type InstantWinGroupStoreShape,
  Transactions,
} from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import { Effect, Either, type Layer } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/**
 * An InstantWinGroupStore to test (with the Transactions it is used in) and
 * the seeding its contract needs: competitions, tickets taken by orders,
 * numbers won, and a read of the published commitment.
 */
export interface InstantWinGroupsWorld {
  readonly layer: Layer.Layer<InstantWinGroupStore | Transactions>
  readonly competition: (totalTickets: number, startDateTimeUtc: Date) => Promise<string>
  readonly allocate: (competitionId: string, count: number) => Promise<void>
  readonly win: (competitionId: string, ticketNumber: number) => Promise<void>
  readonly commitmentOf: (
    competitionId: string,
  ) => Promise<{ readonly salt: string | null; readonly commitment: string | null }>
  readonly close: () => Promise<void>
}

const START = new Date("2030-01-01T12:00:00.000Z")
const UNKNOWN = "00000000-0000-4000-8000-000000000000"
const fields = (
  name: string,
  more: Partial<InstantWinGroupFields> = {},
): InstantWinGroupFields => ({
  name,
  imageUrls: [],
  prizeSiteCredit: null,
  ...more,
})

/**
 * The InstantWinGroupStore port's contract, run on the in-memory adapter
 * and on PGlite and PostgreSQL: groups read back as written (numbers
 * ascending, wins counted, images), numbers no pool or other group allows
 * refused, the commitment written, and a failed change taken back.
 */
export const instantWinGroupsContract = (
  name: string,
  open: () => Promise<InstantWinGroupsWorld>,
) =>
  describe(name, { timeout: 120_000 }, () => {
    let world: InstantWinGroupsWorld
    const run = <A, E>(use: (store: InstantWinGroupStoreShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(InstantWinGroupStore, use).pipe(Effect.provide(world.layer)))
    const within = <A, E>(use: (store: InstantWinGroupStoreShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(
        Effect.flatMap(Transactions, (t) =>
          t.within(Effect.flatMap(InstantWinGroupStore, use)),
        ).pipe(Effect.either, Effect.provide(world.layer)),
      )
    const groupsOf = async (competitionId: string) =>
      (await run((s) => s.lock(competitionId))).groups.map((g) => ({
        name: g.name,
        prizeSiteCredit: g.prizeSiteCredit,
        ticketNumbers: g.ticketNumbers,
        ticketCount: g.ticketCount,
        quantityWonToDate: g.quantityWonToDate,
        images: g.imageGroup?.images.map((i) => i.url) ?? null,
      }))

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("reads a competition's groups back as written, in the order made, numbers ascending", async () => {
      const id = await world.competition(20, START)
      const credit = await run((s) =>
        s.insert(id, fields("£5 Site Credit", { prizeSiteCredit: pence(500) }), [9, 2, 5]),
      )
      const ball = await run((s) =>
        s.insert(id, fields("A ball", { imageUrls: ["/a.jpg", "/b.jpg"] }), [1]),
      )
      const locked = await run((s) => s.lock(id))
      expect(locked).toMatchObject({
        competitionId: id,
        startDateTimeUtc: START,
        totalTickets: 20,
        ticketsAllocated: 0,
      })
      expect(locked.groups.map((g) => [g.id, g.competitionId])).toEqual([
        [credit, id],
        [ball, id],
      ])
      expect(await groupsOf(id)).toEqual([
        {
          name: "£5 Site Credit",
          prizeSiteCredit: 500,
          ticketNumbers: [2, 5, 9],
          ticketCount: 3,
          quantityWonToDate: 0,
          images: null,
        },
        {
          name: "A ball",
          prizeSiteCredit: null,
          ticketNumbers: [1],
          ticketCount: 1,
          quantityWonToDate: 0,
          images: ["/a.jpg", "/b.jpg"],
        },
      ])
      const lines = await run((s) => s.lines(id))
      expect(lines.map((l) => [l.instantWinGroupId, l.ticketNumber]).sort()).toEqual(
        [
          [ball, 1],
          [credit, 2],
          [credit, 5],
          [credit, 9],
        ].sort(),
      )
    })

    it("updates a group's prize and images, its numbers only when given, and removes it whole", async () => {
      const id = await world.competition(20, START)
      const group = await run((s) =>
        s.insert(id, fields("Bat", { imageUrls: ["/bat.jpg"] }), [3, 4]),
      )
      await run((s) =>
        s.update(group, fields("Signed bat", { prizeSiteCredit: pence(100) }), undefined),
      )
      expect(await groupsOf(id)).toEqual([
        expect.objectContaining({
          name: "Signed bat",
          prizeSiteCredit: 100,
          ticketNumbers: [3, 4],
          images: null,
        }),
      ])
      await run((s) => s.update(group, fields("Signed bat", { imageUrls: ["/new.jpg"] }), [7]))
      expect(await groupsOf(id)).toEqual([
        expect.objectContaining({
          prizeSiteCredit: null,
          ticketNumbers: [7],
          images: ["/new.jpg"],
        }),
      ])
      await run((s) => s.remove(group))
      await run((s) => s.remove(group))
      expect(await groupsOf(id)).toEqual([])
      expect(await run((s) => s.lines(id))).toEqual([])
    })

    it("counts the numbers won and the tickets taken", async () => {
      const id = await world.competition(10, START)
      await run((s) => s.insert(id, fields("£1"), [2, 4, 6]))
      await world.win(id, 4)
      await world.allocate(id, 3)
      const locked = await run((s) => s.lock(id))
      expect(locked.ticketsAllocated).toBe(3)
      expect(locked.groups.map((g) => [g.ticketCount, g.quantityWonToDate])).toEqual([[3, 1]])
    })

    it("refuses a number outside the pool or another group's, changing nothing", async () => {
      const id = await world.competition(10, START)
      const first = await run((s) => s.insert(id, fields("£1"), [1, 2]))
      const tries = [
        (s: InstantWinGroupStoreShape) => s.insert(id, fields("Too far"), [11]),
        (s: InstantWinGroupStoreShape) => s.insert(id, fields("Zero"), [0]),
        (s: InstantWinGroupStoreShape) => s.insert(id, fields("Taken"), [3, 2]),
        (s: InstantWinGroupStoreShape) => s.insert(UNKNOWN, fields("Nowhere"), [1]),
        (s: InstantWinGroupStoreShape) => s.update(first, fields("£1"), [1, 11]),
        (s: InstantWinGroupStoreShape) => s.update(UNKNOWN, fields("Nobody"), [5]),
      ]
      for (const attempt of tries) {
        const refused = await within(attempt)
        expect(Either.isLeft(refused) && refused.left._tag).toBe("RepositoryError")
      }
      expect(await groupsOf(id)).toEqual([
        expect.objectContaining({ name: "£1", ticketNumbers: [1, 2] }),
      ])
    })

    it("writes the commitment and its salt, and clears both", async () => {
      const id = await world.competition(10, START)
      expect(await world.commitmentOf(id)).toEqual({ salt: null, commitment: null })
      const written = { salt: "ab".repeat(32), commitment: "cd".repeat(32) }
      await run((s) => s.commit(id, written))
      expect(await world.commitmentOf(id)).toEqual(written)
      await run((s) => s.commit(id, null))
      expect(await world.commitmentOf(id)).toEqual({ salt: null, commitment: null })
    })

    it("takes back a change whose transaction fails", async () => {
      const id = await world.competition(10, START)
      const failed = await within((s) =>
        s
          .lock(id)
          .pipe(
            Effect.zipRight(s.insert(id, fields("Gone"), [5])),
            Effect.zipRight(s.commit(id, { salt: "ab".repeat(32), commitment: "cd".repeat(32) })),
            Effect.zipRight(Effect.fail("boom")),
          ),
      )
      expect(Either.isLeft(failed)).toBe(true)
      expect(await groupsOf(id)).toEqual([])
      expect(await world.commitmentOf(id)).toEqual({ salt: null, commitment: null })
    })

    it("answers an unknown or malformed competition as not found, with no lines", async () => {
      for (const id of [UNKNOWN, "not-an-id"]) {
        const missing = await run((s) => Effect.either(s.lock(id)))
        expect(Either.isLeft(missing) && missing.left._tag).toBe("CompetitionNotFound")
      }
      expect(await run((s) => s.lines(UNKNOWN))).toEqual([])
    })

    it("keeps the groups' numbers apart and exactly as last written (property)", async () => {
      const numbers = fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 5 })
      await fc.assert(
        fc.asyncProperty(fc.array(numbers, { minLength: 1, maxLength: 4 }), async (wanted) => {
          const id = await world.competition(12, START)
          const kept = new Map<string, number[]>()
          for (const [i, ticketNumbers] of wanted.entries()) {
            const held = [...kept.values()].flat()
            const outcome = await within((s) => s.insert(id, fields(`Group ${i}`), ticketNumbers))
            const clash = ticketNumbers.some((n) => held.includes(n))
            expect(Either.isLeft(outcome)).toBe(clash)
            if (Either.isRight(outcome))
              kept.set(
                outcome.right,
                [...ticketNumbers].sort((a, b) => a - b),
              )
          }
          const locked = await run((s) => s.lock(id))
          expect(new Map(locked.groups.map((g) => [g.id, [...g.ticketNumbers]]))).toEqual(kept)
        }),
        { numRuns: 10 },
      )
    })
  })
