import { HttpApi, HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import {
  CategoryCompetitionParams,
  CategoryList,
  CategoryListParams,
  CategoryResponse,
  CompetitionList,
  CompetitionListParams,
  CompetitionResponse,
  CompetitionWinnerList,
  CompetitionWinnerParams,
  DrawResponse,
  ResourceKey,
  ResourceResponse,
  TicketList,
  TicketListParams,
} from "./catalogue"
import { BadRequest, Forbidden, NotFound, ServiceUnavailable } from "./problems"

/** Paths and PascalCase query names are SPEC §7's, letter for letter. */
const Id = Schema.UUID

export class CompetitionsApi extends HttpApiGroup.make("competitions")
  .add(
    HttpApiEndpoint.get("list", "/api/Competitions")
      .setUrlParams(CompetitionListParams)
      .addSuccess(CompetitionList),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/Competitions/:competitionId")
      .setPath(Schema.Struct({ competitionId: Id }))
      .addSuccess(CompetitionResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get("tickets", "/api/Competitions/:competitionId/tickets")
      .setPath(Schema.Struct({ competitionId: Id }))
      .setUrlParams(TicketListParams)
      .addSuccess(TicketList)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get(
      "instantWinGroupTickets",
      "/api/Competitions/:competitionId/instant-win-groups/:instantWinGroupId/tickets",
    )
      .setPath(Schema.Struct({ competitionId: Id, instantWinGroupId: Id }))
      .setUrlParams(TicketListParams)
      .addSuccess(TicketList)
      .addError(NotFound),
  ) {}

export class CategoriesApi extends HttpApiGroup.make("categories")
  .add(
    HttpApiEndpoint.get("list", "/api/Categories")
      .setUrlParams(CategoryListParams)
      .addSuccess(CategoryList),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/Categories/:categoryId")
      .setPath(Schema.Struct({ categoryId: Id }))
      .addSuccess(CategoryResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get("competitions", "/api/Categories/:categoryId/competitions")
      .setPath(Schema.Struct({ categoryId: Id }))
      .setUrlParams(CategoryCompetitionParams)
      .addSuccess(CompetitionList)
      .addError(NotFound),
  ) {}

export class DrawsApi extends HttpApiGroup.make("draws")
  .add(HttpApiEndpoint.get("nextLiveDraw", "/api/Draws/NextLiveDraw").addSuccess(DrawResponse))
  .add(HttpApiEndpoint.get("nextAutoDraw", "/api/Draws/NextAutoDraw").addSuccess(DrawResponse))
  .add(
    HttpApiEndpoint.get("competitionWinners", "/api/Draws/competition-winners")
      .setUrlParams(CompetitionWinnerParams)
      .addSuccess(CompetitionWinnerList),
  ) {}

export class ResourcesApi extends HttpApiGroup.make("resources").add(
  HttpApiEndpoint.get("byKey", "/api/Resources/:key")
    .setPath(Schema.Struct({ key: ResourceKey }))
    .addSuccess(ResourceResponse)
    .addError(NotFound),
) {}

export class HowzatApi extends HttpApi.make("howzat")
  .add(CompetitionsApi)
  .add(CategoriesApi)
  .add(DrawsApi)
  .add(ResourcesApi)
  .addError(BadRequest)
  .addError(Forbidden)
  .addError(ServiceUnavailable) {}
