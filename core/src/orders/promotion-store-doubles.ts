/**
 * The in-memory PromotionStore: staff's vouchers by id, as the promotions
 * table keeps them (one voucher per code, newest first, a used voucher never
 * removed), and the competitions and clubs a voucher may point at.
 */
import { Effect } from "effect"
import { RepositoryError } from "../competitions/errors.js"
import type {
  PromotionStoreShape,
  PromotionWrite,
  StaffPromotion,
} from "../ports/promotion-store.js"
import type { PromotionDraft } from "../rules/promotion-form.js"
import { memoryPage } from "../testing/paging.js"

export interface PromotionShelf {
  /** Staff's vouchers by id; `usageCount` is the uses orders hold (set it to seed a used one). */
  readonly promotions: Map<string, StaffPromotion>
  /** Ids of the competitions and clubs a voucher may name. */
  readonly competitions: Set<string>
  readonly clubs: Set<string>
}

export const emptyPromotionShelf = (): PromotionShelf => ({
  promotions: new Map(),
  competitions: new Set(),
  clubs: new Set(),
})

let made = 0

/**
 * PromotionStore over `shelf`; `now` stamps a new voucher's createdAt, as
 * the table's default does. Nothing runs at once in memory, so `held`'s
 * lock is the database's business.
 */
export const memoryPromotionStore = (
  shelf: PromotionShelf,
  now: () => Date = () => new Date(),
): PromotionStoreShape => {
  const codeTaken = (code: string, exceptId: string | null) =>
    [...shelf.promotions.values()].some((p) => p.code === code && p.id !== exceptId)
  const fromDraft = (draft: PromotionDraft) => ({
    code: draft.code,
    description: draft.description,
    discount: draft.discount,
    competitionId: draft.competitionId,
    validFrom: draft.validFrom,
    validTo: draft.validTo,
    usageLimit: draft.usageLimit,
    perCustomerLimit: draft.perCustomerLimit,
    minimumSpend: draft.minimumSpend,
    freeEntry: draft.freeEntry,
    clubId: draft.clubId,
  })
  return {
    list: (query) =>
      Effect.sync(() => {
        // Part of the code, any case, taken literally (as the adapter's escaped ILIKE).
        const part = query.code ? query.code.toUpperCase() : ""
        // Newest first; two made in the same millisecond, the later first.
        const matching = [...shelf.promotions.values()]
          .filter((p) => p.code.toUpperCase().includes(part))
          .reverse()
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        return memoryPage(query.page, matching)
      }),
    held: (id) => Effect.sync(() => shelf.promotions.get(id) ?? null),
    insert: (draft) =>
      Effect.sync(() => {
        if (codeTaken(draft.code, null)) return "CodeTaken" as const
        made += 1
        const promotion: StaffPromotion = {
          ...fromDraft(draft),
          id: `promotion-${made}`,
          createdAt: now(),
          usageCount: 0,
        }
        shelf.promotions.set(promotion.id, promotion)
        return promotion
      }),
    update: (id, draft) =>
      Effect.suspend((): Effect.Effect<PromotionWrite, RepositoryError> => {
        const before = shelf.promotions.get(id)
        // The adapter's update of no row: a fault, not an answer.
        if (before === undefined) {
          return Effect.fail(
            new RepositoryError({ operation: "promotions.update", cause: `No voucher ${id}` }),
          )
        }
        if (codeTaken(draft.code, id)) return Effect.succeed("CodeTaken" as const)
        const after: StaffPromotion = { ...before, ...fromDraft(draft) }
        shelf.promotions.set(id, after)
        return Effect.succeed(after)
      }),
    removeUnused: (id) =>
      Effect.sync(() => {
        const promotion = shelf.promotions.get(id)
        if (promotion === undefined || promotion.usageCount > 0) return false
        return shelf.promotions.delete(id)
      }),
    competitionExists: (id) => Effect.sync(() => shelf.competitions.has(id)),
    clubExists: (id) => Effect.sync(() => shelf.clubs.has(id)),
  }
}
