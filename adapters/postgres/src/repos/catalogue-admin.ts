import {
  type AttributeType,
  type Category,
  CategoryNameTaken,
  CategoryNotFound,
} from "@howzat/core/competitions"
import { CatalogueAdminStore, type CatalogueAdminStoreShape } from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { Db } from "../database"
import type { CategoriesTable, Database } from "../schema"
import { runQuery } from "../transactions"
import { containsPattern, isUuid, normalisePage, pageOffset, toPage } from "./shared"
import { isUniqueViolation } from "./users"

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
 * Core checks a category's name is free before it writes; two saves racing
 * each other both pass that check, and categories_name_unique_idx (on
 * lower(btrim(name))) refuses the second. Its unique violation is that
 * refusal; the transaction it aborted is rolled back as the use case fails.
 */
const nameTakenOnUniqueViolation = async <A>(write: Promise<A>): Promise<A | "NameTaken"> => {
  try {
    return await write
  } catch (error) {
    if (isUniqueViolation(error)) return "NameTaken"
    throw error
  }
}

const categoryOrNameTaken = (name: string) => (row: Selectable<CategoriesTable> | "NameTaken") =>
  row === "NameTaken"
    ? Effect.fail(new CategoryNameTaken({ name }))
    : Effect.succeed(toCategory(row))

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
      nameTakenOnUniqueViolation(
        q.insertInto("categories").values(draft).returningAll().executeTakeFirstOrThrow(),
      ),
    ).pipe(Effect.flatMap(categoryOrNameTaken(draft.name))),

  updateCategory: (categoryId, draft) =>
    runQuery(db, "catalogueAdmin.updateCategory", (q) =>
      nameTakenOnUniqueViolation(
        q
          .updateTable("categories")
          .set(draft)
          .where("id", "=", categoryId)
          .returningAll()
          .executeTakeFirstOrThrow(),
      ),
    ).pipe(Effect.flatMap(categoryOrNameTaken(draft.name))),

  otherCategoryNames: (exceptId) =>
    runQuery(db, "catalogueAdmin.otherCategoryNames", async (q) => {
      let others = q.selectFrom("categories").select("name")
      if (exceptId !== null && isUuid(exceptId)) others = others.where("id", "<>", exceptId)
      return (await others.execute()).map((r) => r.name)
    }),

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
