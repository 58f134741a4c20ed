import { CategoryNotFound } from "@howzat/core/competitions/errors"
import type { AttributeType, Category } from "@howzat/core/competitions/model"
import {
  CatalogueAdminStore,
  type CatalogueAdminStoreShape,
} from "@howzat/core/ports/catalogue-admin"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { Db } from "../database"
import type { CategoriesTable, Database } from "../schema"
import { runQuery } from "../transactions"
import { containsPattern, isUuid, normalisePage, pageOffset, toPage } from "./shared"

const toCategory = (row: Selectable<CategoriesTable>): Category => ({
  id: row.id,
  name: row.name,
  description: row.description,
  visibilityStatus: row.visibilityStatus,
})

const toAttributeType = (row: { id: string; description: string }): AttributeType => ({
  id: row.id,
  description: row.description,
})

/**
 * Staff's writes to categories and attribute types. Every query runs on
 * the open transaction (runQuery), so the use case's audit entry lands
 * with its change or not at all.
 */
export const makeCatalogueAdminStore = (db: Kysely<Database>): CatalogueAdminStoreShape => ({
  category: (categoryId) =>
    runQuery(db, "catalogueAdmin.category", (q) =>
      isUuid(categoryId)
        ? q.selectFrom("categories").selectAll().where("id", "=", categoryId).executeTakeFirst()
        : Promise.resolve(undefined),
    ).pipe(
      Effect.flatMap((row) =>
        row === undefined
          ? Effect.fail(new CategoryNotFound({ categoryId }))
          : Effect.succeed(toCategory(row)),
      ),
    ),

  insertCategory: (draft) =>
    runQuery(db, "catalogueAdmin.insertCategory", (q) =>
      q.insertInto("categories").values(draft).returningAll().executeTakeFirstOrThrow(),
    ).pipe(Effect.map(toCategory)),

  updateCategory: (categoryId, draft) =>
    runQuery(db, "catalogueAdmin.updateCategory", (q) =>
      q
        .updateTable("categories")
        .set(draft)
        .where("id", "=", categoryId)
        .returningAll()
        .executeTakeFirstOrThrow(),
    ).pipe(Effect.map(toCategory)),

  removeCategory: (categoryId) =>
    runQuery(db, "catalogueAdmin.removeCategory", (q) =>
      // Its links go with it (on delete cascade); the competitions stay.
      q.deleteFrom("categories").where("id", "=", categoryId).execute(),
    ),

  competitionExists: (competitionId) =>
    runQuery(db, "catalogueAdmin.competitionExists", async (q) =>
      isUuid(competitionId)
        ? (await q
            .selectFrom("competitions")
            .select("id")
            .where("id", "=", competitionId)
            .executeTakeFirst()) !== undefined
        : false,
    ),

  link: (categoryId, competitionId) =>
    runQuery(db, "catalogueAdmin.link", async (q) => {
      const inserted = await q
        .insertInto("competitionCategories")
        .values({ categoryId, competitionId })
        .onConflict((oc) => oc.columns(["competitionId", "categoryId"]).doNothing())
        .executeTakeFirst()
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0
    }),

  unlink: (categoryId, competitionId) =>
    runQuery(db, "catalogueAdmin.unlink", async (q) => {
      if (!isUuid(competitionId)) return false
      const removed = await q
        .deleteFrom("competitionCategories")
        .where("categoryId", "=", categoryId)
        .where("competitionId", "=", competitionId)
        .executeTakeFirst()
      return Number(removed.numDeletedRows) > 0
    }),

  attributeTypes: (query) =>
    runQuery(db, "catalogueAdmin.attributeTypes", async (q) => {
      let listed = q.selectFrom("attributeTypes")
      if (query.description)
        listed = listed.where("description", "ilike", containsPattern(query.description))
      const [{ totalCount }, rows] = await Promise.all([
        listed.select((eb) => eb.fn.countAll<number>().as("totalCount")).executeTakeFirstOrThrow(),
        listed
          .select(["id", "description"])
          .orderBy("description")
          .orderBy("id")
          .limit(normalisePage(query.page).pageSize)
          .offset(pageOffset(query.page))
          .execute(),
      ])
      return toPage(query.page, rows.map(toAttributeType), Number(totalCount))
    }),

  attributeType: (id) =>
    runQuery(db, "catalogueAdmin.attributeType", async (q) => {
      if (!isUuid(id)) return null
      const row = await q
        .selectFrom("attributeTypes")
        .select(["id", "description"])
        .where("id", "=", id)
        .executeTakeFirst()
      return row === undefined ? null : toAttributeType(row)
    }),

  otherAttributeDescriptions: (exceptId) =>
    runQuery(db, "catalogueAdmin.otherAttributeDescriptions", async (q) => {
      let others = q.selectFrom("attributeTypes").select("description")
      if (exceptId !== null) others = others.where("id", "<>", exceptId)
      return (await others.execute()).map((r) => r.description)
    }),

  insertAttributeType: (description) =>
    runQuery(db, "catalogueAdmin.insertAttributeType", (q) =>
      q
        .insertInto("attributeTypes")
        .values({ description })
        .returning(["id", "description"])
        .executeTakeFirstOrThrow(),
    ).pipe(Effect.map(toAttributeType)),

  updateAttributeType: (id, description) =>
    runQuery(db, "catalogueAdmin.updateAttributeType", (q) =>
      q
        .updateTable("attributeTypes")
        .set({ description })
        .where("id", "=", id)
        .returning(["id", "description"])
        .executeTakeFirstOrThrow(),
    ).pipe(Effect.map(toAttributeType)),

  removeAttributeType: (id) =>
    runQuery(db, "catalogueAdmin.removeAttributeType", (q) =>
      // Only while unused, in the statement itself: a competition given a value of
      // this type since core counted keeps it rather than losing it to the cascade.
      q
        .deleteFrom("attributeTypes")
        .where("id", "=", id)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("competitionAttributes")
                .select("attributeTypeId")
                .whereRef("competitionAttributes.attributeTypeId", "=", "attributeTypes.id"),
            ),
          ),
        )
        .execute(),
    ),

  attributeTypeUses: (id) =>
    runQuery(db, "catalogueAdmin.attributeTypeUses", async (q) => {
      const { uses } = await q
        .selectFrom("competitionAttributes")
        .select((eb) => eb.fn.countAll<number>().as("uses"))
        .where("attributeTypeId", "=", id)
        .executeTakeFirstOrThrow()
      return Number(uses)
    }),
})

export const CatalogueAdminStoreLive: Layer.Layer<CatalogueAdminStore, never, Db> = Layer.effect(
  CatalogueAdminStore,
  Effect.map(Db, makeCatalogueAdminStore),
)
