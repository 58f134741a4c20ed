import { Context, type Effect } from "effect"
import type {
  CategoryNameTaken,
  CategoryNotFound,
  RepositoryError,
} from "../competitions/errors.js"
import type { AttributeType, Category, Page, PageRequest } from "../competitions/model.js"
import type { CategoryDraft } from "../rules/catalogue-admin.js"

export interface AttributeTypeQuery {
  readonly description?: string | undefined
  readonly page: PageRequest
}

/**
 * Where staff's categories and attribute types are written. Reads of a
 * single record see hidden ones too. Use inside `Transactions.within` with
 * the audit log, so an entry is written only with its change.
 */
export interface CatalogueAdminStoreShape {
  readonly category: (
    categoryId: string,
  ) => Effect.Effect<Category, CategoryNotFound | RepositoryError>
  /**
   * The insert and the rename refuse a name another category reads as
   * (rules/catalogue-admin's sameCategoryName) with CategoryNameTaken: core
   * checks first, and the store is the last word when two saves race.
   */
  readonly insertCategory: (
    draft: CategoryDraft,
  ) => Effect.Effect<Category, CategoryNameTaken | RepositoryError>
  readonly updateCategory: (
    categoryId: string,
    draft: CategoryDraft,
  ) => Effect.Effect<Category, CategoryNameTaken | RepositoryError>
  /** Names of every category but `exceptId`, to refuse a second one that reads the same. */
  readonly otherCategoryNames: (
    exceptId: string | null,
  ) => Effect.Effect<readonly string[], RepositoryError>
  /** The competitions it held stay; only their links to it go. */
  readonly removeCategory: (categoryId: string) => Effect.Effect<void, RepositoryError>
  /** Whether a competition with this id exists, visible or not. */
  readonly competitionExists: (competitionId: string) => Effect.Effect<boolean, RepositoryError>
  /** True when the link is new. */
  readonly link: (
    categoryId: string,
    competitionId: string,
  ) => Effect.Effect<boolean, RepositoryError>
  /** True when there was a link to remove. */
  readonly unlink: (
    categoryId: string,
    competitionId: string,
  ) => Effect.Effect<boolean, RepositoryError>

  readonly attributeTypes: (
    query: AttributeTypeQuery,
  ) => Effect.Effect<Page<AttributeType>, RepositoryError>
  readonly attributeType: (id: string) => Effect.Effect<AttributeType | null, RepositoryError>
  /** Descriptions of every type but `exceptId`, to refuse a second type that reads the same. */
  readonly otherAttributeDescriptions: (
    exceptId: string | null,
  ) => Effect.Effect<readonly string[], RepositoryError>
  readonly insertAttributeType: (
    description: string,
  ) => Effect.Effect<AttributeType, RepositoryError>
  readonly updateAttributeType: (
    id: string,
    description: string,
  ) => Effect.Effect<AttributeType, RepositoryError>
  readonly removeAttributeType: (id: string) => Effect.Effect<void, RepositoryError>
  /** How many competitions carry a value of this type. */
  readonly attributeTypeUses: (id: string) => Effect.Effect<number, RepositoryError>
}
export class CatalogueAdminStore extends Context.Tag("@howzat/core/CatalogueAdminStore")<
  CatalogueAdminStore,
  CatalogueAdminStoreShape
>() {}
