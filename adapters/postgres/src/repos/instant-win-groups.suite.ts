import type { Principal } from "@howzat/core/accounts/model"
import { CompetitionTickets } from "@howzat/core/competitions/competition-tickets"
import { InstantWinGroups } from "@howzat/core/competitions/instant-win-groups"
import { instantWinCommitment } from "@howzat/core/draws/procedure"
import { pence } from "@howzat/core/rules/money"
import { Effect, Either, Layer, ManagedRuntime } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Db } from "../database"
import { migrateToLatest } from "../migrations"
import type { Database } from "../schema"
import { NodeSecureRandomLive } from "../secure-random-node"
import { TransactionsLive } from "../transactions"
import { AuditLogLive } from "./audit-log"
import { PostgresInstantWinsLive } from "./index"
import { competitionOnSale, newBasket, newCustomer } from "./orders-fixtures"
import { addTicketsSold } from "./tickets-sold"

export interface SuiteDatabase {
  readonly db: Kysely<Database>
  readonly close: () => Promise<void>
}

const DAY = 24 * 60 * 60 * 1000
const staff: Principal = {
  userId: "00000000-0000-4000-8000-000000000001",
  role: "Admin",
  customerId: null,
  email: "admin@howzat.example",
  name: "Demo Admin",
}
const NO_SUCH_ID = "00000000-0000-4000-8000-00000000dead"

/**
 * Instant-win groups through core's use cases on a real database: the row
 * lock, the one-statement number inserts, the commitment written in the
 * change's transaction, and the staff ticket reads' SQL.
 */
export const instantWinGroupsSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, () => {
    let database: SuiteDatabase
    let runtime: ManagedRuntime.ManagedRuntime<InstantWinGroups | CompetitionTickets, never>
    const db = () => database.db

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
      // Issue 12's instant-win share: enough live competitions without instant wins that this
      // suite's visible ones, given groups, never form the majority (decision 0045).
      for (let i = 0; i < 10; i++)
        await competitionOnSale(database.db, {
          startDateTimeUtc: new Date(Date.now() - DAY),
          closeDateTimeUtc: new Date(Date.now() + 30 * DAY),
          drawDateTimeUtc: new Date(Date.now() + 31 * DAY),
        })
      runtime = ManagedRuntime.make(
        Layer.mergeAll(InstantWinGroups.Default, CompetitionTickets.Default).pipe(
          Layer.provide(
            Layer.mergeAll(PostgresInstantWinsLive, TransactionsLive, AuditLogLive).pipe(
              Layer.provide(Layer.succeed(Db, database.db)),
              Layer.merge(NodeSecureRandomLive),
            ),
          ),
        ),
      )
    })
    afterAll(async () => {
      await runtime?.dispose()
      await database?.close()
    })

    const groups = <A, E>(use: (g: InstantWinGroups) => Effect.Effect<A, E>) =>
      runtime.runPromise(Effect.either(Effect.flatMap(InstantWinGroups, use)))
    const tickets = <A, E>(use: (t: CompetitionTickets) => Effect.Effect<A, E>) =>
      runtime.runPromise(Effect.flatMap(CompetitionTickets, use))
    const succeeded = <A, E>(outcome: Either.Either<A, E>): A => {
      if (Either.isLeft(outcome)) throw new Error(`refused: ${JSON.stringify(outcome.left)}`)
      return outcome.right
    }

    /** A competition opening in ten days, so its groups may still change. */
    const notYetOpen = (totalTickets = 100) =>
      competitionOnSale(db(), {
        totalTickets,
        startDateTimeUtc: new Date(Date.now() + 10 * DAY),
        closeDateTimeUtc: new Date(Date.now() + 20 * DAY),
        drawDateTimeUtc: new Date(Date.now() + 21 * DAY),
      })

    const request = (ticketCount: number, overrides: Record<string, unknown> = {}) => ({
      name: "Signed bat",
      ticketCount,
      imageUrls: [] as string[],
      prizeSiteCredit: null,
      ...overrides,
    })

    const stored = async (competitionId: string) => {
      const competition = await db()
        .selectFrom("competitions")
        .select(["instantWinSalt", "instantWinCommitment"])
        .where("id", "=", competitionId)
        .executeTakeFirstOrThrow()
      const lines = await db()
        .selectFrom("instantWinTickets")
        .select(["instantWinGroupId", "ticketNumber"])
        .where("competitionId", "=", competitionId)
        .execute()
      return { ...competition, lines }
    }

    const imageGroupCount = async () =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from image_groups`.execute(db()))
          .rows[0]?.n,
      )

    describe("changing groups before the competition opens", () => {
      it("stores a new group's numbers and publishes the commitment over them", async () => {
        const competitionId = await notYetOpen()
        const created = succeeded(
          await groups((g) =>
            g.create(
              competitionId,
              request(9, {
                name: "£5 site credit",
                imageUrls: ["/images/prizes/credit.webp"],
                prizeSiteCredit: pence(500),
              }),
              staff,
            ),
          ),
        )
        const group = created.instantWinGroup
        expect(group).toMatchObject({
          name: "£5 site credit",
          ticketCount: 9,
          prizeSiteCredit: 500,
          quantityWonToDate: 0,
        })
        expect(group.imageGroup?.images.map((i) => i.url)).toEqual(["/images/prizes/credit.webp"])
        const after = await stored(competitionId)
        expect(after.lines.map((l) => l.ticketNumber).sort((a, b) => a - b)).toEqual(
          group.ticketNumbers,
        )
        expect(after.instantWinSalt).toMatch(/^[0-9a-f]{64}$/)
        expect(after.instantWinCommitment).toBe(created.instantWinCommitment)
        expect(after.instantWinCommitment).toBe(
          instantWinCommitment(after.instantWinSalt as string, after.lines),
        )
      })

      it("gives groups distinct numbers and every change a fresh salt", async () => {
        const competitionId = await notYetOpen(30)
        const first = succeeded(await groups((g) => g.create(competitionId, request(10), staff)))
        const saltAfterFirst = (await stored(competitionId)).instantWinSalt
        succeeded(await groups((g) => g.create(competitionId, request(10), staff)))
        const saltAfterSecond = (await stored(competitionId)).instantWinSalt
        succeeded(
          await groups((g) =>
            g.update(
              competitionId,
              first.instantWinGroup.id,
              { name: "Bigger", ticketCount: 20 },
              staff,
            ),
          ),
        )
        const after = await stored(competitionId)
        const numbers = after.lines.map((l) => l.ticketNumber)
        expect(numbers).toHaveLength(30)
        expect(new Set(numbers).size).toBe(30)
        expect(new Set([saltAfterFirst, saltAfterSecond, after.instantWinSalt]).size).toBe(3)
        expect(after.instantWinCommitment).toBe(
          instantWinCommitment(after.instantWinSalt as string, after.lines),
        )
      })

      it("replaces images without leaving the old ones behind, and deletes a group whole", async () => {
        const competitionId = await notYetOpen()
        const imagesBefore = await imageGroupCount()
        const created = succeeded(
          await groups((g) =>
            g.create(competitionId, request(3, { imageUrls: ["/images/a.webp"] }), staff),
          ),
        )
        const id = created.instantWinGroup.id
        const updated = succeeded(
          await groups((g) =>
            g.update(
              competitionId,
              id,
              { name: "Bat", ticketCount: 3, imageUrls: ["/images/b.webp", "/images/c.webp"] },
              staff,
            ),
          ),
        )
        expect(updated.instantWinGroup.imageGroup?.images.map((i) => i.url)).toEqual([
          "/images/b.webp",
          "/images/c.webp",
        ])
        expect(updated.instantWinGroup.ticketNumbers).toEqual(created.instantWinGroup.ticketNumbers)
        expect(await imageGroupCount()).toBe(imagesBefore + 1)

        const removed = succeeded(await groups((g) => g.remove(competitionId, id, staff)))
        expect(removed).toEqual({ instantWinCommitment: null })
        expect(await stored(competitionId)).toEqual({
          instantWinSalt: null,
          instantWinCommitment: null,
          lines: [],
        })
        expect(await imageGroupCount()).toBe(imagesBefore)
      })

      it("lets one of two staff racing for the last numbers have them", async () => {
        const competitionId = await notYetOpen(10)
        const outcomes = await Promise.all([
          groups((g) => g.create(competitionId, request(6), staff)),
          groups((g) => g.create(competitionId, request(6), staff)),
        ])
        expect(outcomes.filter(Either.isRight)).toHaveLength(1)
        expect(outcomes.find(Either.isLeft)).toMatchObject({
          left: { _tag: "InstantWinGroupInvalid" },
        })
        const numbers = (await stored(competitionId)).lines.map((l) => l.ticketNumber)
        expect(new Set(numbers).size).toBe(6)
      })
    })

    describe("once the competition is open", () => {
      it("refuses every change and leaves the groups and commitment as they were", async () => {
        const competitionId = await notYetOpen()
        const created = succeeded(await groups((g) => g.create(competitionId, request(5), staff)))
        const before = await stored(competitionId)
        await db()
          .updateTable("competitions")
          .set({ startDateTimeUtc: new Date(Date.now() - DAY) })
          .where("id", "=", competitionId)
          .execute()
        const id = created.instantWinGroup.id
        for (const outcome of [
          await groups((g) => g.create(competitionId, request(1), staff)),
          await groups((g) => g.update(competitionId, id, request(2), staff)),
          await groups((g) => g.remove(competitionId, id, staff)),
        ]) {
          expect(Either.isLeft(outcome) && outcome.left._tag).toBe("CompetitionAlreadyOpen")
        }
        expect(await stored(competitionId)).toEqual(before)
      })

      it("refuses a change once a ticket is held, even before the start time", async () => {
        const competitionId = await notYetOpen()
        await addTicketsSold(db(), competitionId, 1)
        const outcome = await groups((g) => g.create(competitionId, request(1), staff))
        expect(Either.isLeft(outcome) && outcome.left._tag).toBe("CompetitionAlreadyOpen")
      })

      it("answers a competition that doesn't exist, or a malformed id, as not found", async () => {
        for (const id of [NO_SUCH_ID, "not-a-uuid"]) {
          const outcome = await groups((g) => g.create(id, request(1), staff))
          expect(Either.isLeft(outcome) && outcome.left._tag).toBe("CompetitionNotFound")
        }
      })
    })

    describe("staff ticket reads", () => {
      /** Sells `numbers` to a customer on an order of the given status, as the allocator would. */
      const sell = async (
        competitionId: string,
        numbers: readonly number[],
        status: "Completed" | "AwaitingPayment",
      ) => {
        const customerId = await newCustomer(db())
        const basketId = await newBasket(db(), customerId)
        const { id: orderId } = await db()
          .insertInto("orders")
          .values({
            basketId,
            customerId,
            status,
            createdAt: new Date(),
            expiresAt: new Date(Date.now() + DAY),
          })
          .returning("id")
          .executeTakeFirstOrThrow()
        await db()
          .updateTable("tickets")
          .set({ orderId, customerId, allocatedAt: new Date() })
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "in", [...numbers])
          .execute()
        return customerId
      }

      const holderOf = async (customerId: string) => {
        const row = await db()
          .selectFrom("customers as c")
          .innerJoin("users as u", "u.id", "c.userId")
          .select(["u.firstName", "u.lastName", "u.email"])
          .where("c.id", "=", customerId)
          .executeTakeFirstOrThrow()
        return { customerId, fullName: `${row.firstName} ${row.lastName}`, email: row.email }
      }

      const page = { pageNumber: 1, pageSize: 50 }

      it("lists every sold ticket with its holder and instant win, not an unpaid order's", async () => {
        const competitionId = await notYetOpen(20)
        const created = succeeded(await groups((g) => g.create(competitionId, request(20), staff)))
        await db()
          .updateTable("competitions")
          .set({ visibilityStatus: "Hidden" })
          .where("id", "=", competitionId)
          .execute()
        const paid = await sell(competitionId, [3, 7], "Completed")
        await sell(competitionId, [11], "AwaitingPayment")
        await db()
          .updateTable("instantWinTickets")
          .set({ wonAt: new Date(), winnerCustomerId: paid })
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "=", 7)
          .execute()

        const sold = await tickets((t) =>
          t.tickets(competitionId, { status: "All", page, instantWinTicketsOnly: false }, staff),
        )
        const group = {
          instantWinGroupId: created.instantWinGroup.id,
          instantWinGroupName: "Signed bat",
        }
        const holder = await holderOf(paid)
        expect(sold).toEqual({
          view: "Staff",
          page: {
            pageNumber: 1,
            pageSize: 50,
            totalCount: 2,
            items: [
              { ticketNumber: 3, holder, instantWin: { ...group, won: false } },
              { ticketNumber: 7, holder, instantWin: { ...group, won: true } },
            ],
          },
        })

        const won = await tickets((t) =>
          t.tickets(competitionId, { status: "Won", page, instantWinTicketsOnly: false }, staff),
        )
        expect(won.page.items.map((i) => i.ticketNumber)).toEqual([7])

        const instantWins = await tickets((t) =>
          t.instantWinTickets(
            competitionId,
            created.instantWinGroup.id,
            { fromTicketNumber: 3, toTicketNumber: 11, status: "All", page },
            staff,
          ),
        )
        expect(instantWins.view).toBe("Staff")
        expect(instantWins.page.totalCount).toBe(9)
        const byNumber = new Map(
          instantWins.page.items.map((item) => [item.ticketNumber, item] as const),
        )
        expect(byNumber.get(3)).toMatchObject({ holder })
        expect(byNumber.get(7)).toMatchObject({ holder, instantWin: { won: true } })
        // Held by an order not yet paid: not sold, so no holder yet.
        expect(byNumber.get(11)).toMatchObject({ holder: null, instantWin: { won: false } })
      })

      it("counts the whole list on a page past its end", async () => {
        const competitionId = await notYetOpen(20)
        await sell(competitionId, [1, 2, 3], "Completed")
        const beyond = await tickets((t) =>
          t.tickets(
            competitionId,
            { status: "All", page: { pageNumber: 3, pageSize: 2 }, instantWinTicketsOnly: false },
            staff,
          ),
        )
        expect(beyond.page).toMatchObject({ items: [], totalCount: 3, pageNumber: 3 })
      })

      it("answers an unknown competition or group as not found", async () => {
        const competitionId = await notYetOpen()
        const run = (effect: Effect.Effect<unknown, unknown, CompetitionTickets>) =>
          runtime.runPromise(Effect.either(effect))
        const query = { status: "All" as const, page }
        expect(
          await run(
            Effect.flatMap(CompetitionTickets, (t) =>
              t.tickets(NO_SUCH_ID, { ...query, instantWinTicketsOnly: false }, staff),
            ),
          ),
        ).toMatchObject({ left: { _tag: "CompetitionNotFound" } })
        expect(
          await run(
            Effect.flatMap(CompetitionTickets, (t) =>
              t.instantWinTickets(competitionId, NO_SUCH_ID, query, staff),
            ),
          ),
        ).toMatchObject({ left: { _tag: "InstantWinGroupNotFound" } })
      })
    })
  })
