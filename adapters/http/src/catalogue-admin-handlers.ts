import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { pageInfo } from "@howzat/contracts/paging"
import { Conflict, notFound, problemType, validationProblem } from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import { NotStaff, type Principal } from "@howzat/core/accounts"
import {
  CatalogueAdmin,
  type CategoryNameTaken,
  type Competition,
  CompetitionAdmin,
  type CompetitionChangeRefused,
  type CompetitionDeletionRefused,
  type DrawForwardRefused,
} from "@howzat/core/competitions"
import { now } from "@howzat/core/ports"
import {
  categoryNameTakenMessage,
  drawForwardRefusalDetail,
  refusalDetail,
} from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { instantWinShareRefused } from "./live-share-problems"
import { repositoryProblem } from "./repository-problem"
import { notStaff } from "./staff-problems"
import { competitionToWire } from "./wire"

/** Core's field messages as the validation problem lists them (docs/product/errors.md). */
const invalid = (e: { readonly errors: Readonly<Record<string, string | undefined>> }) =>
  Effect.fail(
    validationProblem(
      Object.fromEntries(
        Object.entries(e.errors).flatMap(([field, message]) =>
          message === undefined ? [] : [[field, [message]]],
        ),
      ),
    ),
  )

const conflict = (slug: string, title: string, detail: string) =>
  Effect.fail(new Conflict({ type: problemType(slug), title, detail, status: 409 }))

const changeRefused = (e: CompetitionChangeRefused) =>
  conflict("competition-change-refused", "Change refused", refusalDetail(e.refusal))

const drawForwardRefused = (e: DrawForwardRefused) =>
  conflict(
    "draw-forward-refused",
    "Draw cannot be brought forward",
    drawForwardRefusalDetail(e.refusal),
  )

const deletionRefused = (e: CompetitionDeletionRefused) =>
  e.reason === "AlreadyDrawn"
    ? conflict(
        "competition-drawn",
        "Competition already drawn",
        "A drawn competition keeps its published draw: hide it instead.",
      )
    : conflict(
        "competition-has-entries",
        "Competition has entries",
        "Tickets or postal entries exist for this competition, or an order names it: hide it instead.",
      )

/** Two categories that read alike could not be told apart: the second is refused (decision 0074). */
const nameTaken = (e: CategoryNameTaken) =>
  conflict("category-name-taken", "Category name taken", categoryNameTakenMessage(e.name))

const noSuchCompetition = () => Effect.fail(notFound("Not Found", "no such competition"))
const noSuchCategory = () => Effect.fail(notFound("Not Found", "no such category"))
const noSuchAttributeType = () => Effect.fail(notFound("Not Found", "no such attribute type"))

const competitionLookup = {
  CompetitionNotFound: noSuchCompetition,
  RepositoryError: repositoryProblem,
}
const categoryLookup = { CategoryNotFound: noSuchCategory, RepositoryError: repositoryProblem }
const attributeTypeLookup = {
  AttributeTypeNotFound: noSuchAttributeType,
  RepositoryError: repositoryProblem,
}

/** Runs a staff call as the signed-in user; core decides whether they may (403 if not). */
const asStaff = <A, E, R>(call: (principal: Principal) => Effect.Effect<A, E | NotStaff, R>) =>
  Effect.flatMap(CurrentUser, (principal) =>
    Effect.catchIf(
      call(principal),
      (e): e is NotStaff => e instanceof NotStaff,
      () => notStaff(principal),
    ),
  )

const shown = (competition: Competition) =>
  Effect.map(now, (at) => ({ competition: competitionToWire(competition, at) }))

const competitionAdminGroup = HttpApiBuilder.group(HowzatApi, "competitionAdmin", (handlers) =>
  Effect.gen(function* () {
    const admin = yield* CompetitionAdmin
    return handlers
      .handle("create", ({ payload }) =>
        asStaff((by) => admin.create(payload, by)).pipe(
          Effect.flatMap(shown),
          Effect.catchTags({ ...competitionLookup, CompetitionInvalid: invalid }),
        ),
      )
      .handle("update", ({ path, payload }) =>
        asStaff((by) => admin.update(path.competitionId, payload, by)).pipe(
          Effect.flatMap(shown),
          Effect.catchTags({
            ...competitionLookup,
            CompetitionInvalid: invalid,
            CompetitionChangeRefused: changeRefused,
            InstantWinShareRefused: instantWinShareRefused,
          }),
        ),
      )
      .handle("delete", ({ path }) =>
        asStaff((by) => admin.remove(path.competitionId, by)).pipe(
          Effect.catchTags({
            ...competitionLookup,
            CompetitionDeletionRefused: deletionRefused,
            InstantWinShareRefused: instantWinShareRefused,
          }),
        ),
      )
      .handle("duplicate", ({ path, payload }) =>
        asStaff((by) => admin.duplicate(path.competitionId, payload, by)).pipe(
          Effect.flatMap(shown),
          Effect.catchTags({ ...competitionLookup, CompetitionInvalid: invalid }),
        ),
      )
      .handle("bringDrawForward", ({ path, payload }) =>
        asStaff((by) =>
          admin.bringDrawForward(path.competitionId, payload.drawDateTimeUtc, by),
        ).pipe(
          Effect.flatMap(shown),
          Effect.catchTags({
            ...competitionLookup,
            CompetitionInvalid: invalid,
            DrawForwardRefused: drawForwardRefused,
          }),
        ),
      )
  }),
)

const categoryAdminGroup = HttpApiBuilder.group(HowzatApi, "categoryAdmin", (handlers) =>
  Effect.gen(function* () {
    const admin = yield* CatalogueAdmin
    return handlers
      .handle("create", ({ payload }) =>
        asStaff((by) => admin.createCategory(payload, by)).pipe(
          Effect.map((category) => ({ category })),
          Effect.catchTags({
            RepositoryError: repositoryProblem,
            CategoryInvalid: invalid,
            CategoryNameTaken: nameTaken,
          }),
        ),
      )
      .handle("update", ({ path, payload }) =>
        asStaff((by) => admin.updateCategory(path.categoryId, payload, by)).pipe(
          Effect.map((category) => ({ category })),
          Effect.catchTags({
            ...categoryLookup,
            CategoryInvalid: invalid,
            CategoryNameTaken: nameTaken,
          }),
        ),
      )
      .handle("delete", ({ path }) =>
        asStaff((by) => admin.removeCategory(path.categoryId, by)).pipe(
          Effect.catchTags(categoryLookup),
        ),
      )
      .handle("linkCompetition", ({ path, payload }) =>
        asStaff((by) => admin.linkCompetition(path.categoryId, payload.competitionId, by)).pipe(
          Effect.map((category) => ({ category })),
          Effect.catchTags({ ...categoryLookup, CompetitionNotFound: noSuchCompetition }),
        ),
      )
      .handle("unlinkCompetition", ({ path }) =>
        asStaff((by) => admin.unlinkCompetition(path.categoryId, path.competitionId, by)).pipe(
          Effect.catchTags({ ...categoryLookup, CompetitionNotFound: noSuchCompetition }),
        ),
      )
  }),
)

const attributeTypesGroup = HttpApiBuilder.group(HowzatApi, "attributeTypes", (handlers) =>
  Effect.gen(function* () {
    const admin = yield* CatalogueAdmin
    const inUse = (e: { readonly competitions: number }) =>
      conflict(
        "attribute-type-in-use",
        "Attribute type in use",
        `${e.competitions} ${e.competitions === 1 ? "competition uses" : "competitions use"} this attribute type: remove it from them first.`,
      )
    return handlers
      .handle("list", ({ urlParams }) =>
        asStaff((by) =>
          admin.attributeTypes(
            {
              description: urlParams.Description,
              page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
            },
            by,
          ),
        ).pipe(
          Effect.map((page) => ({ attributeTypes: [...page.items], ...pageInfo(page) })),
          Effect.catchTag("RepositoryError", repositoryProblem),
        ),
      )
      .handle("create", ({ payload }) =>
        asStaff((by) => admin.createAttributeType(payload, by)).pipe(
          Effect.map((attributeType) => ({ attributeType })),
          Effect.catchTags({ RepositoryError: repositoryProblem, AttributeTypeInvalid: invalid }),
        ),
      )
      .handle("byId", ({ path }) =>
        asStaff((by) => admin.attributeType(path.attributeTypeId, by)).pipe(
          Effect.map((attributeType) => ({ attributeType })),
          Effect.catchTags(attributeTypeLookup),
        ),
      )
      .handle("update", ({ path, payload }) =>
        asStaff((by) => admin.updateAttributeType(path.attributeTypeId, payload, by)).pipe(
          Effect.map((attributeType) => ({ attributeType })),
          Effect.catchTags({ ...attributeTypeLookup, AttributeTypeInvalid: invalid }),
        ),
      )
      .handle("delete", ({ path }) =>
        asStaff((by) => admin.removeAttributeType(path.attributeTypeId, by)).pipe(
          Effect.catchTags({ ...attributeTypeLookup, AttributeTypeInUse: inUse }),
        ),
      )
  }),
)

/** Staff's competitions, categories and attribute types: needs core's CompetitionAdmin and CatalogueAdmin. */
export const CatalogueAdminHandlersLive = Layer.mergeAll(
  competitionAdminGroup,
  categoryAdminGroup,
  attributeTypesGroup,
)
