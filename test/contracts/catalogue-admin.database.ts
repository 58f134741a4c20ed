import type { Principal } from "@howzat/core/accounts"
import { CatalogueAdmin, CompetitionAdmin } from "@howzat/core/competitions"
import { seedCommitment } from "@howzat/core/draws"
import type { CompetitionDraft } from "@howzat/core/rules"
import {
  CatalogueAdminStoreLive,
  CompetitionRepoLive,
  createCompetition,
  NodeSecureRandomLive,
  PostgresCatalogueAdminLive,
  TransactionsLive,
} from "@howzat/postgres"
import { addTicketsSold } from "@howzat/postgres/testing"
import { Effect, Either, Layer, ManagedRuntime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { CatalogueAdminSeed } from "./catalogue-admin.contract"
import { competitionDraft } from "./competition-admin.contract"
import { newCompetition } from "./competitions.fixtures"
import type { ContractDatabase } from "./harness"

/** The staff catalogue's harness on a real database: competitions made as the seed makes them. */
export const catalogueAdminOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: CatalogueAdminSeed = {
    competition: (attributes = {}) =>
      createCompetition(db, newCompetition({ visibilityStatus: "Hidden", attributes })),
  }
  return {
    layer: Layer.mergeAll(CatalogueAdminStoreLive, CompetitionRepoLive, TransactionsLive).pipe(
      Layer.provide(dbLayer),
    ),
    seed,
    close,
  }
}

const DAY = 24 * 60 * 60 * 1000
const day = (n: number) => new Date(Date.now() + n * DAY)
const staff: Principal = {
  userId: "00000000-0000-4000-8000-000000000001",
  role: "Staff",
  customerId: null,
  email: "staff@howzat.example",
  name: "Sam Staff",
}

/** The contract's draft, scheduled against the real clock the use cases read. */
const draft = (overrides: Partial<CompetitionDraft> = {}): CompetitionDraft =>
  competitionDraft({
    startDateTimeUtc: day(2),
    closeDateTimeUtc: day(10),
    drawDateTimeUtc: day(11),
    ...overrides,
  })

/**
 * Staff's competition, category and attribute-type writes through core's
 * use cases on a real database, for what only its rows show: the pool and
 * seed written as the seed's createCompetition writes them, resizing with
 * new numbers at random places in the pool behind its first free ticket
 * (decision 0060), and the audit entry in the
 * write's transaction, or none for a write refused. What the stores
 * promise on their own is the contracts' (catalogue-admin.contract.ts,
 * competition-admin.contract.ts).
 */
export const catalogueAdminDatabaseFacts = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, () => {
    let db: ContractDatabase["db"]
    let runtime: ManagedRuntime.ManagedRuntime<CompetitionAdmin | CatalogueAdmin, never>

    beforeAll(async () => {
      const database = await open()
      db = database.db
      runtime = ManagedRuntime.make(
        Layer.mergeAll(CompetitionAdmin.Default, CatalogueAdmin.Default).pipe(
          Layer.provide(
            Layer.mergeAll(PostgresCatalogueAdminLive, TransactionsLive).pipe(
              Layer.provide(database.dbLayer),
              Layer.merge(NodeSecureRandomLive),
            ),
          ),
        ),
      )
    })
    afterAll(() => runtime?.dispose())

    const admin = <A, E>(use: (a: CompetitionAdmin) => Effect.Effect<A, E>) =>
      runtime.runPromise(Effect.either(Effect.flatMap(CompetitionAdmin, use)))
    const catalogue = <A, E>(use: (a: CatalogueAdmin) => Effect.Effect<A, E>) =>
      runtime.runPromise(Effect.either(Effect.flatMap(CatalogueAdmin, use)))
    const succeeded = <A, E>(outcome: Either.Either<A, E>): A => {
      if (Either.isLeft(outcome)) throw new Error(`refused: ${JSON.stringify(outcome.left)}`)
      return outcome.right
    }
    const pool = (competitionId: string) =>
      db
        .selectFrom("tickets")
        .select(["ticketNumber", "sortKey", "orderId"])
        .where("competitionId", "=", competitionId)
        .orderBy("ticketNumber")
        .execute()
    const audit = (subjectId: string) =>
      db
        .selectFrom("auditLog")
        .select(["action", "before", "after"])
        .where("subjectId", "=", subjectId)
        .orderBy("at")
        .execute()

    it("creates the pool, the seed commitment and the audit entry together, sanitised", async () => {
      const created = succeeded(await admin((a) => a.create(draft(), staff)))
      const tickets = await pool(created.id)
      expect(tickets.map((t) => t.ticketNumber)).toEqual(
        Array.from({ length: 100 }, (_, i) => i + 1),
      )
      expect(new Set(tickets.map((t) => t.sortKey)).size).toBe(100)
      const row = await db
        .selectFrom("competitions")
        .select(["drawSeed", "drawSeedCommitment", "description"])
        .where("id", "=", created.id)
        .executeTakeFirstOrThrow()
      expect(row.drawSeedCommitment).toBe(seedCommitment(Buffer.from(row.drawSeed, "hex")))
      expect(row.description).toBe("<p>A bat</p>")
      expect(await audit(created.id)).toEqual([
        expect.objectContaining({ action: "Competition.Create", before: null }),
      ])
    })

    it("puts the new numbers of a grown pool at random places among the free ones", async () => {
      const created = succeeded(await admin((a) => a.create(draft(), staff)))
      succeeded(await admin((a) => a.update(created.id, draft({ totalTickets: 300 }), staff)))
      const tickets = await pool(created.id)
      expect(tickets.map((t) => t.ticketNumber)).toEqual(
        Array.from({ length: 300 }, (_, i) => i + 1),
      )
      // Claimed in sort-key order: if the new numbers all sorted last, a buyer
      // could time a purchase to land on them.
      const claimOrder = [...tickets].sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1))
      const firstHundred = claimOrder.slice(0, 100).map((t) => t.ticketNumber)
      expect(firstHundred.some((n) => n > 100)).toBe(true)
      expect(firstHundred.some((n) => n <= 100)).toBe(true)

      succeeded(await admin((a) => a.update(created.id, draft({ totalTickets: 50 }), staff)))
      expect((await pool(created.id)).map((t) => t.ticketNumber)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      )
      expect((await audit(created.id)).map((e) => e.action)).toEqual([
        "Competition.Create",
        "Competition.Update",
        "Competition.Update",
      ])
    })

    it("puts a live pool's new numbers behind its first free one, never ahead of the rest", async () => {
      const live = draft({ startDateTimeUtc: day(-1) })
      const created = succeeded(await admin((a) => a.create(live, staff)))
      // Sixty sold, as claims sell them: the lowest keys first.
      const sold = [...(await pool(created.id))]
        .sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1))
        .slice(0, 60)
        .map((t) => t.ticketNumber)
      await db
        .updateTable("tickets")
        .set({ orderId: "00000000-0000-4000-8000-0000000000bb" })
        .where("competitionId", "=", created.id)
        .where("ticketNumber", "in", sold)
        .execute()
      await addTicketsSold(db, created.id, 60)
      succeeded(await admin((a) => a.update(created.id, { ...live, totalTickets: 300 }, staff)))
      const free = (await pool(created.id))
        .filter((t) => t.orderId === null)
        .sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1))
      // Every new key above the first free one's: fresh keys over the whole
      // range would put about 60% of the new numbers ahead of it (decision 0060).
      expect(free[0]?.ticketNumber).toBeLessThanOrEqual(100)
      const firstForty = free.slice(0, 40).map((t) => t.ticketNumber)
      expect(firstForty.some((n) => n > 100)).toBe(true)
      expect(firstForty.some((n) => n <= 100)).toBe(true)
    })

    it("writes no audit entry for a change it refuses, and keeps the pool", async () => {
      const created = succeeded(
        await admin((a) => a.create(draft({ startDateTimeUtc: day(-1) }), staff)),
      )
      await db
        .updateTable("tickets")
        .set({ orderId: "00000000-0000-4000-8000-0000000000aa" })
        .where("competitionId", "=", created.id)
        .where("ticketNumber", "=", 100)
        .execute()
      await addTicketsSold(db, created.id, 1)
      const shrunk = await admin((a) =>
        a.update(created.id, draft({ startDateTimeUtc: day(-1), totalTickets: 99 }), staff),
      )
      expect(Either.isLeft(shrunk) && shrunk.left._tag).toBe("CompetitionChangeRefused")
      const removed = await admin((a) => a.remove(created.id, staff))
      expect(Either.isLeft(removed) && removed.left._tag).toBe("CompetitionDeletionRefused")
      expect(await pool(created.id)).toHaveLength(100)
      expect((await audit(created.id)).map((e) => e.action)).toEqual(["Competition.Create"])
    })

    it("links a competition to a category once, and unlinks it", async () => {
      const category = succeeded(
        await catalogue((c) =>
          c.createCategory({ name: "Bats", description: "", visibilityStatus: "Visible" }, staff),
        ),
      )
      const competition = succeeded(await admin((a) => a.create(draft(), staff)))
      succeeded(await catalogue((c) => c.linkCompetition(category.id, competition.id, staff)))
      succeeded(await catalogue((c) => c.linkCompetition(category.id, competition.id, staff)))
      expect((await audit(category.id)).map((e) => e.action)).toEqual([
        "Category.Create",
        "Category.LinkCompetition",
      ])
      succeeded(await catalogue((c) => c.unlinkCompetition(category.id, competition.id, staff)))
      const again = await catalogue((c) => c.unlinkCompetition(category.id, competition.id, staff))
      expect(Either.isLeft(again) && again.left._tag).toBe("CompetitionNotFound")
    })
  })
