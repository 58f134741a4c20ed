import { Data, Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import type { AuditValue } from "../ports/audit-log.js"
import { type AttributeTypeQuery, CatalogueAdminStore } from "../ports/catalogue-admin.js"
import { Transactions } from "../ports/transactions.js"
import {
  type AttributeTypeDraft,
  type AttributeTypeDraftErrors,
  type CategoryDraft,
  type CategoryDraftErrors,
  categoryNameClash,
  validateAttributeType,
  validateCategory,
} from "../rules/catalogue-admin.js"
import { auditor } from "../staff/audit.js"
import { authorize } from "../staff/permissions.js"
import { CategoryNameTaken, CompetitionNotFound } from "./errors.js"
import type { AttributeType, Category } from "./model.js"

export class CategoryInvalid extends Data.TaggedError("CategoryInvalid")<{
  readonly errors: CategoryDraftErrors
}> {}

export class AttributeTypeNotFound extends Data.TaggedError("AttributeTypeNotFound")<{
  readonly attributeTypeId: string
}> {}

export class AttributeTypeInvalid extends Data.TaggedError("AttributeTypeInvalid")<{
  readonly errors: AttributeTypeDraftErrors
}> {}

/** A type some competition still carries a value of (docs/decisions/0027): 409. */
export class AttributeTypeInUse extends Data.TaggedError("AttributeTypeInUse")<{
  readonly attributeTypeId: string
  readonly competitions: number
}> {}

const categoryValue = (c: Category): AuditValue => ({
  name: c.name,
  description: c.description,
  visibilityStatus: c.visibilityStatus,
})
const attributeTypeValue = (t: AttributeType): AuditValue => ({ description: t.description })

/**
 * Staff's categories and attribute types (decision 0027, docs/product/api.md): each write
 * authorised with ManageCatalogue and recorded in the audit log in its own
 * transaction.
 */
export class CatalogueAdmin extends Effect.Service<CatalogueAdmin>()(
  "@howzat/core/CatalogueAdmin",
  {
    effect: Effect.gen(function* () {
      const store = yield* CatalogueAdminStore
      const transactions = yield* Transactions
      const audit = yield* auditor

      const record = (
        by: Principal,
        action: string,
        subject: { readonly type: string; readonly id: string },
        before: AuditValue,
        after: AuditValue,
      ) => audit(by, { action, subject: subject, before, after })

      /** Under ManageCatalogue, in one transaction with its audit entry. */
      const write = <A, E, R>(by: Principal, work: Effect.Effect<A, E, R>) =>
        Effect.zipRight(authorize(by, "ManageCatalogue"), transactions.within(work))

      const validCategory = (draft: CategoryDraft) => {
        const tidy = { ...draft, name: draft.name.trim(), description: draft.description.trim() }
        const errors = validateCategory(tidy)
        return Object.keys(errors).length > 0
          ? Effect.fail(new CategoryInvalid({ errors }))
          : Effect.succeed(tidy)
      }

      /** A name no other category reads as; the store refuses a racing twin too. */
      const nameFree = (name: string, exceptId: string | null) =>
        Effect.flatMap(store.otherCategoryNames(exceptId), (names) => {
          const clash = categoryNameClash(name, names)
          return clash === undefined
            ? Effect.void
            : Effect.fail(new CategoryNameTaken({ name: clash }))
        })

      const attributeTypeOf = (id: string) =>
        Effect.flatMap(store.attributeType(id), (found) =>
          found === null
            ? Effect.fail(new AttributeTypeNotFound({ attributeTypeId: id }))
            : Effect.succeed(found),
        )

      const validAttributeType = (draft: AttributeTypeDraft, exceptId: string | null) =>
        Effect.gen(function* () {
          const description = draft.description.trim()
          const errors = validateAttributeType(
            { description },
            yield* store.otherAttributeDescriptions(exceptId),
          )
          if (Object.keys(errors).length > 0) return yield* new AttributeTypeInvalid({ errors })
          return description
        })

      return {
        /** Any category, hidden or not: staff open hidden ones to edit them. */
        category: (categoryId: string, by: Principal) =>
          Effect.zipRight(authorize(by, "ManageCatalogue"), store.category(categoryId)),

        createCategory: (draft: CategoryDraft, by: Principal) =>
          write(
            by,
            Effect.gen(function* () {
              const valid = yield* validCategory(draft)
              yield* nameFree(valid.name, null)
              const category = yield* store.insertCategory(valid)
              yield* record(
                by,
                "Category.Create",
                { type: "Category", id: category.id },
                null,
                categoryValue(category),
              )
              return category
            }),
          ),

        updateCategory: (categoryId: string, draft: CategoryDraft, by: Principal) =>
          write(
            by,
            Effect.gen(function* () {
              const before = yield* store.category(categoryId)
              const valid = yield* validCategory(draft)
              yield* nameFree(valid.name, before.id)
              const category = yield* store.updateCategory(before.id, valid)
              yield* record(
                by,
                "Category.Update",
                { type: "Category", id: before.id },
                categoryValue(before),
                categoryValue(category),
              )
              return category
            }),
          ),

        removeCategory: (categoryId: string, by: Principal) =>
          write(
            by,
            Effect.gen(function* () {
              const before = yield* store.category(categoryId)
              yield* store.removeCategory(before.id)
              yield* record(
                by,
                "Category.Delete",
                { type: "Category", id: before.id },
                categoryValue(before),
                null,
              )
            }),
          ),

        linkCompetition: (categoryId: string, competitionId: string, by: Principal) =>
          write(
            by,
            Effect.gen(function* () {
              const category = yield* store.category(categoryId)
              if (!(yield* store.competitionExists(competitionId)))
                return yield* new CompetitionNotFound({ competitionId })
              const linked = yield* store.link(category.id, competitionId)
              // Linking twice changes nothing, so it leaves no second entry.
              if (linked)
                yield* record(
                  by,
                  "Category.LinkCompetition",
                  { type: "Category", id: category.id },
                  null,
                  { competitionId },
                )
              return category
            }),
          ),

        unlinkCompetition: (categoryId: string, competitionId: string, by: Principal) =>
          write(
            by,
            Effect.gen(function* () {
              const category = yield* store.category(categoryId)
              const unlinked = yield* store.unlink(category.id, competitionId)
              if (!unlinked) return yield* new CompetitionNotFound({ competitionId })
              yield* record(
                by,
                "Category.UnlinkCompetition",
                { type: "Category", id: category.id },
                { competitionId },
                null,
              )
            }),
          ),

        attributeTypes: (query: AttributeTypeQuery, by: Principal) =>
          Effect.zipRight(authorize(by, "ManageCatalogue"), store.attributeTypes(query)),

        attributeType: (id: string, by: Principal) =>
          Effect.zipRight(authorize(by, "ManageCatalogue"), attributeTypeOf(id)),

        createAttributeType: (draft: AttributeTypeDraft, by: Principal) =>
          write(
            by,
            Effect.gen(function* () {
              const type = yield* store.insertAttributeType(yield* validAttributeType(draft, null))
              yield* record(
                by,
                "AttributeType.Create",
                { type: "AttributeType", id: type.id },
                null,
                attributeTypeValue(type),
              )
              return type
            }),
          ),

        updateAttributeType: (id: string, draft: AttributeTypeDraft, by: Principal) =>
          write(
            by,
            Effect.gen(function* () {
              const before = yield* attributeTypeOf(id)
              const description = yield* validAttributeType(draft, before.id)
              const type = yield* store.updateAttributeType(before.id, description)
              yield* record(
                by,
                "AttributeType.Update",
                { type: "AttributeType", id: before.id },
                attributeTypeValue(before),
                attributeTypeValue(type),
              )
              return type
            }),
          ),

        /** Refused while any competition carries it: deleting would silently strip their values. */
        removeAttributeType: (id: string, by: Principal) =>
          write(
            by,
            Effect.gen(function* () {
              const before = yield* attributeTypeOf(id)
              const uses = yield* store.attributeTypeUses(before.id)
              if (uses > 0)
                return yield* new AttributeTypeInUse({
                  attributeTypeId: before.id,
                  competitions: uses,
                })
              yield* store.removeAttributeType(before.id)
              yield* record(
                by,
                "AttributeType.Delete",
                { type: "AttributeType", id: before.id },
                attributeTypeValue(before),
                null,
              )
            }),
          ),
      }
    }),
  },
) {}
