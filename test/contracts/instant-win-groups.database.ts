import type { Principal } from "@howzat/core/accounts"
import { InstantWinGroups } from "@howzat/core/competitions"
import { InstantWinGroupStore, Transactions } from "@howzat/core/ports"
import {
  AuditLogLive,
  NodeSecureRandomLive,
  PostgresInstantWinsLive,
  TransactionsLive,
} from "@howzat/postgres"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  addTicketsSold,
  competitionOnSale,
  makeInstantWinGroupStore,
  makeTransactions,
} from "@howzat/postgres/testing"
import { Effect, Either, Layer, ManagedRuntime } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { lockWaits } from "../support/lock-waits"
import type { ContractDatabase } from "./harness"
import type { InstantWinGroupsWorld } from "./instant-win-groups.contract"

const DAY = 24 * 60 * 60 * 1000

/**
 * The instant-win groups contract's world on a real database (PGlite or
 * PostgreSQL): competitions as the writer creates them, tickets taken on
 * the sold counter, a number won on its row.
 */
export const instantWinGroupsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<InstantWinGroupsWorld> => {
    const { db, close } = await open()
    return {
      layer: Layer.mergeAll(
        Layer.succeed(InstantWinGroupStore, makeInstantWinGroupStore(db)),
        Layer.succeed(Transactions, makeTransactions(db)),
      ),
      competition: (totalTickets, startDateTimeUtc) =>
        competitionOnSale(db, {
          totalTickets,
          startDateTimeUtc,
          closeDateTimeUtc: new Date(startDateTimeUtc.getTime() + 7 * DAY),
          drawDateTimeUtc: new Date(startDateTimeUtc.getTime() + 8 * DAY),
        }),
      allocate: async (competitionId, count) => {
        await addTicketsSold(db, competitionId, count)
      },
      win: async (competitionId, ticketNumber) => {
        await db
          .updateTable("instantWinTickets")
          .set({ wonAt: new Date() })
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "=", ticketNumber)
          .execute()
      },
      commitmentOf: async (competitionId) => {
        const row = await db
          .selectFrom("competitions")
          .select(["instantWinSalt", "instantWinCommitment"])
          .where("id", "=", competitionId)
          .executeTakeFirstOrThrow()
        return { salt: row.instantWinSalt, commitment: row.instantWinCommitment }
      },
      close,
    }
  }

const staff: Principal = {
  userId: "00000000-0000-4000-8000-000000000001",
  role: "Admin",
  customerId: null,
  email: "admin@howzat.example",
  name: "Demo Admin",
}

const request = (ticketCount: number, overrides: Record<string, unknown> = {}) => ({
  name: "Signed bat",
  ticketCount,
  imageUrls: [] as string[],
  prizeSiteCredit: null,
  ...overrides,
})

/**
 * Instant-win groups through core's use case on a real database, for what
 * only its rows show: a group's images replaced or removed leave no image
 * group behind, and two members of staff racing for a competition's last
 * numbers queue on its row. With `raceBehindTheRow` (a server, which has
 * sessions to race on) the test holds the competition's row until both
 * wait for it; PGlite runs them one after the other. The competitions are
 * hidden, so the shop-wide instant-win share (decision 0045) never comes
 * into it, whatever else the database holds.
 */
export const instantWinGroupsDatabaseFacts = (
  name: string,
  open: () => Promise<ContractDatabase>,
  options: { readonly raceBehindTheRow: boolean },
) =>
  describe(name, () => {
    let db: ContractDatabase["db"]
    let runtime: ManagedRuntime.ManagedRuntime<InstantWinGroups, never>

    beforeAll(async () => {
      const database = await open()
      db = database.db
      runtime = ManagedRuntime.make(
        InstantWinGroups.Default.pipe(
          Layer.provide(
            Layer.mergeAll(PostgresInstantWinsLive, TransactionsLive, AuditLogLive).pipe(
              Layer.provide(database.dbLayer),
              Layer.merge(NodeSecureRandomLive),
            ),
          ),
        ),
      )
    })
    afterAll(() => runtime?.dispose())

    const groups = <A, E>(use: (g: InstantWinGroups) => Effect.Effect<A, E>) =>
      runtime.runPromise(Effect.either(Effect.flatMap(InstantWinGroups, use)))
    const succeeded = <A, E>(outcome: Either.Either<A, E>): A => {
      if (Either.isLeft(outcome)) throw new Error(`refused: ${JSON.stringify(outcome.left)}`)
      return outcome.right
    }

    /** A hidden competition opening in ten days, so its groups may still change. */
    const notYetOpen = (totalTickets = 100) =>
      competitionOnSale(db, {
        totalTickets,
        visibilityStatus: "Hidden",
        startDateTimeUtc: new Date(Date.now() + 10 * DAY),
        closeDateTimeUtc: new Date(Date.now() + 20 * DAY),
        drawDateTimeUtc: new Date(Date.now() + 21 * DAY),
      })

    const stored = async (competitionId: string) => {
      const competition = await db
        .selectFrom("competitions")
        .select(["instantWinSalt", "instantWinCommitment"])
        .where("id", "=", competitionId)
        .executeTakeFirstOrThrow()
      const lines = await db
        .selectFrom("instantWinTickets")
        .select(["instantWinGroupId", "ticketNumber"])
        .where("competitionId", "=", competitionId)
        .execute()
      return { ...competition, lines }
    }

    const imageGroupCount = async () =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from image_groups`.execute(db)).rows[0]
          ?.n,
      )

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

    /** Lets `race` loose; on a server, behind the competition's row until both wait for it. */
    const together = async <A>(competitionId: string, race: () => Promise<A>) => {
      if (!options.raceBehindTheRow) return race()
      let raced: Promise<A> | undefined
      let finished = false
      await db.transaction().execute(async (trx) => {
        // The lock each change takes first (the store's lock).
        await sql`select id from competitions where id = ${competitionId}::uuid for update`.execute(
          trx,
        )
        raced = race().finally(() => {
          finished = true
        })
        await lockWaits(db, 2, () => finished)
      })
      if (raced === undefined) throw new Error("the race never started")
      return raced
    }

    it("lets one of two staff racing for the last numbers have them", async () => {
      const competitionId = await notYetOpen(10)
      const outcomes = await together(competitionId, () =>
        Promise.all([
          groups((g) => g.create(competitionId, request(6), staff)),
          groups((g) => g.create(competitionId, request(6), staff)),
        ]),
      )
      expect(outcomes.filter(Either.isRight)).toHaveLength(1)
      expect(outcomes.find(Either.isLeft)).toMatchObject({
        left: { _tag: "InstantWinGroupInvalid" },
      })
      const numbers = (await stored(competitionId)).lines.map((l) => l.ticketNumber)
      expect(new Set(numbers).size).toBe(6)
    })
  })
