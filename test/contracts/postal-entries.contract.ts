import { PostalEntryRepo, type PostalEntryRepoShape } from "@howzat/core/ports"
import type { NewPostalEntry } from "@howzat/core/postal-entries"
import { entrantKey } from "@howzat/core/rules"
import { newPostalEntry } from "@howzat/core/testing"
import { Effect, Either, type Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/** A competition as the contract asks for one: on sale now, with a pool of `totalTickets`. */
export interface PostalCompetition {
  readonly name: string
  readonly totalTickets: number
  readonly maxTicketsPerCustomer: number
  readonly startDateTimeUtc: Date
  readonly closeDateTimeUtc: Date
}

/**
 * A PostalEntryRepo to test and the seeding its contract needs:
 * competitions with a pool, customers who buy tickets, and the
 * competition's sold counter.
 */
export interface PostalEntriesWorld {
  readonly layer: Layer.Layer<PostalEntryRepo>
  readonly newCompetition: (competition: PostalCompetition) => Promise<string>
  /** A customer whose verified sign-in address is `email`. */
  readonly newCustomer: (email: string) => Promise<string>
  /** A paid order of `quantity` of the competition's tickets. */
  readonly buyTickets: (
    customerId: string,
    competitionId: string,
    quantity: number,
  ) => Promise<void>
  readonly ticketsSold: (competitionId: string) => Promise<number>
  readonly close: () => Promise<void>
}

export const NOW = new Date("2026-06-15T12:00:00.000Z")
const DAY = 24 * 3_600_000
const STAFF_USER = "4a0e4c1e-53b4-4d6e-9a52-3f0a3b1f2c11"
let unique = 0

/**
 * The PostalEntryRepo port's contract (decision 0040's free entry route),
 * run on the in-memory adapter and on PGlite and PostgreSQL: an entry
 * takes one free ticket and counts it sold, references are unique per
 * competition, and a person's tickets are counted as the maximum counts them.
 */
export const postalEntriesContract = (name: string, open: () => Promise<PostalEntriesWorld>) =>
  describe(name, { timeout: 60_000 }, () => {
    let world: PostalEntriesWorld
    const run = <A, E>(use: (repo: PostalEntryRepoShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(PostalEntryRepo, use).pipe(Effect.provide(world.layer)))

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    const competition = (overrides: Partial<PostalCompetition> = {}) =>
      world.newCompetition({
        name: `Competition ${++unique}`,
        totalTickets: 20,
        maxTicketsPerCustomer: 10,
        startDateTimeUtc: new Date(NOW.getTime() - DAY),
        closeDateTimeUtc: new Date(NOW.getTime() + 10 * DAY),
        ...overrides,
      })

    const newEntry = (competitionId: string, overrides: Partial<NewPostalEntry> = {}) =>
      newPostalEntry({ competitionId, enteredBy: STAFF_USER, enteredAt: NOW }, overrides)

    it("reads what an entry is judged by, and no competition it does not have", async () => {
      const start = new Date(NOW.getTime() - 2 * DAY)
      const close = new Date(NOW.getTime() + 3 * DAY)
      const id = await competition({
        name: "Bat signed by the team",
        maxTicketsPerCustomer: 4,
        startDateTimeUtc: start,
        closeDateTimeUtc: close,
      })
      expect(await run((repo) => repo.competition(id))).toEqual({
        competitionId: id,
        competitionName: "Bat signed by the team",
        startDateTimeUtc: start,
        closeDateTimeUtc: close,
        maxTicketsPerCustomer: 4,
      })
      for (const missing of ["not-a-competition", "6f1c2a7e-0000-4000-8000-000000000000"]) {
        const found = await run((repo) => Effect.either(repo.competition(missing)))
        expect(Either.isLeft(found) && found.left._tag).toBe("CompetitionNotFound")
      }
    })

    it("gives each entry its own free ticket, counts it sold, and null when none is left", async () => {
      const competitionId = await competition({ totalTickets: 3 })
      const entries = []
      for (const _ of [1, 2, 3])
        entries.push(await run((repo) => repo.record(newEntry(competitionId))))
      expect(entries.map((entry) => entry?.ticketNumber).sort()).toEqual([1, 2, 3])
      expect(new Set(entries.map((entry) => entry?.id)).size).toBe(3)
      expect(await world.ticketsSold(competitionId)).toBe(3)
      expect(await run((repo) => repo.record(newEntry(competitionId)))).toBeNull()
      expect(await world.ticketsSold(competitionId)).toBe(3)
    })

    it("keeps the postcard's details as they were given, found by reference", async () => {
      const competitionId = await competition()
      const recorded = await run((repo) =>
        repo.record(
          newEntry(competitionId, {
            entryReference: "PC-1",
            telephoneNumber: "07700 900123",
            dateOfBirth: "1960-02-29",
          }),
        ),
      )
      expect(recorded).toMatchObject({
        competitionId,
        emailAddress: "Bea@Example.com",
        dateOfBirth: "1960-02-29",
        telephoneNumber: "07700 900123",
        address: { line1: "2 Long Room", line2: "", postCode: "LS6 3BU" },
        entryReference: "PC-1",
        enteredAt: NOW,
      })
      expect(await run((repo) => repo.byReference(competitionId, "PC-1"))).toEqual(recorded)
      const noAddress = await run((repo) =>
        repo.record(newEntry(competitionId, { entryReference: "PC-2", address: null })),
      )
      expect(noAddress?.address).toBeNull()
      expect(await run((repo) => repo.byReference(competitionId, "PC-2"))).toEqual(noAddress)
      expect(await run((repo) => repo.byReference(competitionId, "none"))).toBeNull()
      const elsewhere = await competition()
      expect(await run((repo) => repo.byReference(elsewhere, "PC-1"))).toBeNull()
    })

    it("refuses a reference already used in the competition and gives its ticket back", async () => {
      const competitionId = await competition({ totalTickets: 5 })
      await run((repo) => repo.record(newEntry(competitionId, { entryReference: "R" })))
      const again = await run((repo) =>
        Effect.either(repo.record(newEntry(competitionId, { entryReference: "R" }))),
      )
      expect(Either.isLeft(again) && again.left._tag).toBe("EntryReferenceInUse")
      expect(await world.ticketsSold(competitionId)).toBe(1)
      // Entries without a reference never clash, and another competition may use this one.
      await run((repo) => repo.record(newEntry(competitionId)))
      await run((repo) => repo.record(newEntry(competitionId)))
      expect(await world.ticketsSold(competitionId)).toBe(3)
      const other = await competition()
      expect(
        await run((repo) => repo.record(newEntry(other, { entryReference: "R" }))),
      ).not.toBeNull()
    })

    it("counts a person's entries without an account by email, however it is written", async () => {
      const competitionId = await competition()
      await run((repo) => repo.record(newEntry(competitionId)))
      await run((repo) => repo.record(newEntry(competitionId, { emailAddress: "BEA@example.COM" })))
      // Spacing too: compared as core's normaliseEmail compares (rules/per-person-maximum).
      await run((repo) =>
        repo.record(newEntry(competitionId, { emailAddress: " Bea @Example.com\t" })),
      )
      await run((repo) => repo.record(newEntry(competitionId, { emailAddress: "dee@example.com" })))
      const held = (email: string) =>
        run((repo) => repo.ticketsHeld(competitionId, entrantKey(null, email)))
      expect(await held("bea@example.com")).toBe(3)
      expect(await held("Dee@Example.com")).toBe(1)
      expect(await held("nobody@example.com")).toBe(0)
      const elsewhere = await competition()
      expect(
        await run((repo) => repo.ticketsHeld(elsewhere, entrantKey(null, "bea@example.com"))),
      ).toBe(0)
    })

    it("counts a customer's bought tickets, their postal entries and those sent before they had an account", async () => {
      const competitionId = await competition()
      const email = `early-${++unique}-${Date.now()}@example.com`
      await run((repo) =>
        repo.record(newEntry(competitionId, { emailAddress: email.toUpperCase() })),
      )
      const customerId = await world.newCustomer(email)
      await world.buyTickets(customerId, competitionId, 2)
      await run((repo) => repo.record(newEntry(competitionId, { customerId, emailAddress: email })))
      expect(
        await run((repo) => repo.ticketsHeld(competitionId, entrantKey(customerId, email))),
      ).toBe(4)
      expect(await world.ticketsSold(competitionId)).toBe(4)
      // Someone else's tickets are not theirs.
      const other = await world.newCustomer(`other-${unique}-${Date.now()}@example.com`)
      expect(
        await run((repo) => repo.ticketsHeld(competitionId, entrantKey(other, "x@example.com"))),
      ).toBe(0)
    })
  })
