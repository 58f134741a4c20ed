import { Data, Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import type { AuditValue } from "../ports/audit-log.js"
import {
  type PromotionQuery,
  PromotionStore,
  type StaffPromotion,
} from "../ports/promotion-store.js"
import { Transactions } from "../ports/transactions.js"
import {
  type PromotionForm,
  promotionFormMessages,
  readPromotionForm,
} from "../rules/promotion-form.js"
import { auditor } from "./audit.js"
import { authorize } from "./permissions.js"

export class PromotionNotFound extends Data.TaggedError("PromotionNotFound")<{
  readonly promotionId: string
}> {}

export class PromotionInvalid extends Data.TaggedError("PromotionInvalid")<{
  readonly errors: Readonly<Record<string, string>>
}> {}

/** A used voucher keeps its code and its uses: end it (its end date) instead of deleting it. */
export class PromotionInUse extends Data.TaggedError("PromotionInUse")<{
  readonly promotionId: string
  readonly usageCount: number
}> {}

/** The audit log's view of a voucher: plain JSON, dates as ISO text. */
const audited = (p: StaffPromotion): AuditValue => ({
  code: p.code,
  description: p.description,
  discount:
    p.discount.kind === "Percentage"
      ? { percent: p.discount.percent }
      : { amount: p.discount.amount },
  competitionId: p.competitionId,
  validFrom: p.validFrom?.toISOString() ?? null,
  validTo: p.validTo?.toISOString() ?? null,
  usageLimit: p.usageLimit,
  perCustomerLimit: p.perCustomerLimit,
  minimumSpend: p.minimumSpend,
  freeEntry: p.freeEntry,
  clubId: p.clubId,
})

const codeTaken = () =>
  new PromotionInvalid({ errors: { code: "Another voucher already has this code." } })

/**
 * Vouchers for staff (decision 0031): percentage or fixed, minimum spend,
 * dates, overall and per-customer limits, one competition or the whole
 * basket, a club's. ManagePromotions; every change audited.
 */
export class StaffPromotions extends Effect.Service<StaffPromotions>()(
  "@howzat/core/StaffPromotions",
  {
    effect: Effect.gen(function* () {
      const store = yield* PromotionStore
      const audit = yield* auditor
      const transactions = yield* Transactions

      const record = (
        by: Principal,
        action: string,
        id: string,
        before: StaffPromotion | null,
        after: StaffPromotion | null,
      ) =>
        audit(by, {
          action,
          subject: { type: "Promotion", id },
          before: before === null ? null : audited(before),
          after: after === null ? null : audited(after),
        })

      /** The form judged, and what it points at checked to exist. */
      const draftOf = (form: PromotionForm) =>
        Effect.gen(function* () {
          const read = readPromotionForm(form)
          if (read._tag === "Invalid") return yield* new PromotionInvalid({ errors: read.errors })
          const { draft } = read
          const errors: Record<string, string> = {}
          if (
            draft.competitionId !== null &&
            !(yield* store.competitionExists(draft.competitionId))
          )
            errors.competitionId = "There is no competition with this id."
          if (draft.clubId !== null && !(yield* store.clubExists(draft.clubId)))
            errors.clubId = "There is no club with this id."
          if (Object.keys(errors).length > 0) return yield* new PromotionInvalid({ errors })
          return draft
        })

      const held = (id: string) =>
        Effect.flatMap(store.held(id), (found) =>
          found === null
            ? Effect.fail(new PromotionNotFound({ promotionId: id }))
            : Effect.succeed(found),
        )

      const list = (by: Principal, query: PromotionQuery) =>
        Effect.zipRight(authorize(by, "ManagePromotions"), store.list(query))

      const byId = (by: Principal, id: string) =>
        Effect.zipRight(authorize(by, "ManagePromotions"), held(id))

      const create = (by: Principal, form: PromotionForm) =>
        Effect.gen(function* () {
          yield* authorize(by, "ManagePromotions")
          const draft = yield* draftOf(form)
          return yield* transactions.within(
            Effect.gen(function* () {
              const made = yield* store.insert(draft)
              if (made === "CodeTaken") return yield* codeTaken()
              yield* record(by, "Promotion.Create", made.id, null, made)
              return made
            }),
          )
        })

      const update = (by: Principal, id: string, form: PromotionForm) =>
        Effect.gen(function* () {
          yield* authorize(by, "ManagePromotions")
          const draft = yield* draftOf(form)
          return yield* transactions.within(
            Effect.gen(function* () {
              const before = yield* held(id)
              const errors: Record<string, string> = {}
              // Shoppers hold the code in their baskets and orders: once used, it stays.
              if (before.usageCount > 0 && draft.code !== before.code)
                errors.code = "This voucher has been used: its code cannot change."
              if (draft.usageLimit !== null && draft.usageLimit < before.usageCount)
                errors.usageLimit = promotionFormMessages.usageLimitBelowUses(before.usageCount)
              if (Object.keys(errors).length > 0) return yield* new PromotionInvalid({ errors })
              const after = yield* store.update(id, draft)
              if (after === "CodeTaken") return yield* codeTaken()
              yield* record(by, "Promotion.Update", id, before, after)
              return after
            }),
          )
        })

      const remove = (by: Principal, id: string) =>
        Effect.gen(function* () {
          yield* authorize(by, "ManagePromotions")
          yield* transactions.within(
            Effect.gen(function* () {
              const before = yield* held(id)
              if (before.usageCount > 0 || !(yield* store.removeUnused(id)))
                return yield* new PromotionInUse({ promotionId: id, usageCount: before.usageCount })
              yield* record(by, "Promotion.Delete", id, before, null)
            }),
          )
        })

      return { list, byId, create, update, remove }
    }),
  },
) {}
