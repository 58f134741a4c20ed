import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import type { TicketListParams } from "@howzat/contracts/catalogue"
import { pageInfo } from "@howzat/contracts/paging"
import { notFound } from "@howzat/contracts/problems"
import { MaybeCurrentUser } from "@howzat/contracts/security"
import { Catalogue, CompetitionTickets } from "@howzat/core/competitions"
import { Effect, Layer, Option } from "effect"
import { competitionAs, competitionListAs } from "./competition-reads"
import { lookupProblems, ticketListToWire } from "./instant-win-group-handlers"
import { repositoryProblem } from "./repository-problem"
import { notStaff } from "./staff-problems"
import { competitionToWire } from "./wire"

const viewer = Effect.map(MaybeCurrentUser, Option.getOrNull)

const noSuchCompetition = () => Effect.fail(notFound("Not Found", "no such competition"))

const competitionsGroup = HttpApiBuilder.group(HowzatApi, "competitions", (handlers) =>
  Effect.gen(function* () {
    const catalogue = yield* Catalogue
    const tickets = yield* CompetitionTickets

    /** Whose tickets a caller may see (holders for staff only) is core's decision. */
    const ticketQuery = (params: typeof TicketListParams.Type) => ({
      fromTicketNumber: params.FromTicketNumber,
      toTicketNumber: params.ToTicketNumber,
      status: params.InstantWinTicketStatus,
      ticketStatus: params.TicketStatus,
      page: { pageNumber: params.PageNumber, pageSize: params.PageSize },
    })

    return handlers
      .handle("list", ({ urlParams }) =>
        Effect.flatMap(viewer, (who) =>
          competitionListAs(catalogue, urlParams, who).pipe(
            Effect.catchTag("NotStaff", () => notStaff(who)),
          ),
        ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("byId", ({ path }) =>
        Effect.flatMap(viewer, (who) => competitionAs(catalogue, path.competitionId, who)).pipe(
          Effect.catchTags({
            CompetitionNotFound: noSuchCompetition,
            RepositoryError: repositoryProblem,
          }),
        ),
      )
      .handle("tickets", ({ path, urlParams }) =>
        Effect.gen(function* () {
          const who = yield* viewer
          const listing = yield* tickets
            .tickets(
              path.competitionId,
              {
                ...ticketQuery(urlParams),
                instantWinTicketsOnly: urlParams.InstantWinTicketsOnly,
              },
              who,
            )
            .pipe(Effect.catchTag("NotStaff", () => notStaff(who)))
          return ticketListToWire(listing)
        }).pipe(Effect.catchTags(lookupProblems)),
      )
      .handle("instantWinGroupTickets", ({ path, urlParams }) =>
        Effect.gen(function* () {
          const who = yield* viewer
          const listing = yield* tickets
            .instantWinTickets(
              path.competitionId,
              path.instantWinGroupId,
              ticketQuery(urlParams),
              who,
            )
            .pipe(Effect.catchTag("NotStaff", () => notStaff(who)))
          return ticketListToWire(listing)
        }).pipe(Effect.catchTags(lookupProblems)),
      )
  }),
)

const categoriesGroup = HttpApiBuilder.group(HowzatApi, "categories", (handlers) =>
  Effect.gen(function* () {
    const catalogue = yield* Catalogue
    const noSuchCategory = () => Effect.fail(notFound("Not Found", "no such category"))
    return handlers
      .handle("list", ({ urlParams }) =>
        Effect.gen(function* () {
          const who = yield* viewer
          const page = yield* catalogue
            .listCategoriesAs(
              {
                name: urlParams.Name,
                description: urlParams.Description,
                page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
              },
              urlParams.VisibilityStatus,
              who,
            )
            .pipe(Effect.catchTag("NotStaff", () => notStaff(who)))
          return { categories: [...page.items], ...pageInfo(page) }
        }).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("byId", ({ path }) =>
        Effect.flatMap(viewer, (who) => catalogue.categoryAs(path.categoryId, who)).pipe(
          Effect.map((category) => ({ category })),
          Effect.catchTags({
            CategoryNotFound: noSuchCategory,
            RepositoryError: repositoryProblem,
          }),
        ),
      )
      .handle("competitions", ({ path, urlParams }) =>
        Effect.gen(function* () {
          yield* catalogue.category(path.categoryId)
          const now = yield* catalogue.now
          const page = yield* catalogue.listCompetitions({
            categoryId: path.categoryId,
            timePeriod: urlParams.TimePeriod,
            type: "All",
            visibleOnly: true,
            page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
          })
          return {
            competitions: page.items.map((c) => competitionToWire(c, now)),
            ...pageInfo(page),
          }
        }).pipe(
          Effect.catchTags({
            CategoryNotFound: noSuchCategory,
            RepositoryError: repositoryProblem,
          }),
        ),
      )
  }),
)

const resourcesGroup = HttpApiBuilder.group(HowzatApi, "resources", (handlers) =>
  Effect.gen(function* () {
    const catalogue = yield* Catalogue
    return handlers.handle("byKey", ({ path }) =>
      catalogue.resource(path.key).pipe(
        Effect.map((value) => ({ resource: { key: path.key, value } })),
        Effect.catchTags({
          ResourceNotFound: () => Effect.fail(notFound("Not Found", "no such resource")),
          RepositoryError: repositoryProblem,
        }),
      ),
    )
  }),
)

/** Every group of the API, needing only core's Catalogue. */
export const CatalogueHandlersLive = Layer.mergeAll(
  competitionsGroup,
  categoriesGroup,
  resourcesGroup,
)
