import { randomUUID } from "node:crypto"
import { ClubDirectory, ClubStore } from "@howzat/core/ports"
import { OrderStatus, pence } from "@howzat/core/rules"
import { makeMigrator } from "@howzat/postgres"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  makeClubDirectory,
  makeClubStore,
  makeOrderRefundRepo,
  makeOrderRepo,
  makePromotionUses,
  migrateToLatest,
  NOW,
  newBasket,
  newCustomer,
} from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { beforeAll, describe, expect, it } from "vitest"
import type { ClubsWorld } from "./clubs.contract"
import type { ContractDatabase } from "./harness"
import { useDatabase } from "./harness"
import { pathTo } from "./orders.world"

/**
 * The clubs contract's world on a real database (PGlite or PostgreSQL): a
 * voucher of no club as a promotions row, a use on its counter, credit and
 * its reversal as checkout and refunds record them, and staff as the id a
 * payout records (the column keeps who, not a user row).
 */
export const clubsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<ClubsWorld> => {
    const { db, close } = await open()
    /** A customer's new order, not yet paid. */
    const anOrder = async () => {
      const customerId = await newCustomer(db)
      const { order } = await Effect.runPromise(
        makeOrderRepo(db).createForBasket({
          basketId: await newBasket(db, customerId),
          customerId,
          createdAt: NOW,
          expiresAt: new Date(NOW.getTime() + 3_600_000),
        }),
      )
      return { orderId: order.id, customerId }
    }
    return {
      layer: Layer.mergeAll(
        Layer.succeed(ClubStore, makeClubStore(db)),
        Layer.succeed(ClubDirectory, makeClubDirectory(db)),
      ),
      voucher: async (code, validFrom) =>
        (
          await db
            .insertInto("promotions")
            .values({
              code,
              description: "10% off",
              discountKind: "Percentage",
              percent: 10,
              amountPence: null,
              competitionId: null,
              validFrom: validFrom ?? null,
              validTo: null,
              usageLimit: null,
              clubId: null,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      use: async (promotionId) => {
        await db
          .updateTable("promotions")
          .set({ usageCount: sql`usage_count + 1` })
          .where("id", "=", promotionId)
          .execute()
      },
      staff: async () => randomUUID(),
      credit: async (clubId, amount, at) => {
        const { orderId } = await anOrder()
        await Effect.runPromise(
          makePromotionUses(db).creditClub(clubId, orderId, pence(amount), at),
        )
        return orderId
      },
      reverse: async (orderId, at) => {
        await Effect.runPromise(makeOrderRefundRepo(db).reverseClubCredit(orderId, at))
      },
      relink: async (promotionId, clubId) => {
        await db.updateTable("promotions").set({ clubId }).where("id", "=", promotionId).execute()
      },
      // The use's row stays when the order is given up: only the order's status lets the club go.
      orderPaying: async (promotionId) => {
        const { orderId, customerId } = await anOrder()
        await db.insertInto("promotionUses").values({ orderId, promotionId, customerId }).execute()
        return {
          cancel: async () => {
            await Effect.runPromise(makeOrderRepo(db).transition(orderId, OrderStatus.Cancelled))
          },
        }
      },
      orderUsing: async (promotionId, status) => {
        const { orderId, customerId } = await anOrder()
        await db.insertInto("promotionUses").values({ orderId, promotionId, customerId }).execute()
        for (const to of pathTo(status))
          await Effect.runPromise(makeOrderRepo(db).transition(orderId, to))
      },
      close,
    }
  }

/** What only the database shows of clubs: payouts no one can rewrite. */
export const clubsDatabaseFacts = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, () => {
    const db = useDatabase(open)

    it("keeps payouts append-only", async () => {
      const { id } = await Effect.runPromise(
        Effect.flatMap(makeClubStore(db()).insert(`Payouts ${randomUUID()}`), (made) =>
          made === "NameTaken" ? Effect.die("name taken") : Effect.succeed(made),
        ),
      )
      await Effect.runPromise(
        makeClubStore(db()).recordPayout({
          clubId: id,
          amount: pence(100),
          reference: "BACS",
          at: NOW,
          recordedBy: randomUUID(),
        }),
      )
      await expect(
        sql`update club_payouts set amount_pence = 1 where club_id = ${id}::uuid`.execute(db()),
      ).rejects.toThrow(/append-only/)
      await expect(
        sql`delete from club_payouts where club_id = ${id}::uuid`.execute(db()),
      ).rejects.toThrow(/append-only/)
    })
  })

/** The schema just before 2026-11-24T2110-club-admin gave each club a current code. */
const BEFORE_CURRENT_CODES = "2026-11-24T2030-staff-refunds"

/**
 * A club from before clubs had a current code, migrated: it must run first
 * on its file's database, which it steps back to the schema before current
 * codes (the later migrations' downs) while no rows are in the way.
 */
export const clubsFromBeforeCurrentCodes = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, () => {
    let db: ContractDatabase["db"]
    beforeAll(async () => {
      db = (await open()).db
      const clubs = await db.selectFrom("clubs").select("id").execute()
      if (clubs.length > 0) throw new Error("run this before anything writes to the database")
    })

    it("gives a club from before current codes its first voucher as the current code", async () => {
      const migrated = await makeMigrator(db).migrateTo(BEFORE_CURRENT_CODES)
      expect(migrated.error).toBeUndefined()
      await sql`insert into resources (key, value) values ('content-list-clubs', '[]')`.execute(db)
      await sql`insert into clubs (name) values ('Old Club')`.execute(db)
      await sql`insert into promotions (code, description, discount_kind, percent, club_id, created_at)
        select code, 'x', 'Percentage', 10, (select id from clubs), at::timestamptz
        from (values ('OLDCLUB10', '2026-01-01'), ('OLDCLUB20', '2026-02-01')) v(code, at)`.execute(
        db,
      )
      await migrateToLatest(db)
      expect(await Effect.runPromise(makeClubDirectory(db).listed(NOW))).toEqual([
        { id: expect.any(String), name: "Old Club", voucherCode: "OLDCLUB10" },
      ])
      const stored = await db.selectFrom("resources").select("key").execute()
      expect(stored.map((r) => r.key)).not.toContain("content-list-clubs")
    })
  })
