import { randomUUID } from "node:crypto"
import { pence } from "@howzat/core/rules/money"
import { Effect } from "effect"
import fc from "fast-check"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeMigrator, migrateToLatest } from "../migrations"
import type { SuiteDatabase } from "./catalogue.suite"
import { makeClubDirectory, makeClubStore } from "./clubs"
import { makeOrderRefundRepo } from "./order-refunds"
import { makeOrderRepo } from "./orders"
import { NOW, newBasket, newCustomer } from "./orders-fixtures"
import { makePromotionUses } from "./promotion-uses"

const HOUR = 3_600_000
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

/**
 * Staff's clubs on a real database (PGlite and PostgreSQL), what needs
 * orders, refunds, triggers or migrations: what the ledgers add up to,
 * payouts that cannot be rewritten, removal only before it earned or while
 * an order is being paid, and the first voucher of an older club. Names,
 * vouchers, the list and the club-perks list are the contract's
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

    it("adds up earned, reversed and paid out, and lists the ledger newest first", async () => {
      const { id } = await newClub()
      const [first, second] = [await anOrder(), await anOrder()]
      const uses = makePromotionUses(db())
      await run(uses.creditClub(id, first, pence(500), NOW))
      await run(uses.creditClub(id, second, pence(300), new Date(NOW.getTime() + 1_000)))
      await run(
        makeOrderRefundRepo(db()).reverseClubCredit(second, new Date(NOW.getTime() + 2_000)),
      )
      await run(
        clubs().recordPayout({
          clubId: id,
          amount: pence(400),
          reference: "BACS 0001",
          at: new Date(NOW.getTime() + 3_000),
          recordedBy: randomUUID(),
        }),
      )
      expect(await run(clubs().byId(id))).toMatchObject({
        earned: 500 + 300,
        reversed: 300,
        paidOut: 400,
        orderCount: 2,
      })
      const ledger = await run(clubs().ledger(id, { pageNumber: 1, pageSize: 3 }))
      expect(ledger.totalCount).toBe(4)
      expect(ledger.items).toEqual([
        expect.objectContaining({
          kind: "Payout",
          amount: -400,
          orderId: null,
          reference: "BACS 0001",
        }),
        expect.objectContaining({ kind: "Reversal", amount: -300, orderId: second }),
        expect.objectContaining({ kind: "Credit", amount: 300, orderId: second }),
      ])
      const rest = await run(clubs().ledger(id, { pageNumber: 2, pageSize: 3 }))
      expect(rest.items).toEqual([expect.objectContaining({ kind: "Credit", orderId: first })])
    })

    it("adds up to the sum of its ledger, whatever was credited, reversed and paid", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({ amount: fc.integer({ min: 1, max: 5_000 }), refunded: fc.boolean() }),
            {
              maxLength: 4,
            },
          ),
          fc.array(fc.integer({ min: 1, max: 2_000 }), { maxLength: 3 }),
          async (credits, payouts) => {
            const { id } = await newClub()
            for (const credit of credits) {
              const orderId = await anOrder()
              await run(makePromotionUses(db()).creditClub(id, orderId, pence(credit.amount), NOW))
              if (credit.refunded)
                await run(makeOrderRefundRepo(db()).reverseClubCredit(orderId, NOW))
            }
            for (const amount of payouts)
              await run(
                clubs().recordPayout({
                  clubId: id,
                  amount: pence(amount),
                  reference: "BACS",
                  at: NOW,
                  recordedBy: randomUUID(),
                }),
              )
            const club = await run(clubs().byId(id))
            const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)
            expect(club).toMatchObject({
              earned: sum(credits.map((c) => c.amount)),
              reversed: sum(credits.filter((c) => c.refunded).map((c) => c.amount)),
              paidOut: sum(payouts),
              orderCount: credits.length,
            })
            const ledger = await run(clubs().ledger(id, { pageNumber: 1, pageSize: 100 }))
            expect(ledger.totalCount).toBe(ledger.items.length)
            expect(sum(ledger.items.map((e) => e.amount))).toBe(
              (club?.earned ?? 0) - (club?.reversed ?? 0) - (club?.paidOut ?? 0),
            )
          },
        ),
        { numRuns: 8 },
      )
    })

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
