import type { RepositoryError } from "@howzat/core/competitions"
import type { Basket, Promotion } from "@howzat/core/orders"
import { BasketCheckedOut, BasketItemNotFound, BasketNotFound } from "@howzat/core/orders"
import { type BasketKey, BasketRepo, type BasketRepoShape } from "@howzat/core/ports"
import type { BasketContents } from "@howzat/core/rules"
import { mayUseBasketOwnedBy, pence } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { Db } from "../database"
import type { Database, PromotionsTable } from "../schema"
import { atomically, runQuery } from "../transactions"
import { isUuid } from "./shared"

/**
 * Takes the basket's row lock (until the transaction ends), then reads it.
 * Two statements on purpose: under READ COMMITTED a statement that waited
 * for the lock still reads other tables as they were when it began, so only
 * a statement after the wait sees the order a checkout has just committed.
 */
const holdBasket = async (trx: Kysely<Database>, basketId: string) => {
  if (!isUuid(basketId)) return undefined
  const locked = await trx
    .selectFrom("baskets")
    .select("id")
    .where("id", "=", basketId)
    .forUpdate()
    .executeTakeFirst()
  return locked === undefined ? undefined : loadBasket(trx, basketId)
}

interface HeldBasketRow extends Selectable<Database["baskets"]> {
  readonly orderId: string | null
  /** False when the basket's row changed while the lock was awaited. */
  readonly fresh: boolean
  readonly itemsJson: readonly { id: string; competitionId: string; quantity: number }[]
  readonly codesJson: readonly string[]
}

/**
 * Checkout's hold: the lock and the whole basket in one statement. The
 * statement reads the items, codes and order as they were when it began;
 * if it had to wait for the lock, they may have changed since. Every change
 * to a basket's items, codes or owner also updates its row (changeBasket),
 * so comparing the locked row's version (the newest, which a locking read
 * returns) with the version the statement began with tells: when they
 * differ, the basket is read again, after the wait. An order committed by a
 * checkout the hold waited for may still be missed (checkout does not update
 * the row): the order's insert then meets it on the unique index and returns
 * it (OrderRepo.createForBasket), so the basket is never checked out twice.
 */
const holdBasketForCheckout = async (trx: Kysely<Database>, basketId: string) => {
  if (!isUuid(basketId)) return undefined
  const { rows } = await sql<HeldBasketRow>`
    select b.*,
      (select o.id from orders o where o.basket_id = b.id) as "orderId",
      coalesce(b.xmin = (select s.xmin from baskets s where s.id = b.id), false) as "fresh",
      coalesce((select json_agg(json_build_object(
          'id', i.id, 'competitionId', i.competition_id, 'quantity', i.quantity)
          order by i.created_at, i.id)
        from basket_items i where i.basket_id = b.id), '[]'::json) as "itemsJson",
      coalesce((select json_agg(p.code order by bp.position)
        from basket_promotions bp join promotions p on p.id = bp.promotion_id
        where bp.basket_id = b.id), '[]'::json) as "codesJson"
    from baskets b where b.id = ${basketId}
    for update of b
  `.execute(trx)
  const row = rows[0]
  if (row === undefined) return undefined
  if (!row.fresh) return loadBasket(trx, basketId)
  return {
    id: row.id,
    customerId: row.customerId,
    items: row.itemsJson,
    promotionCodes: row.codesJson,
    autoRoundup: row.autoRoundup,
    siteCreditRequested: pence(row.siteCreditRequestedPence),
    siteCreditPurchase: pence(row.siteCreditPurchasePence),
    orderId: row.orderId ?? null,
  } satisfies Basket
}

const loadBasket = async (q: Kysely<Database>, basketId: string): Promise<Basket | undefined> => {
  // A malformed id from a URL or local storage is just a basket that doesn't exist.
  if (!isUuid(basketId)) return undefined
  const row = await q
    .selectFrom("baskets")
    .selectAll("baskets")
    .select((eb) =>
      eb
        .selectFrom("orders")
        .select("orders.id")
        .whereRef("orders.basketId", "=", "baskets.id")
        .as("orderId"),
    )
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
    siteCreditPurchase: pence(row.siteCreditPurchasePence),
    orderId: row.orderId ?? null,
  }
}

const found =
  (basketId: string) =>
  (basket: Basket | undefined): Effect.Effect<Basket, BasketNotFound> =>
    basket === undefined ? Effect.fail(new BasketNotFound({ basketId })) : Effect.succeed(basket)

type Changed =
  | { readonly kind: "missing" }
  | { readonly kind: "checkedOut"; readonly orderId: string }
  | { readonly kind: "changed"; readonly basket: Basket }

/**
 * Runs `change` only if the basket exists, still has the owner the caller
 * expects and has not been checked out, then reads it back, all in one
 * transaction. The basket's row lock is what checkout and a claim hold too,
 * so both stay true until this change commits.
 */
const changeBasket = (
  db: Kysely<Database>,
  operation: string,
  basketId: string,
  ownerMayBe: (owner: string | null) => boolean,
  change: (trx: Kysely<Database>) => Promise<unknown>,
): Effect.Effect<Basket, BasketNotFound | BasketCheckedOut | RepositoryError> =>
  runQuery(db, operation, (executor) =>
    atomically(executor, async (trx): Promise<Changed> => {
      const held = await holdBasket(trx, basketId)
      if (held === undefined || !ownerMayBe(held.customerId)) return { kind: "missing" }
      if (held.orderId !== null) return { kind: "checkedOut", orderId: held.orderId }
      await change(trx)
      await trx
        .updateTable("baskets")
        .set({ updatedAt: new Date() })
        .where("id", "=", basketId)
        .execute()
      const basket = await loadBasket(trx, basketId)
      return basket === undefined ? { kind: "missing" } : { kind: "changed", basket }
    }),
  ).pipe(
    Effect.flatMap(
      (changed): Effect.Effect<Basket, BasketNotFound | BasketCheckedOut> =>
        changed.kind === "changed"
          ? Effect.succeed(changed.basket)
          : changed.kind === "missing"
            ? Effect.fail(new BasketNotFound({ basketId }))
            : Effect.fail(new BasketCheckedOut({ basketId, orderId: changed.orderId })),
    ),
  )

/** A change for the basket as core found it: only while its owner is still the same. */
const changeKeyed = (
  db: Kysely<Database>,
  operation: string,
  key: BasketKey,
  change: (trx: Kysely<Database>) => Promise<unknown>,
) => changeBasket(db, operation, key.basketId, (owner) => owner === key.owner, change)

/** The basket's codes become `codes`, in order; codes of no promotion are dropped. */
const writePromotionCodes = async (
  trx: Kysely<Database>,
  basketId: string,
  codes: readonly string[],
) => {
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
}

/**
 * Baskets.follow's merge: both rows locked in id order (two devices merging
 * the same pair at once wait for each other rather than deadlock), then
 * both read after the wait. The emptied basket is written first, so the
 * merged one is the last changed (openOf lists it first).
 */
const absorbBasket = async (
  trx: Kysely<Database>,
  into: BasketKey,
  fromBasketId: string,
  combine: (into: Basket, from: Basket) => BasketContents,
): Promise<Changed> => {
  const ids = [into.basketId, fromBasketId].filter(isUuid).sort()
  if (!ids.includes(into.basketId)) return { kind: "missing" }
  await trx
    .selectFrom("baskets")
    .select("id")
    .where("id", "in", ids)
    .orderBy("id")
    .forUpdate()
    .execute()
  const target = await loadBasket(trx, into.basketId)
  if (target === undefined || target.customerId !== into.owner) return { kind: "missing" }
  if (target.orderId !== null) return { kind: "checkedOut", orderId: target.orderId }
  const source = fromBasketId === into.basketId ? undefined : await loadBasket(trx, fromBasketId)
  if (source === undefined || source.customerId !== into.owner || source.orderId !== null)
    return { kind: "changed", basket: target }
  const contents = combine(target, source)
  const emptied = new Date()
  await trx.deleteFrom("basketItems").where("basketId", "=", source.id).execute()
  await trx.deleteFrom("basketPromotions").where("basketId", "=", source.id).execute()
  await trx
    .updateTable("baskets")
    .set({ siteCreditPurchasePence: 0, updatedAt: emptied })
    .where("id", "=", source.id)
    .execute()
  const kept = contents.items.map((line) => line.competitionId)
  let removed = trx.deleteFrom("basketItems").where("basketId", "=", target.id)
  if (kept.length > 0) removed = removed.where("competitionId", "not in", kept)
  await removed.execute()
  for (const { competitionId, quantity } of contents.items)
    await trx
      .insertInto("basketItems")
      .values({ basketId: target.id, competitionId, quantity })
      .onConflict((oc) => oc.columns(["basketId", "competitionId"]).doUpdateSet({ quantity }))
      .execute()
  await writePromotionCodes(trx, target.id, contents.promotionCodes)
  await trx
    .updateTable("baskets")
    .set({
      siteCreditPurchasePence: Math.max(0, contents.siteCreditPurchase),
      updatedAt: new Date(emptied.getTime() + 1),
    })
    .where("id", "=", target.id)
    .execute()
  const merged = await loadBasket(trx, target.id)
  return merged === undefined ? { kind: "missing" } : { kind: "changed", basket: merged }
}

/** A promotions row as core's Promotion. */
export const toPromotion = (row: Selectable<PromotionsTable>): Promotion => ({
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
  minimumSpend: row.minimumSpendPence === null ? null : pence(row.minimumSpendPence),
  perCustomerLimit: row.perCustomerLimit,
  freeEntry: row.freeEntry,
  clubId: row.clubId,
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

  holdForCheckout: (basketId) =>
    runQuery(db, "baskets.holdForCheckout", (q) => holdBasketForCheckout(q, basketId)).pipe(
      Effect.flatMap(found(basketId)),
    ),

  setItem: (key, competitionId, quantity) =>
    changeKeyed(db, "baskets.setItem", key, (trx) =>
      trx
        .insertInto("basketItems")
        .values({ basketId: key.basketId, competitionId, quantity })
        .onConflict((oc) => oc.columns(["basketId", "competitionId"]).doUpdateSet({ quantity }))
        .execute(),
    ),

  removeItem: (key, itemId) => {
    const { basketId } = key
    // Whether this run of the change found the item (a malformed id never does).
    let removed = false
    return changeKeyed(db, "baskets.removeItem", key, async (trx) => {
      removed = false
      if (!isUuid(itemId)) return
      const deleted = await trx
        .deleteFrom("basketItems")
        .where("id", "=", itemId)
        .where("basketId", "=", basketId)
        .returning("id")
        .executeTakeFirst()
      removed = deleted !== undefined
    }).pipe(
      Effect.filterOrFail(
        () => removed,
        () => new BasketItemNotFound({ basketId, itemId }),
      ),
    )
  },

  setPromotionCodes: (key, codes) =>
    changeKeyed(db, "baskets.setPromotionCodes", key, (trx) =>
      writePromotionCodes(trx, key.basketId, codes),
    ),

  setExtras: (key, extras) =>
    changeKeyed(db, "baskets.setExtras", key, (trx) =>
      trx
        .updateTable("baskets")
        .set({
          autoRoundup: extras.autoRoundup,
          siteCreditRequestedPence: Math.max(0, extras.siteCreditRequested),
        })
        .where("id", "=", key.basketId)
        .execute(),
    ),

  setSiteCreditPurchase: (key, amount) =>
    changeKeyed(db, "baskets.setSiteCreditPurchase", key, (trx) =>
      trx
        .updateTable("baskets")
        .set({ siteCreditPurchasePence: Math.max(0, amount) })
        .where("id", "=", key.basketId)
        .execute(),
    ),

  // Who may claim is core's rule (mayUseBasketOwnedBy), asked again here of
  // the owner under the basket's lock; the baskets contract holds it.
  claim: (basketId, customerId) =>
    changeBasket(
      db,
      "baskets.claim",
      basketId,
      (owner) => mayUseBasketOwnedBy(customerId, owner),
      (trx) => trx.updateTable("baskets").set({ customerId }).where("id", "=", basketId).execute(),
    ),

  openOf: (customerId, limit) =>
    runQuery(db, "baskets.openOf", async (q) => {
      if (!isUuid(customerId) || limit <= 0) return []
      const rows = await q
        .selectFrom("baskets")
        .select("id")
        .where("customerId", "=", customerId)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("orders")
                .select("orders.id")
                .whereRef("orders.basketId", "=", "baskets.id"),
            ),
          ),
        )
        .orderBy("updatedAt", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute()
      const found = await Promise.all(rows.map((row) => loadBasket(q, row.id)))
      return found.filter((basket): basket is Basket => basket !== undefined)
    }),

  absorb: (into, fromBasketId, combine) =>
    runQuery(db, "baskets.absorb", (executor) =>
      atomically(executor, (trx) => absorbBasket(trx, into, fromBasketId, combine)),
    ).pipe(
      Effect.flatMap(
        (changed): Effect.Effect<Basket, BasketNotFound | BasketCheckedOut> =>
          changed.kind === "changed"
            ? Effect.succeed(changed.basket)
            : changed.kind === "missing"
              ? Effect.fail(new BasketNotFound({ basketId: into.basketId }))
              : Effect.fail(
                  new BasketCheckedOut({ basketId: into.basketId, orderId: changed.orderId }),
                ),
      ),
    ),

  // Checkout's own change, in its transaction that holds the basket since
  // holdForCheckout: the order it just created must not refuse it.
  recordBought: (basketId, bought) =>
    runQuery(db, "baskets.recordBought", (executor) =>
      atomically(executor, async (trx) => {
        for (const { competitionId, quantity } of bought) {
          if (quantity > 0)
            await trx
              .updateTable("basketItems")
              .set({ quantity })
              .where("basketId", "=", basketId)
              .where("competitionId", "=", competitionId)
              .execute()
          else
            await trx
              .deleteFrom("basketItems")
              .where("basketId", "=", basketId)
              .where("competitionId", "=", competitionId)
              .execute()
        }
        return loadBasket(trx, basketId)
      }),
    ).pipe(Effect.flatMap(found(basketId))),

  promotionByCode: (code) =>
    runQuery(db, "promotions.byCode", (q) =>
      q.selectFrom("promotions").selectAll().where("code", "=", code).executeTakeFirst(),
    ).pipe(Effect.map((row) => (row === undefined ? null : toPromotion(row)))),
})

export const BasketRepoLive: Layer.Layer<BasketRepo, never, Db> = Layer.effect(
  BasketRepo,
  Effect.map(Db, makeBasketRepo),
)
