/**
 * Staff's categories and attribute types in memory (CatalogueAdminStore),
 * over the staff catalogue of catalogue-admin-doubles. It refuses what the
 * database refuses (a second type with the same description, a link to
 * something missing, an update of nothing) as a RepositoryError, and keeps
 * links on the competitions themselves, so the storefront's reads see them.
 * test/contracts/catalogue-admin.* holds it to the Postgres adapter.
 */
import { Effect } from "effect"
import type { CatalogueAdminStoreShape } from "../ports/catalogue-admin.js"
import type { LockedCompetition } from "../ports/competition-admin.js"
import { sameCategoryName } from "../rules/catalogue-admin.js"
import { matchesSearchText, memoryPage } from "../testing/paging.js"
import type { MemoryCatalogue } from "./catalogue-admin-doubles.js"
import { CategoryNameTaken, CategoryNotFound, RepositoryError } from "./errors.js"
import type { AttributeType, Category } from "./model.js"

let ids = 0
const newId = () => {
  ids += 1
  return `00000000-0000-4000-b000-${String(ids).padStart(12, "0")}`
}

const refused = (operation: string, cause: string) =>
  Effect.fail(new RepositoryError({ operation: `catalogueAdmin.${operation}`, cause }))

const byDescription = (a: AttributeType, b: AttributeType) =>
  a.description < b.description ? -1 : a.description > b.description ? 1 : a.id < b.id ? -1 : 1

export const makeMemoryCatalogueAdminStore = (
  memory: MemoryCatalogue,
): CatalogueAdminStoreShape => {
  const category = (id: string) => memory.categories.find((c) => c.id === id)
  const competition = (id: string) => memory.competitions.find((c) => c.id === id)
  const type = (id: string) => memory.attributeTypes.find((t) => t.id === id)
  /** What the database's unique index on lower(btrim(name)) refuses. */
  const nameTwin = (name: string, exceptId: string | null) =>
    memory.categories.find((c) => c.id !== exceptId && sameCategoryName(c.name, name))
  const descriptionTaken = (description: string, exceptId: string | null) =>
    memory.attributeTypes.some((t) => t.description === description && t.id !== exceptId)
  const relink = (id: string, categoryIds: (ids: readonly string[]) => readonly string[]) => {
    memory.competitions = memory.competitions.map(
      (c): LockedCompetition =>
        c.id === id ? { ...c, categoryIds: categoryIds(c.categoryIds) } : c,
    )
  }

  return {
    category: (categoryId) =>
      Effect.suspend(() => {
        const found = category(categoryId)
        return found === undefined
          ? Effect.fail(new CategoryNotFound({ categoryId }))
          : Effect.succeed(found)
      }),
    insertCategory: (draft) =>
      Effect.suspend(() => {
        const twin = nameTwin(draft.name, null)
        if (twin !== undefined) return Effect.fail(new CategoryNameTaken({ name: twin.name }))
        const created: Category = { ...draft, id: newId() }
        memory.categories.push(created)
        return Effect.succeed(created)
      }),
    updateCategory: (categoryId, draft) =>
      Effect.suspend((): Effect.Effect<Category, CategoryNameTaken | RepositoryError> => {
        if (category(categoryId) === undefined) return refused("updateCategory", "no such category")
        const twin = nameTwin(draft.name, categoryId)
        if (twin !== undefined) return Effect.fail(new CategoryNameTaken({ name: twin.name }))
        const updated: Category = { ...draft, id: categoryId }
        memory.categories = memory.categories.map((c) => (c.id === categoryId ? updated : c))
        return Effect.succeed(updated)
      }),
    removeCategory: (categoryId) =>
      Effect.sync(() => {
        memory.categories = memory.categories.filter((c) => c.id !== categoryId)
        // The links go with it; the competitions stay.
        for (const c of memory.competitions)
          relink(c.id, (linked) => linked.filter((id) => id !== categoryId))
      }),
    otherCategoryNames: (exceptId) =>
      Effect.sync(() => memory.categories.filter((c) => c.id !== exceptId).map((c) => c.name)),
    competitionExists: (competitionId) =>
      Effect.sync(() => competition(competitionId) !== undefined),
    link: (categoryId, competitionId) =>
      Effect.suspend(() => {
        const linking = competition(competitionId)
        if (linking === undefined || category(categoryId) === undefined)
          return refused("link", "no such category or competition")
        if (linking.categoryIds.includes(categoryId)) return Effect.succeed(false)
        relink(competitionId, (linked) => [...linked, categoryId])
        return Effect.succeed(true)
      }),
    unlink: (categoryId, competitionId) =>
      Effect.sync(() => {
        const linked = competition(competitionId)?.categoryIds.includes(categoryId) ?? false
        if (linked) relink(competitionId, (ids) => ids.filter((id) => id !== categoryId))
        return linked
      }),

    attributeTypes: (query) =>
      Effect.sync(() =>
        memoryPage(
          query.page,
          memory.attributeTypes
            .filter((t) => matchesSearchText(t.description, query.description))
            .sort(byDescription),
        ),
      ),
    attributeType: (id) => Effect.sync(() => type(id) ?? null),
    otherAttributeDescriptions: (exceptId) =>
      Effect.sync(() =>
        memory.attributeTypes.filter((t) => t.id !== exceptId).map((t) => t.description),
      ),
    insertAttributeType: (description) =>
      Effect.suspend(() => {
        if (descriptionTaken(description, null))
          return refused("insertAttributeType", "description taken")
        const created: AttributeType = { id: newId(), description }
        memory.attributeTypes.push(created)
        return Effect.succeed(created)
      }),
    updateAttributeType: (id, description) =>
      Effect.suspend(() => {
        if (type(id) === undefined) return refused("updateAttributeType", "no such type")
        if (descriptionTaken(description, id))
          return refused("updateAttributeType", "description taken")
        memory.attributeTypes = memory.attributeTypes.map((t) =>
          t.id === id ? { id, description } : t,
        )
        return Effect.succeed({ id, description })
      }),
    removeAttributeType: (id) =>
      Effect.sync(() => {
        // Only while unused, as the database's statement: a value given since core counted stays.
        const used = memory.competitions.some((c) =>
          c.attributes.some((a) => a.attributeTypeId === id),
        )
        if (!used) memory.attributeTypes = memory.attributeTypes.filter((t) => t.id !== id)
      }),
    attributeTypeUses: (id) =>
      Effect.sync(
        () =>
          memory.competitions.filter((c) => c.attributes.some((a) => a.attributeTypeId === id))
            .length,
      ),
  }
}
