import { randomUUID } from "node:crypto"
import { pence } from "@howzat/core/rules/money"
import { Effect } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeMigrator, migrateToLatest } from "../migrations"
import type { SuiteDatabase } from "./catalogue.suite"
import { makeClubDirectory, makeClubStore } from "./clubs"
import { makeOrderRepo } from "./orders"
import { NOW, newBasket, newCustomer } from "./orders-fixtures"
import { makePromotionUses } from "./promotion-uses"

const HOUR = 3_600_000
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

/**
 * Staff's clubs on a real database (PGlite and PostgreSQL), what needs
 * orders, triggers or migrations: payouts that cannot be rewritten, removal only before it earned or while
 * an order is being paid, and the first voucher of an older club. Names,
 * vouchers, the ledger's figures, the list and the club-perks list are the contract's
 * (test/contracts/clubs.*).
 */
export const clubsSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase
    const db = () => database.db
    const clubs = () => makeClubStore(db())

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    const unique = () => randomUUID().replace(/-/g, "").slice(0, 8).toUpperCase()

    /** A club with a new voucher of its own; answers its id and code. */
    const newClub = async (label = "Club") => {
      const made = await run(clubs().insert(`${label} ${unique()}`))
      if (made === "NameTaken") throw new Error("name taken")
      const code = `C${unique()}`
      expect(await run(clubs().newVoucher(made.id, code, "10% off"))).toBe("Made")
      return { id: made.id, code }
    }

    /** An order row for credit to point at. */
    const anOrder = async () => {
      const customerId = await newCustomer(db())
      const basketId = await newBasket(db(), customerId)
      const { order } = await run(
        makeOrderRepo(db()).createForBasket({
          basketId,
          customerId,
          createdAt: NOW,
          expiresAt: new Date(NOW.getTime() + HOUR),
        }),
      )
      return order.id
    }

    it("keeps payouts append-only", async () => {
      const { id } = await newClub()
      await run(
        clubs().recordPayout({
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

    it("removes a club only before it earned: unused vouchers go, used ones end", async () => {
      const earning = await newClub()
      await run(makePromotionUses(db()).creditClub(earning.id, await anOrder(), pence(10), NOW))
      expect(await run(clubs().removeUnearned(earning.id, NOW))).toBe("HasCredit")
      expect(await run(clubs().byId(earning.id))).not.toBeNull()

      const quiet = await newClub()
      const used = `U${unique()}`
      expect(await run(clubs().newVoucher(quiet.id, used, "x"))).toBe("Made")
      await db().updateTable("promotions").set({ usageCount: 1 }).where("code", "=", used).execute()
      expect(await run(clubs().removeUnearned(quiet.id, NOW))).toBe("Removed")
      expect(await run(clubs().byId(quiet.id))).toBeNull()
      const left = await db()
        .selectFrom("promotions")
        .select(["code", "clubId", "validTo"])
        .where("code", "in", [quiet.code, used])
        .execute()
      expect(left).toEqual([{ code: used, clubId: null, validTo: NOW }])
    })

    it("keeps a club while an order that used its code is still being paid", async () => {
      const { id, code } = await newClub()
      const orderId = await anOrder()
      const { promotionId } = (await run(clubs().voucherByCode(code))) ?? { promotionId: "" }
      const { customerId } = await db()
        .selectFrom("orders")
        .select("customerId")
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow()
      await db().insertInto("promotionUses").values({ orderId, promotionId, customerId }).execute()
      expect(await run(clubs().removeUnearned(id, NOW))).toBe("OrdersInFlight")
      await db()
        .updateTable("orders")
        .set({ status: "Cancelled" })
        .where("id", "=", orderId)
        .execute()
      expect(await run(clubs().removeUnearned(id, NOW))).toBe("Removed")
    })

    it("gives a club from before this change its first voucher as the current code", async () => {
      const older = await open()
      try {
        const migrated = await makeMigrator(older.db).migrateTo("2026-11-24T2030-staff-refunds")
        expect(migrated.error).toBeUndefined()
        await sql`insert into resources (key, value) values ('content-list-clubs', '[]')`.execute(
          older.db,
        )
        await sql`insert into clubs (name) values ('Old Club')`.execute(older.db)
        await sql`insert into promotions (code, description, discount_kind, percent, club_id, created_at)
          select code, 'x', 'Percentage', 10, (select id from clubs), at::timestamptz
          from (values ('OLDCLUB10', '2026-01-01'), ('OLDCLUB20', '2026-02-01')) v(code, at)`.execute(
          older.db,
        )
        await migrateToLatest(older.db)
        expect(await run(makeClubDirectory(older.db).listed(NOW))).toEqual([
          { id: expect.any(String), name: "Old Club", voucherCode: "OLDCLUB10" },
        ])
        const stored = await older.db.selectFrom("resources").select("key").execute()
        expect(stored.map((r) => r.key)).not.toContain("content-list-clubs")
      } finally {
        await older.close()
      }
    })
  })
