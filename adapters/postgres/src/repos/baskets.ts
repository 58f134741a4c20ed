import { BasketItemNotFound, BasketNotFound } from "@howzat/core/orders/errors"
import type { Basket, Promotion } from "@howzat/core/orders/model"
import { BasketRepo, type BasketRepoShape } from "@howzat/core/ports/orders"
import { pence } from "@howzat/core/rules/money"
import { Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { atomically, runQuery } from "../transactions"
import { isUuid } from "./shared"

const loadBasket = async (q: Kysely<Database>, basketId: string): Promise<Basket | undefined> => {
  // A malformed id from a URL or local storage is just a basket that doesn't exist.
  if (!isUuid(basketId)) return undefined
  const row = await q
    .selectFrom("baskets")
    .selectAll()
    .where("id", "=", basketId)
    .executeTakeFirst()
  if (row === undefined) return undefined
  const items = await q
    .selectFrom("basketItems")
    .select(["id", "competitionId", "quantity"])
    .where("basketId", "=", basketId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute()
  const codes = await q
    .selectFrom("basketPromotions")
    .innerJoin("promotions", "promotions.id", "basketPromotions.promotionId")
    .select("promotions.code")
    .where("basketPromotions.basketId", "=", basketId)
    .orderBy("basketPromotions.position")
    .execute()
  return {
    id: row.id,
    customerId: row.customerId,
    items,
    promotionCodes: codes.map((c) => c.code),
    autoRoundup: row.autoRoundup,
    siteCreditRequested: pence(row.siteCreditRequestedPence),
  }
}

const found =
  (basketId: string) =>
  (basket: Basket | undefined): Effect.Effect<Basket, BasketNotFound> =>
    basket === undefined ? Effect.fail(new BasketNotFound({ basketId })) : Effect.succeed(basket)

/** Runs `change` only if the basket exists, then reads it back, all in one transaction. */
const changeBasket = (
  db: Kysely<Database>,
  operation: string,
  basketId: string,
  change: (trx: Kysely<Database>) => Promise<unknown>,
) =>
  runQuery(db, operation, (executor) =>
    atomically(executor, async (trx) => {
      if (!isUuid(basketId)) return undefined
      const exists = await trx
        .selectFrom("baskets")
        .select("id")
        .where("id", "=", basketId)
        .forUpdate()
        .executeTakeFirst()
      if (exists === undefined) return undefined
      await change(trx)
      await trx
        .updateTable("baskets")
        .set({ updatedAt: new Date() })
        .where("id", "=", basketId)
        .execute()
      return loadBasket(trx, basketId)
    }),
  ).pipe(Effect.flatMap(found(basketId)))

const toPromotion = (row: {
  code: string
  description: string
  discountKind: "Percentage" | "Fixed"
  percent: number | null
  amountPence: number | null
  competitionId: string | null
  validFrom: Date | null
  validTo: Date | null
  usageLimit: number | null
  usageCount: number
}): Promotion => ({
  code: row.code,
  description: row.description,
  // The table's check constraint guarantees the matching column is set.
  discount:
    row.discountKind === "Percentage"
      ? { kind: "Percentage", percent: row.percent ?? 0 }
      : { kind: "Fixed", amount: pence(row.amountPence ?? 0) },
  competitionId: row.competitionId,
  validFrom: row.validFrom,
  validTo: row.validTo,
  usageLimit: row.usageLimit,
  usageCount: row.usageCount,
})

export const makeBasketRepo = (db: Kysely<Database>): BasketRepoShape => ({
  create: (customerId) =>
    runQuery(db, "baskets.create", async (q) => {
      const { id } = await q
        .insertInto("baskets")
        .values({ customerId })
        .returning("id")
        .executeTakeFirstOrThrow()
      return { id }
    }).pipe(
      Effect.flatMap(({ id }) => runQuery(db, "baskets.byId", (q) => loadBasket(q, id))),
      Effect.flatMap((basket) =>
        basket === undefined
          ? Effect.die("A basket vanished right after it was created")
          : Effect.succeed(basket),
      ),
    ),

  byId: (basketId) =>
    runQuery(db, "baskets.byId", (q) => loadBasket(q, basketId)).pipe(
      Effect.flatMap(found(basketId)),
    ),

  setItem: (basketId, competitionId, quantity) =>
    changeBasket(db, "baskets.setItem", basketId, (trx) =>
      trx
        .insertInto("basketItems")
        .values({ basketId, competitionId, quantity })
        .onConflict((oc) => oc.columns(["basketId", "competitionId"]).doUpdateSet({ quantity }))
        .execute(),
    ),

  removeItem: (basketId, itemId) =>
    runQuery(db, "baskets.removeItem", async (q) => {
      const basket = await loadBasket(q, basketId)
      if (basket === undefined) return { basket, deleted: false }
      const deleted = basket.items.some((item) => item.id === itemId)
      if (deleted) await q.deleteFrom("basketItems").where("id", "=", itemId).execute()
      return {
        basket: { ...basket, items: basket.items.filter((item) => item.id !== itemId) },
        deleted,
      }
    }).pipe(
      Effect.flatMap(
        ({ basket, deleted }): Effect.Effect<Basket, BasketNotFound | BasketItemNotFound> =>
          basket === undefined
            ? Effect.fail(new BasketNotFound({ basketId }))
            : deleted
              ? Effect.succeed(basket)
              : Effect.fail(new BasketItemNotFound({ basketId, itemId })),
      ),
    ),

  setPromotionCodes: (basketId, codes) =>
    changeBasket(db, "baskets.setPromotionCodes", basketId, async (trx) => {
      await trx.deleteFrom("basketPromotions").where("basketId", "=", basketId).execute()
      if (codes.length === 0) return
      const promotions = await trx
        .selectFrom("promotions")
        .select(["id", "code"])
        .where("code", "in", codes)
        .execute()
      const byCode = new Map(promotions.map((p) => [p.code, p.id]))
      const rows = codes.flatMap((code, position) => {
        const promotionId = byCode.get(code)
        return promotionId === undefined ? [] : [{ basketId, promotionId, position }]
      })
      if (rows.length > 0) await trx.insertInto("basketPromotions").values(rows).execute()
    }),

  setExtras: (basketId, extras) =>
    changeBasket(db, "baskets.setExtras", basketId, (trx) =>
      trx
        .updateTable("baskets")
        .set({
          autoRoundup: extras.autoRoundup,
          siteCreditRequestedPence: Math.max(0, extras.siteCreditRequested),
        })
        .where("id", "=", basketId)
        .execute(),
    ),

  setCustomer: (basketId, customerId) =>
    changeBasket(db, "baskets.setCustomer", basketId, (trx) =>
      trx.updateTable("baskets").set({ customerId }).where("id", "=", basketId).execute(),
    ),

  promotionByCode: (code) =>
    runQuery(db, "promotions.byCode", (q) =>
      q.selectFrom("promotions").selectAll().where("code", "=", code).executeTakeFirst(),
    ).pipe(Effect.map((row) => (row === undefined ? null : toPromotion(row)))),
})

export const BasketRepoLive: Layer.Layer<BasketRepo, never, Db> = Layer.effect(
  BasketRepo,
  Effect.map(Db, makeBasketRepo),
)
