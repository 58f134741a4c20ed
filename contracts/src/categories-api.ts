import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import {
  CategoryCompetitionParams,
  CategoryList,
  CategoryListParams,
  CategoryResponse,
  CompetitionList,
} from "./catalogue.js"
import { NotFound, Unauthorized } from "./problems.js"
import { OptionalAuthentication } from "./security.js"

/** docs/product/api.md's categories and the competitions in each, for anyone. */
export class CategoriesApi extends HttpApiGroup.make("categories")
  .add(
    HttpApiEndpoint.get("list", "/api/Categories")
      .setUrlParams(CategoryListParams)
      .addSuccess(CategoryList)
      .addError(Unauthorized)
      .middleware(OptionalAuthentication),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/Categories/:categoryId")
      .setPath(Schema.Struct({ categoryId: Schema.UUID }))
      .addSuccess(CategoryResponse)
      .addError(NotFound)
      .middleware(OptionalAuthentication),
  )
  .add(
    HttpApiEndpoint.get("competitions", "/api/Categories/:categoryId/competitions")
      .setPath(Schema.Struct({ categoryId: Schema.UUID }))
      .setUrlParams(CategoryCompetitionParams)
      .addSuccess(CompetitionList)
      .addError(NotFound),
  ) {}
