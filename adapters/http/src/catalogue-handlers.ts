import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import type { TicketListParams } from "@howzat/contracts/catalogue"
import { pageInfo } from "@howzat/contracts/paging"
import { forbidden, notFound } from "@howzat/contracts/problems"
import { Catalogue } from "@howzat/core/competitions/catalogue"
import { Effect, Layer } from "effect"
import { repositoryProblem } from "./repository-problem"
import { competitionToWire, instantWinTicketToWire } from "./wire"

const noSuchCompetition = () => Effect.fail(notFound("Not Found", "no such competition"))

/** Hidden records and every sold ticket's owner are for staff, whose sign-in arrives with accounts. */
const staffOnly = (what: string) => Effect.fail(forbidden(`${what} are only available to staff.`))

const competitionsGroup = HttpApiBuilder.group(HowzatApi, "competitions", (handlers) =>
  Effect.gen(function* () {
    const catalogue = yield* Catalogue

    /** One page of a competition's instant-win tickets, of one group or of all. */
    const instantWinTicketPage = (
      competitionId: string,
      instantWinGroupId: string | undefined,
      params: typeof TicketListParams.Type,
    ) =>
      catalogue
        .instantWinTickets(
          competitionId,
          {
            instantWinGroupId,
            fromTicketNumber: params.FromTicketNumber,
            toTicketNumber: params.ToTicketNumber,
            status: params.InstantWinTicketStatus,
          },
          { pageNumber: params.PageNumber, pageSize: params.PageSize },
        )
        .pipe(
          Effect.map((page) => ({
            tickets: page.items.map(instantWinTicketToWire),
            ...pageInfo(page),
          })),
          Effect.catchTags({
            CompetitionNotFound: noSuchCompetition,
            InstantWinGroupNotFound: () =>
              Effect.fail(notFound("Not Found", "no such instant-win group")),
            RepositoryError: repositoryProblem,
          }),
        )

    return handlers
      .handle("list", ({ urlParams }) =>
        Effect.gen(function* () {
          if (urlParams.VisibilityStatus !== "VisibleOnly")
            return yield* staffOnly("Hidden competitions")
          const now = yield* catalogue.now
          const page = yield* catalogue.listCompetitions({
            categoryId: urlParams.CategoryId,
            name: urlParams.Name,
            description: urlParams.Description,
            timePeriod: urlParams.TimePeriod,
            type: urlParams.Type,
            visibleOnly: true,
            page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
          })
          return {
            competitions: page.items.map((c) => competitionToWire(c, now)),
            ...pageInfo(page),
          }
        }).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("byId", ({ path }) =>
        Effect.gen(function* () {
          const now = yield* catalogue.now
          const competition = yield* catalogue.competition(path.competitionId)
          return { competition: competitionToWire(competition, now) }
        }).pipe(
          Effect.catchTags({
            CompetitionNotFound: noSuchCompetition,
            RepositoryError: repositoryProblem,
          }),
        ),
      )
      .handle("tickets", ({ path, urlParams }) =>
        urlParams.InstantWinTicketsOnly
          ? instantWinTicketPage(path.competitionId, undefined, urlParams)
          : staffOnly("Sold tickets"),
      )
      .handle("instantWinGroupTickets", ({ path, urlParams }) =>
        instantWinTicketPage(path.competitionId, path.instantWinGroupId, urlParams),
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
          if (urlParams.VisibilityStatus !== "VisibleOnly")
            return yield* staffOnly("Hidden categories")
          const page = yield* catalogue.listCategories({
            name: urlParams.Name,
            description: urlParams.Description,
            visibleOnly: true,
            page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
          })
          return { categories: [...page.items], ...pageInfo(page) }
        }).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("byId", ({ path }) =>
        catalogue.category(path.categoryId).pipe(
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
