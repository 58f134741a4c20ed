import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { pageInfo } from "@howzat/contracts/paging"
import { Conflict, notFound, problemType, validationProblem } from "@howzat/contracts/problems"
import type { PromotionRequestJson } from "@howzat/contracts/promotions"
import { CurrentUser } from "@howzat/contracts/security"
import type { Principal } from "@howzat/core/accounts"
import type { StaffPromotion } from "@howzat/core/ports"
import type { PromotionForm } from "@howzat/core/rules"
import { StaffPromotions } from "@howzat/core/staff"
import { Effect } from "effect"
import { repositoryProblem } from "./repository-problem"
import { notStaff } from "./staff-problems"

export const promotionToWire = (p: StaffPromotion) => ({
  id: p.id,
  code: p.code,
  description: p.description,
  discountKind: p.discount.kind,
  percent: p.discount.kind === "Percentage" ? p.discount.percent : null,
  amount: p.discount.kind === "Fixed" ? p.discount.amount : null,
  competitionId: p.competitionId,
  validFrom: p.validFrom,
  validTo: p.validTo,
  usageLimit: p.usageLimit,
  usageCount: p.usageCount,
  perCustomerLimit: p.perCustomerLimit,
  minimumSpend: p.minimumSpend,
  freeEntry: p.freeEntry,
  clubId: p.clubId,
  createdAt: p.createdAt,
})

type PromotionPayload = Omit<PromotionRequestJson, "validFrom" | "validTo"> & {
  readonly validFrom: Date | null
  readonly validTo: Date | null
}

const formOf = (payload: PromotionPayload): PromotionForm => ({
  code: payload.code,
  description: payload.description ?? "",
  discountKind: payload.discountKind,
  percent: payload.percent ?? null,
  amount: payload.amount ?? null,
  competitionId: payload.competitionId ?? null,
  validFrom: payload.validFrom,
  validTo: payload.validTo,
  usageLimit: payload.usageLimit ?? null,
  perCustomerLimit: payload.perCustomerLimit ?? null,
  minimumSpend: payload.minimumSpend ?? null,
  freeEntry: payload.freeEntry ?? false,
  clubId: payload.clubId ?? null,
})

const fieldErrors = (errors: Readonly<Record<string, string>>) =>
  validationProblem(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])))

const noSuchPromotion = () => Effect.fail(notFound("Not Found", "no such voucher"))

/** Vouchers for staff: core's StaffPromotions decides; this maps its answers to HTTP. */
export const PromotionHandlersLive = HttpApiBuilder.group(HowzatApi, "promotions", (handlers) =>
  Effect.gen(function* () {
    const promotions = yield* StaffPromotions
    const asStaff = <A, E, R>(use: (principal: Principal) => Effect.Effect<A, E, R>) =>
      Effect.flatMap(CurrentUser, use)
    return handlers
      .handle("list", ({ urlParams }) =>
        asStaff((principal) =>
          promotions
            .list(principal, {
              code: urlParams.Code,
              page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
            })
            .pipe(
              Effect.map((page) => ({
                promotions: page.items.map(promotionToWire),
                ...pageInfo(page),
              })),
              Effect.catchTag("NotStaff", () => notStaff(principal)),
            ),
        ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("create", ({ payload }) =>
        asStaff((principal) =>
          promotions.create(principal, formOf(payload)).pipe(
            Effect.map((p) => ({ promotion: promotionToWire(p) })),
            Effect.catchTags({
              NotStaff: () => notStaff(principal),
              PromotionInvalid: (e) => Effect.fail(fieldErrors(e.errors)),
            }),
          ),
        ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("byId", ({ path }) =>
        asStaff((principal) =>
          promotions.byId(principal, path.promotionId).pipe(
            Effect.map((p) => ({ promotion: promotionToWire(p) })),
            Effect.catchTags({
              NotStaff: () => notStaff(principal),
              PromotionNotFound: noSuchPromotion,
            }),
          ),
        ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("update", ({ path, payload }) =>
        asStaff((principal) =>
          promotions.update(principal, path.promotionId, formOf(payload)).pipe(
            Effect.map((p) => ({ promotion: promotionToWire(p) })),
            Effect.catchTags({
              NotStaff: () => notStaff(principal),
              PromotionNotFound: noSuchPromotion,
              PromotionInvalid: (e) => Effect.fail(fieldErrors(e.errors)),
            }),
          ),
        ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("remove", ({ path }) =>
        asStaff((principal) =>
          promotions.remove(principal, path.promotionId).pipe(
            Effect.catchTags({
              NotStaff: () => notStaff(principal),
              PromotionNotFound: noSuchPromotion,
              PromotionInUse: (e) =>
                Effect.fail(
                  new Conflict({
                    type: problemType("promotion-in-use"),
                    title: "Voucher in use",
                    detail: `This voucher has been used ${e.usageCount} times, so it is kept with the orders that used it: end it by setting its end date instead.`,
                    status: 409,
                  }),
                ),
            }),
          ),
        ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
  }),
)
