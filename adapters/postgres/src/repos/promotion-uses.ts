import { PromotionUses, type PromotionUsesShape } from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { atomically, runQuery } from "../transactions"
import { toPromotion } from "./baskets"
import { isUuid } from "./shared"

const heldCodes = async (q: Kysely<Database>, orderId: string) =>
  (
    await q
      .selectFrom("promotionUses")
      .innerJoin("promotions", "promotions.id", "promotionUses.promotionId")
      .select("promotions.code")
      .where("promotionUses.orderId", "=", orderId)
      .orderBy("promotions.code")
      .execute()
  ).map((row) => row.code)

const usesBy = async (q: Kysely<Database>, promotionId: string, customerId: string) =>
  Number(
    (
      await q
        .selectFrom("promotionUses")
        .select((eb) => eb.fn.countAll<string>().as("uses"))
        .where("promotionId", "=", promotionId)
        .where("customerId", "=", customerId)
        .executeTakeFirstOrThrow()
    ).uses,
  )

export const makePromotionUses = (db: Kysely<Database>): PromotionUsesShape => ({
  holdForCheckout: (code, customerId) =>
    runQuery(db, "promotionUses.holdForCheckout", async (q) => {
      // The row lock first, then the count: under READ COMMITTED the count,
      // a statement of its own after any wait, sees the uses of the checkout
      // that held the lock before.
      const row = await q
        .selectFrom("promotions")
        .selectAll()
        .where("code", "=", code)
        .forUpdate()
        .executeTakeFirst()
      if (row === undefined) return null
      const customerUses = isUuid(customerId) ? await usesBy(q, row.id, customerId) : 0
      return { promotion: toPromotion(row), customerUses }
    }),

  customerUses: (code, customerId) =>
    runQuery(db, "promotionUses.customerUses", async (q) => {
      if (!isUuid(customerId)) return 0
      const row = await q
        .selectFrom("promotions")
        .select("id")
        .where("code", "=", code)
        .executeTakeFirst()
      return row === undefined ? 0 : usesBy(q, row.id, customerId)
    }),

  claim: (orderId, codes) =>
    runQuery(db, "promotionUses.claim", (executor) =>
      atomically(executor, async (trx) => {
        const held = await heldCodes(trx, orderId)
        if (held.length > 0) return held
        // The order's customer, read from the order so no caller can name another.
        const { customerId } = await trx
          .selectFrom("orders")
          .select("customerId")
          .where("id", "=", orderId)
          .executeTakeFirstOrThrow()
        const claimed: string[] = []
        for (const code of codes) {
          // The limit is checked and the count taken in one statement; the
          // row lock makes a racing checkout wait, then see the new count.
          const counted = await trx
            .updateTable("promotions")
            .set({ usageCount: sql`usage_count + 1` })
            .where("code", "=", code)
            .where((eb) =>
              eb.or([eb("usageLimit", "is", null), eb("usageCount", "<", eb.ref("usageLimit"))]),
            )
            .returning("id")
            .executeTakeFirst()
          if (counted === undefined) continue
          await trx
            .insertInto("promotionUses")
            .values({ orderId, promotionId: counted.id, customerId })
            .execute()
          claimed.push(code)
        }
        return claimed
      }),
    ),

  release: (orderId) =>
    runQuery(db, "promotionUses.release", (executor) =>
      atomically(executor, async (trx) => {
        if (!isUuid(orderId)) return 0
        // Deleting is what makes it once: a second release finds nothing to give back.
        const released = await trx
          .deleteFrom("promotionUses")
          .where("orderId", "=", orderId)
          .returning("promotionId")
          .execute()
        if (released.length === 0) return 0
        await trx
          .updateTable("promotions")
          .set({ usageCount: sql`usage_count - 1` })
          .where(
            "id",
            "in",
            released.map((row) => row.promotionId),
          )
          .execute()
        return released.length
      }),
    ),

  clubsOf: (orderId) =>
    runQuery(db, "promotionUses.clubsOf", async (q) => {
      if (!isUuid(orderId)) return []
      const rows = await q
        .selectFrom("promotionUses")
        .innerJoin("promotions", "promotions.id", "promotionUses.promotionId")
        .select("promotions.clubId")
        .where("promotionUses.orderId", "=", orderId)
        .where("promotions.clubId", "is not", null)
        .execute()
      return rows.flatMap((row) => (row.clubId === null ? [] : [row.clubId]))
    }),

  creditClub: (clubId, orderId, amount, at) =>
    runQuery(db, "clubCredit.credit", async (q) => {
      const inserted = await q
        .insertInto("clubCreditEntries")
        .values({ clubId, orderId, amountPence: amount, createdAt: at, reversal: false })
        .onConflict((oc) => oc.columns(["clubId", "orderId", "reversal"]).doNothing())
        .returning("id")
        .executeTakeFirst()
      return inserted !== undefined
    }),
})

export const PromotionUsesLive: Layer.Layer<PromotionUses, never, Db> = Layer.effect(
  PromotionUses,
  Effect.map(Db, makePromotionUses),
)
