import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Page, PageRequest } from "../competitions/model.js"
import type { Promotion } from "../orders/model.js"
import type { PromotionDraft } from "../rules/promotion-form.js"

/** A voucher as staff see it: the shop's promotion, with its id and when it was made. */
export interface StaffPromotion extends Promotion {
  readonly id: string
  readonly createdAt: Date
}

export interface PromotionQuery {
  /** Part of the code, any case. */
  readonly code?: string | undefined
  readonly page: PageRequest
}

/** Written when another voucher already has the code. */
export type PromotionWrite = StaffPromotion | "CodeTaken"

/**
 * Staff's vouchers. Reads and writes join the caller's transaction;
 * `held` locks the row until it ends, so an edit and a checkout using the
 * code see each other's counts.
 */
export interface PromotionStoreShape {
  readonly list: (query: PromotionQuery) => Effect.Effect<Page<StaffPromotion>, RepositoryError>
  readonly held: (id: string) => Effect.Effect<StaffPromotion | null, RepositoryError>
  readonly insert: (draft: PromotionDraft) => Effect.Effect<PromotionWrite, RepositoryError>
  readonly update: (
    id: string,
    draft: PromotionDraft,
  ) => Effect.Effect<PromotionWrite, RepositoryError>
  /** Only a voucher nobody has used; answers whether it was removed. */
  readonly removeUnused: (id: string) => Effect.Effect<boolean, RepositoryError>
  readonly competitionExists: (id: string) => Effect.Effect<boolean, RepositoryError>
  readonly clubExists: (id: string) => Effect.Effect<boolean, RepositoryError>
}
export class PromotionStore extends Context.Tag("@howzat/core/PromotionStore")<
  PromotionStore,
  PromotionStoreShape
>() {}
