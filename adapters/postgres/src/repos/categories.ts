import { type Category, CategoryNotFound } from "@howzat/core/competitions"
import { CategoryRepo, type CategoryRepoShape } from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { Db } from "../database"
import type { CategoriesTable, Database } from "../schema"
import { attempt, containsPattern, isUuid, normalisePage, pageOffset, toPage } from "./shared"

const toCategory = (row: Selectable<CategoriesTable>): Category => ({
  id: row.id,
  name: row.name,
  description: row.description,
  visibilityStatus: row.visibilityStatus,
})

export const makeCategoryRepo = (db: Kysely<Database>): CategoryRepoShape => ({
  list: (query) =>
    attempt("categories.list", async () => {
      let q = db.selectFrom("categories")
      if (query.visibleOnly) q = q.where("visibilityStatus", "=", "Visible")
      if (query.hiddenOnly) q = q.where("visibilityStatus", "=", "Hidden")
      if (query.name) q = q.where("name", "ilike", containsPattern(query.name))
      if (query.description) q = q.where("description", "ilike", containsPattern(query.description))
      const [{ totalCount }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as("totalCount")).executeTakeFirstOrThrow(),
        q
          .selectAll()
          .orderBy("name")
          .orderBy("id")
          .limit(normalisePage(query.page).pageSize)
          .offset(pageOffset(query.page))
          .execute(),
      ])
      return toPage(query.page, rows.map(toCategory), Number(totalCount))
    }),

  byId: (categoryId, { visibleOnly }) =>
    Effect.gen(function* () {
      if (!isUuid(categoryId)) return yield* new CategoryNotFound({ categoryId })
      const row = yield* attempt("categories.byId", () => {
        let q = db.selectFrom("categories").selectAll().where("id", "=", categoryId)
        if (visibleOnly) q = q.where("visibilityStatus", "=", "Visible")
        return q.executeTakeFirst()
      })
      return row ? toCategory(row) : yield* new CategoryNotFound({ categoryId })
    }),
})

export const CategoryRepoLive: Layer.Layer<CategoryRepo, never, Db> = Layer.effect(
  CategoryRepo,
  Effect.map(Db, makeCategoryRepo),
)
