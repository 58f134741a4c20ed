import { PromotionStore, type PromotionStoreShape, type StaffPromotion } from "@howzat/core/ports"
import type { PromotionDraft } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { Db } from "../database"
import type { Database, PromotionsTable } from "../schema"
import { runQuery } from "../transactions"
import { toPromotion } from "./baskets"
import { containsPattern, isUuid, normalisePage, pageOffset, toPage } from "./shared"
import { isUniqueViolation } from "./users"

const toStaffPromotion = (row: Selectable<PromotionsTable>): StaffPromotion => ({
  ...toPromotion(row),
  id: row.id,
  createdAt: row.createdAt,
})

/** A voucher's columns in the promotions table (shared with the test fixtures' seeding). */
export const promotionColumns = (draft: PromotionDraft) => ({
  code: draft.code,
  description: draft.description,
  discountKind: draft.discount.kind,
  percent: draft.discount.kind === "Percentage" ? draft.discount.percent : null,
  amountPence: draft.discount.kind === "Fixed" ? draft.discount.amount : null,
  competitionId: draft.competitionId,
  validFrom: draft.validFrom,
  validTo: draft.validTo,
  usageLimit: draft.usageLimit,
  perCustomerLimit: draft.perCustomerLimit,
  minimumSpendPence: draft.minimumSpend,
  freeEntry: draft.freeEntry,
  clubId: draft.clubId,
})

/** The code's unique index decides a race between two staff saving the same code. */
const orCodeTaken = async (write: () => Promise<Selectable<PromotionsTable>>) => {
  try {
    return toStaffPromotion(await write())
  } catch (error) {
    if (isUniqueViolation(error)) return "CodeTaken" as const
    throw error
  }
}

export const makePromotionStore = (db: Kysely<Database>): PromotionStoreShape => ({
  list: (query) =>
    runQuery(db, "promotions.list", async (q) => {
      let base = q.selectFrom("promotions")
      if (query.code) base = base.where("code", "ilike", containsPattern(query.code))
      const { pageSize } = normalisePage(query.page)
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy("createdAt", "desc")
          .orderBy("id")
          .limit(pageSize)
          .offset(pageOffset(query.page))
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
      ])
      return toPage(query.page, rows.map(toStaffPromotion), Number(count.n))
    }),
  held: (id) =>
    runQuery(db, "promotions.held", async (q) => {
      if (!isUuid(id)) return null
      const row = await q
        .selectFrom("promotions")
        .selectAll()
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst()
      return row === undefined ? null : toStaffPromotion(row)
    }),
  insert: (draft) =>
    runQuery(db, "promotions.insert", (q) =>
      orCodeTaken(() =>
        q
          .insertInto("promotions")
          .values(promotionColumns(draft))
          .returningAll()
          .executeTakeFirstOrThrow(),
      ),
    ),
  update: (id, draft) =>
    runQuery(db, "promotions.update", (q) =>
      orCodeTaken(() =>
        q
          .updateTable("promotions")
          .set(promotionColumns(draft))
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      ),
    ),
  removeUnused: (id) =>
    runQuery(db, "promotions.removeUnused", async (q) => {
      if (!isUuid(id)) return false
      // Baskets that merely registered the code lose it (their rows cascade); uses keep it.
      const removed = await q
        .deleteFrom("promotions")
        .where("id", "=", id)
        .where("usageCount", "=", 0)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("promotionUses")
                .select("orderId")
                .whereRef("promotionId", "=", "promotions.id"),
            ),
          ),
        )
        .executeTakeFirst()
      return Number(removed.numDeletedRows) === 1
    }),
  competitionExists: (id) =>
    runQuery(db, "promotions.competitionExists", async (q) =>
      isUuid(id)
        ? (await q
            .selectFrom("competitions")
            .select("id")
            .where("id", "=", id)
            .executeTakeFirst()) !== undefined
        : false,
    ),
  clubExists: (id) =>
    runQuery(db, "promotions.clubExists", async (q) =>
      isUuid(id)
        ? (await q.selectFrom("clubs").select("id").where("id", "=", id).executeTakeFirst()) !==
          undefined
        : false,
    ),
})

export const PromotionStoreLive: Layer.Layer<PromotionStore, never, Db> = Layer.effect(
  PromotionStore,
  Effect.map(Db, makePromotionStore),
)
