import { HttpApi, HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import {
  AuthenticateRequest,
  AuthResponse,
  ChangeEmailAddressRequest,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  MessageResponse,
  RequestLoginTokenRequest,
  ResetPasswordRequest,
  TokenRequest,
} from "./auth"
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
import {
  CustomerList,
  CustomerListParams,
  CustomerResponse,
  CustomerUpdateRequest,
  RegistrationRequest,
} from "./customers"
import {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  ServiceUnavailable,
  TooManyRequests,
  Unauthorized,
} from "./problems"
import { Authentication } from "./security"

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

/**
 * SPEC §7's auth calls, all POST with JSON. The refresh token never appears
 * in a body: it travels in the httpOnly `howzat_refresh` cookie (Path
 * /api/auth), set by every call that answers with AuthResponse.
 */
export class AuthApi extends HttpApiGroup.make("auth")
  .add(
    HttpApiEndpoint.post("authenticate", "/api/auth/authenticate")
      .setPayload(AuthenticateRequest)
      .addSuccess(AuthResponse)
      .addError(Unauthorized)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("authenticateByToken", "/api/auth/authenticate-by-token")
      .setPayload(TokenRequest)
      .addSuccess(AuthResponse)
      .addError(Unauthorized),
  )
  .add(
    HttpApiEndpoint.post("refreshToken", "/api/auth/refresh-token")
      .addSuccess(AuthResponse)
      .addError(Unauthorized),
  )
  .add(HttpApiEndpoint.post("revokeToken", "/api/auth/revoke-token").addSuccess(MessageResponse))
  .add(
    HttpApiEndpoint.post("verifyEmail", "/api/auth/verify-email")
      .setPayload(TokenRequest)
      .addSuccess(MessageResponse),
  )
  .add(
    HttpApiEndpoint.post("forgotPassword", "/api/auth/forgot-password")
      .setPayload(ForgotPasswordRequest)
      .addSuccess(MessageResponse)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("resetPassword", "/api/auth/reset-password")
      .setPayload(ResetPasswordRequest)
      .addSuccess(MessageResponse),
  )
  .add(
    HttpApiEndpoint.post("requestLoginToken", "/api/auth/request-login-token")
      .setPayload(RequestLoginTokenRequest)
      .addSuccess(MessageResponse)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("changeEmailAddress", "/api/auth/change-email-address")
      .setPayload(ChangeEmailAddressRequest)
      .addSuccess(MessageResponse)
      .addError(Conflict)
      .middleware(Authentication),
  )
  .add(
    HttpApiEndpoint.post("changePassword", "/api/auth/change-password")
      .setPayload(ChangePasswordRequest)
      .addSuccess(MessageResponse)
      .middleware(Authentication),
  ) {}

/** Registration is public; reading and changing a record needs the customer (or staff). */
export class CustomersApi extends HttpApiGroup.make("customers")
  .add(
    HttpApiEndpoint.post("register", "/api/Customers")
      .setPayload(RegistrationRequest)
      .addSuccess(AuthResponse)
      .addError(Conflict)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.get("list", "/api/Customers")
      .setUrlParams(CustomerListParams)
      .addSuccess(CustomerList)
      .middleware(Authentication),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/Customers/:customerId")
      .setPath(Schema.Struct({ customerId: Id }))
      .addSuccess(CustomerResponse)
      .addError(NotFound)
      .middleware(Authentication),
  )
  .add(
    HttpApiEndpoint.put("update", "/api/Customers/:customerId")
      .setPath(Schema.Struct({ customerId: Id }))
      .setPayload(CustomerUpdateRequest)
      .addSuccess(CustomerResponse)
      .addError(NotFound)
      .middleware(Authentication),
  ) {}

export class HowzatApi extends HttpApi.make("howzat")
  .add(CompetitionsApi)
  .add(CategoriesApi)
  .add(DrawsApi)
  .add(ResourcesApi)
  .add(AuthApi)
  .add(CustomersApi)
  .addError(BadRequest)
  .addError(Forbidden)
  .addError(ServiceUnavailable) {}
