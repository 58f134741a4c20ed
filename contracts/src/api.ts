import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import {
  AuthenticateRequest,
  AuthResponse,
  ChangeEmailAddressRequest,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  MessageResponse,
  RequestLoginTokenRequest,
  ResendVerificationRequest,
  ResetPasswordRequest,
  TokenRequest,
} from "./auth.js"
import {
  AddBasketItemRequest,
  BasketResponse,
  CreateBasketParams,
  RegisterPromotionRequest,
  RegisterPromotionResponse,
  SetBasketItemRequest,
  UpdateBasketRequest,
} from "./baskets.js"
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
} from "./catalogue.js"
import { AttributeTypesApi, CategoryAdminApi, CompetitionAdminApi } from "./catalogue-admin.js"
import { ClubPerksApi } from "./club-perks.js"
import { ClubsApi } from "./clubs.js"
import {
  InstantWinPrizeWinnerList,
  InstantWinPrizeWinnerResponse,
  MainPrizeWinnerList,
  MainPrizeWinnerResponse,
  PrizeAwardedRequest,
  TicketNumberFromPath,
  WinnerListParams,
  WinnerNoteList,
  WinnerNoteRequest,
  WinnerNoteResponse,
  WinnerStatusRequest,
  WinnerVisibilityRequest,
} from "./competition-winners.js"
import { ComplaintsApi, StaffComplaintsApi } from "./complaints.js"
import { ContactApi, ContactMessagesApi } from "./contact.js"
import {
  CustomerList,
  CustomerListParams,
  CustomerResponse,
  CustomerUpdateRequest,
  RegistrationRequest,
} from "./customers.js"
import { Dashboard, DashboardCharts } from "./dashboard.js"
import {
  ClaimWindow,
  CompetitionsAwaitingDraw,
  CompetitionsAwaitingLiveDraw,
  DrawHostSheet,
  DrawList,
  DrawListParams,
  DrawnCompetitionAnswer,
  DrawProofResponse,
  RedrawRequest,
  RedrawResponse,
} from "./draws.js"
import { HarmSignalsApi, ResponsiblePlayApi } from "./harm-signals.js"
import { ImageGroupsApi, ImagesApi } from "./images.js"
import {
  InstantWinGroupDeleted,
  InstantWinGroupRequest,
  InstantWinGroupResponse,
} from "./instant-win-groups.js"
import {
  CheckoutRequest,
  CheckoutResponse,
  CustomerCompetitionList,
  CustomerCompetitionParams,
  LoggingRequest,
  OpenCompetitionsHeldResponse,
  OrderList,
  OrderListParams,
  OrderResponse,
  OrderTicketList,
  OwnTicketParams,
  SiteCreditAccountResponse,
  TicketsHeldResponse,
} from "./orders.js"
import { PagingParams } from "./paging.js"
import { CardFormResponse } from "./payments.js"
import { PickedNumbersApi } from "./picked-numbers.js"
import { PostalEntriesApi } from "./postal-entries.js"
import {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  PaymentRequired,
  ServiceUnavailable,
  TooManyRequests,
  Unauthorized,
} from "./problems.js"
import {
  PromotionList,
  PromotionListParams,
  PromotionRequest,
  PromotionResponse,
} from "./promotions.js"
import { ReferralsApi } from "./referrals.js"
import { ReportsApi } from "./reports.js"
import {
  ConfirmEnrolmentResponse,
  EnrolmentResponse,
  RecoveryCodesResponse,
  RegenerateRecoveryCodesRequest,
  SecondFactorRequest,
  SecondFactorRequired,
  StartEnrolmentRequest,
} from "./second-factor.js"
import { Authentication, OptionalAuthentication, StaffPermission } from "./security.js"
import {
  EditableResourceList,
  EditableResourceResponse,
  UpdateResourceRequest,
} from "./site-content.js"
import { SiteCreditApi } from "./site-credit.js"
import { SpendLimitsApi } from "./spend-limits.js"
import { StaffCustomersApi } from "./staff-customers.js"
import { StaffOrdersApi } from "./staff-orders.js"
import { AuditLogApi, UsersApi } from "./staff-users.js"
import { AccountStandingApi } from "./standing.js"
import { boundedString } from "./text.js"

/** Paths and PascalCase query names are docs/product/api.md's, letter for letter. */
const Id = Schema.UUID

export class CompetitionsApi extends HttpApiGroup.make("competitions")
  .add(
    // VisibilityStatus other than VisibleOnly is for staff: 401 to nobody, 403 to a customer.
    HttpApiEndpoint.get("list", "/api/Competitions")
      .setUrlParams(CompetitionListParams)
      .addSuccess(CompetitionList)
      .addError(Unauthorized)
      .middleware(OptionalAuthentication),
  )
  .add(
    // Staff also open hidden competitions, to edit them.
    HttpApiEndpoint.get("byId", "/api/Competitions/:competitionId")
      .setPath(Schema.Struct({ competitionId: Id }))
      .addSuccess(CompetitionResponse)
      .addError(NotFound)
      .middleware(OptionalAuthentication),
  )
  .add(
    // InstantWinTicketsOnly=false (every sold ticket and its holder) is for staff,
    // and so is a TicketStatus other than All.
    HttpApiEndpoint.get("tickets", "/api/Competitions/:competitionId/tickets")
      .setPath(Schema.Struct({ competitionId: Id }))
      .setUrlParams(TicketListParams)
      .addSuccess(TicketList)
      .addError(NotFound)
      .addError(Unauthorized)
      .middleware(OptionalAuthentication),
  )
  .add(
    HttpApiEndpoint.get(
      "instantWinGroupTickets",
      "/api/Competitions/:competitionId/instant-win-groups/:instantWinGroupId/tickets",
    )
      .setPath(Schema.Struct({ competitionId: Id, instantWinGroupId: Id }))
      .setUrlParams(TicketListParams)
      .addSuccess(TicketList)
      .addError(NotFound)
      .addError(Unauthorized)
      .middleware(OptionalAuthentication),
  ) {}

const InstantWinGroupPath = Schema.Struct({ competitionId: Id, instantWinGroupId: Id })

/**
 * Staff set up a competition's instant wins before it opens; each change
 * answers with the competition's new instant-win commitment. 409 once the
 * competition is open (docs/decisions/0021).
 */
export class InstantWinGroupsApi extends HttpApiGroup.make("instantWinGroups")
  .add(
    HttpApiEndpoint.post("create", "/api/Competitions/:competitionId/instant-win-groups")
      .setPath(Schema.Struct({ competitionId: Id }))
      .setPayload(InstantWinGroupRequest)
      .addSuccess(InstantWinGroupResponse, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.put(
      "update",
      "/api/Competitions/:competitionId/instant-win-groups/:instantWinGroupId",
    )
      .setPath(InstantWinGroupPath)
      .setPayload(InstantWinGroupRequest)
      .addSuccess(InstantWinGroupResponse),
  )
  .add(
    HttpApiEndpoint.del(
      "delete",
      "/api/Competitions/:competitionId/instant-win-groups/:instantWinGroupId",
    )
      .setPath(InstantWinGroupPath)
      .addSuccess(InstantWinGroupDeleted),
  )
  .addError(NotFound)
  .addError(Conflict)
  .middleware(Authentication) {}

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
      .setPath(Schema.Struct({ categoryId: Id }))
      .addSuccess(CategoryResponse)
      .addError(NotFound)
      .middleware(OptionalAuthentication),
  )
  .add(
    HttpApiEndpoint.get("competitions", "/api/Categories/:categoryId/competitions")
      .setPath(Schema.Struct({ categoryId: Id }))
      .setUrlParams(CategoryCompetitionParams)
      .addSuccess(CompetitionList)
      .addError(NotFound),
  ) {}

/**
 * docs/product/api.md's draws, plus what makes them verifiable: each competition's
 * proof and the entry list it was drawn from (docs/fairness.md). Drawing
 * and the host's waiting list are for staff; the rest is public.
 */
export class DrawsApi extends HttpApiGroup.make("draws")
  .add(
    HttpApiEndpoint.get("list", "/api/Draws")
      .setUrlParams(DrawListParams)
      .addSuccess(DrawList)
      .middleware(OptionalAuthentication),
  )
  .add(HttpApiEndpoint.get("nextLiveDraw", "/api/Draws/NextLiveDraw").addSuccess(DrawResponse))
  .add(HttpApiEndpoint.get("nextAutoDraw", "/api/Draws/NextAutoDraw").addSuccess(DrawResponse))
  .add(
    HttpApiEndpoint.get("competitionWinners", "/api/Draws/competition-winners")
      .setUrlParams(CompetitionWinnerParams)
      .addSuccess(CompetitionWinnerList)
      .addError(Unauthorized)
      .addError(Forbidden)
      .middleware(OptionalAuthentication),
  )
  .add(
    HttpApiEndpoint.get("competitionWinnersOf", "/api/Draws/competition-winners/:competitionId")
      .setPath(Schema.Struct({ competitionId: Id }))
      .setUrlParams(CompetitionWinnerParams)
      .addSuccess(CompetitionWinnerList)
      .addError(Unauthorized)
      .addError(Forbidden)
      .middleware(OptionalAuthentication),
  )
  .add(
    // Not in docs/product/api.md: the public side of the host's waiting list, for /Live (decision 0025).
    HttpApiEndpoint.get("awaitingLiveDraw", "/api/Draws/awaiting-live-draw").addSuccess(
      CompetitionsAwaitingLiveDraw,
    ),
  )
  .add(
    HttpApiEndpoint.get("waitingToBeDrawn", "/api/Draws/CompetitionsWaitingToBeDrawn")
      .addSuccess(CompetitionsAwaitingDraw)
      .addError(Forbidden)
      .middleware(Authentication),
  )
  .add(
    HttpApiEndpoint.post(
      "drawCompetitionWinner",
      "/api/Draws/draw-competition-winner/:competitionId",
    )
      .setPath(Schema.Struct({ competitionId: Id }))
      .addSuccess(DrawnCompetitionAnswer)
      .addError(Forbidden)
      .addError(NotFound)
      .addError(Conflict)
      .addError(ServiceUnavailable)
      .middleware(Authentication),
  )
  .add(
    HttpApiEndpoint.get("proof", "/api/Draws/proof/:competitionId")
      .setPath(Schema.Struct({ competitionId: Id }))
      .addSuccess(DrawProofResponse)
      .addError(NotFound)
      .middleware(OptionalAuthentication),
  )
  .add(
    HttpApiEndpoint.get("entries", "/api/Draws/entries/:competitionId")
      .setPath(Schema.Struct({ competitionId: Id }))
      .addSuccess(HttpApiSchema.Text({ contentType: "text/plain; charset=utf-8" }))
      .addError(NotFound)
      .middleware(OptionalAuthentication),
  )
  .add(
    // Redraws of unclaimed prizes (docs/fairness.md, "Redraws"; decision 0082).
    HttpApiEndpoint.post("redraw", "/api/Draws/redraw/:competitionId")
      .setPath(Schema.Struct({ competitionId: Id }))
      .setPayload(RedrawRequest)
      .addSuccess(RedrawResponse)
      .addError(Forbidden)
      .addError(NotFound)
      .addError(Conflict)
      .addError(ServiceUnavailable)
      .middleware(Authentication)
      .annotate(StaffPermission, "DrawCompetitions"),
  )
  .add(
    // The live-draw host's view of one competition (decision 0079).
    HttpApiEndpoint.get("hostSheet", "/api/Draws/host/:competitionId")
      .setPath(Schema.Struct({ competitionId: Id }))
      .addSuccess(DrawHostSheet)
      .addError(Forbidden)
      .addError(NotFound)
      .middleware(Authentication)
      .annotate(StaffPermission, "DrawCompetitions"),
  )
  .add(
    HttpApiEndpoint.get("claimWindow", "/api/Draws/claim-window")
      .addSuccess(ClaimWindow)
      .addError(Forbidden)
      .middleware(Authentication)
      .annotate(StaffPermission, "ManageWinners"),
  )
  .add(
    HttpApiEndpoint.put("setClaimWindow", "/api/Draws/claim-window")
      .setPayload(ClaimWindow)
      .addSuccess(ClaimWindow)
      .addError(BadRequest)
      .addError(Forbidden)
      .middleware(Authentication)
      .annotate(StaffPermission, "ManageWinners"),
  )
  .add(
    // The entry list with first names and surname initials, as CSV for staff to publish
    // (decision 0079); never an email, phone or address.
    HttpApiEndpoint.get("entryListCsv", "/api/Draws/entry-list/:competitionId")
      .setPath(Schema.Struct({ competitionId: Id }))
      .addSuccess(HttpApiSchema.Text({ contentType: "text/csv; charset=utf-8" }))
      .addError(Forbidden)
      .addError(NotFound)
      .middleware(Authentication)
      .annotate(StaffPermission, "DrawCompetitions"),
  ) {}

const InstantWinPath = Schema.Struct({ instantWinId: Id })
const MainWinnerPath = Schema.Struct({ competitionId: Id, ticketNumber: TicketNumberFromPath })
const NotePath = Schema.Struct({ noteId: Id })

/**
 * docs/product/api.md's CompetitionWinners, for staff: the winners lists, whether each
 * prize has been handed over, and staff's notes. A note is edited or
 * deleted by its id under its kind of winner (decision 0023).
 */
export class CompetitionWinnersApi extends HttpApiGroup.make("competitionWinners")
  .add(
    HttpApiEndpoint.get("instantWinPrizeWinners", "/api/CompetitionWinners/InstantWinPrizeWinners")
      .setUrlParams(WinnerListParams)
      .addSuccess(InstantWinPrizeWinnerList),
  )
  .add(
    HttpApiEndpoint.get(
      "instantWinNotes",
      "/api/CompetitionWinners/InstantWinPrizeWinners/:instantWinId/Notes",
    )
      .setPath(InstantWinPath)
      .addSuccess(WinnerNoteList)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post(
      "addInstantWinNote",
      "/api/CompetitionWinners/InstantWinPrizeWinners/:instantWinId/Notes",
    )
      .setPath(InstantWinPath)
      .setPayload(WinnerNoteRequest)
      .addSuccess(WinnerNoteResponse, { status: 201 })
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.put(
      "editInstantWinNote",
      "/api/CompetitionWinners/InstantWinPrizeWinners/Notes/:noteId",
    )
      .setPath(NotePath)
      .setPayload(WinnerNoteRequest)
      .addSuccess(WinnerNoteResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.del(
      "deleteInstantWinNote",
      "/api/CompetitionWinners/InstantWinPrizeWinners/Notes/:noteId",
    )
      .setPath(NotePath)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post(
      "setInstantWinStatus",
      "/api/CompetitionWinners/InstantWinPrizeWinners/:instantWinId/Status",
    )
      .setPath(InstantWinPath)
      .setPayload(WinnerStatusRequest)
      .addSuccess(InstantWinPrizeWinnerResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get("mainPrizeWinners", "/api/CompetitionWinners/MainPrizeWinners")
      .setUrlParams(WinnerListParams)
      .addSuccess(MainPrizeWinnerList),
  )
  .add(
    HttpApiEndpoint.get(
      "mainPrizeNotes",
      "/api/CompetitionWinners/MainPrizeWinners/:competitionId/:ticketNumber/Notes",
    )
      .setPath(MainWinnerPath)
      .addSuccess(WinnerNoteList)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post(
      "addMainPrizeNote",
      "/api/CompetitionWinners/MainPrizeWinners/:competitionId/:ticketNumber/Notes",
    )
      .setPath(MainWinnerPath)
      .setPayload(WinnerNoteRequest)
      .addSuccess(WinnerNoteResponse, { status: 201 })
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.put(
      "editMainPrizeNote",
      "/api/CompetitionWinners/MainPrizeWinners/Notes/:noteId",
    )
      .setPath(NotePath)
      .setPayload(WinnerNoteRequest)
      .addSuccess(WinnerNoteResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.del(
      "deleteMainPrizeNote",
      "/api/CompetitionWinners/MainPrizeWinners/Notes/:noteId",
    )
      .setPath(NotePath)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post(
      "setMainPrizeStatus",
      "/api/CompetitionWinners/MainPrizeWinners/:competitionId/:ticketNumber/Status",
    )
      .setPath(MainWinnerPath)
      .setPayload(WinnerStatusRequest)
      .addSuccess(MainPrizeWinnerResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post(
      "setMainPrizeVisibility",
      "/api/CompetitionWinners/MainPrizeWinners/:competitionId/:ticketNumber/Visibility",
    )
      .setPath(MainWinnerPath)
      .setPayload(WinnerVisibilityRequest)
      .addSuccess(MainPrizeWinnerResponse)
      .addError(NotFound)
      .annotate(StaffPermission, "ManageWinners"),
  )
  .add(
    HttpApiEndpoint.post(
      "setMainPrizeAwardedAs",
      "/api/CompetitionWinners/MainPrizeWinners/:competitionId/:ticketNumber/PrizeAwarded",
    )
      .setPath(MainWinnerPath)
      .setPayload(PrizeAwardedRequest)
      .addSuccess(MainPrizeWinnerResponse)
      .addError(NotFound)
      .addError(Conflict)
      .annotate(StaffPermission, "ManageWinners"),
  )
  .add(
    HttpApiEndpoint.post(
      "setInstantWinVisibility",
      "/api/CompetitionWinners/InstantWinPrizeWinners/:instantWinId/Visibility",
    )
      .setPath(InstantWinPath)
      .setPayload(WinnerVisibilityRequest)
      .addSuccess(InstantWinPrizeWinnerResponse)
      .addError(NotFound)
      .annotate(StaffPermission, "ManageWinners"),
  )
  .addError(Unauthorized)
  .addError(Forbidden)
  .middleware(Authentication) {}

export class ResourcesApi extends HttpApiGroup.make("resources").add(
  HttpApiEndpoint.get("byKey", "/api/Resources/:key")
    .setPath(Schema.Struct({ key: ResourceKey }))
    .addSuccess(ResourceResponse)
    .addError(NotFound),
) {}

/**
 * docs/product/api.md's auth calls, all POST with JSON. The refresh token never appears
 * in a body: it travels in the httpOnly `howzat_refresh` cookie (Path
 * /api/auth), set by every call that answers with AuthResponse.
 */
export class AuthApi extends HttpApiGroup.make("auth")
  .add(
    HttpApiEndpoint.post("authenticate", "/api/auth/authenticate")
      .setPayload(AuthenticateRequest)
      .addSuccess(AuthResponse)
      // Before Unauthorized: both are 401s, and the error encoder takes the first that fits.
      .addError(SecondFactorRequired)
      .addError(Unauthorized)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("authenticateByToken", "/api/auth/authenticate-by-token")
      .setPayload(TokenRequest)
      .addSuccess(AuthResponse)
      // Before Unauthorized: both are 401s, and the error encoder takes the first that fits.
      .addError(SecondFactorRequired)
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
      .addError(TooManyRequests)
      .middleware(Authentication),
  )
  .add(
    // "Resend" after registering: rate-limited per account (429 says when to try again).
    HttpApiEndpoint.post("resendVerificationEmail", "/api/auth/resend-verification-email")
      .setPayload(ResendVerificationRequest)
      .addSuccess(MessageResponse)
      .addError(TooManyRequests)
      .middleware(Authentication),
  )
  .add(
    HttpApiEndpoint.post("changePassword", "/api/auth/change-password")
      .setPayload(ChangePasswordRequest)
      .addSuccess(MessageResponse)
      .middleware(Authentication),
  )
  // An Admin's second factor (decision 0032): a challenge from authenticate, then a code.
  .add(
    HttpApiEndpoint.post("verifySecondFactor", "/api/auth/second-factor")
      .setPayload(SecondFactorRequest)
      .addSuccess(AuthResponse)
      .addError(Unauthorized)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("startSecondFactorEnrolment", "/api/auth/second-factor/enrolment")
      .setPayload(StartEnrolmentRequest)
      .addSuccess(EnrolmentResponse)
      .addError(Unauthorized)
      .addError(Conflict),
  )
  .add(
    HttpApiEndpoint.post(
      "confirmSecondFactorEnrolment",
      "/api/auth/second-factor/enrolment/confirm",
    )
      .setPayload(SecondFactorRequest)
      .addSuccess(ConfirmEnrolmentResponse)
      .addError(Unauthorized)
      .addError(Conflict)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("regenerateRecoveryCodes", "/api/auth/second-factor/recovery-codes")
      .setPayload(RegenerateRecoveryCodesRequest)
      .addSuccess(RecoveryCodesResponse)
      .addError(BadRequest)
      .addError(Unauthorized)
      .addError(TooManyRequests)
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
      // A staff edit of an erased customer.
      .addError(Conflict)
      .middleware(Authentication),
  ) {}

const BasketPath = Schema.Struct({ basketId: Id })

/**
 * docs/product/api.md's baskets. Anyone holding the basket's id may use it (the id is a
 * random uuid); a signed-in customer's basket is priced with their purchases
 * and site credit. Every change answers with the whole basket, repriced.
 * Changing a quantity is PUT .../items/{itemId} (docs/product/api.md leaves the path
 * open; docs/decisions/0007).
 */
export class BasketsApi extends HttpApiGroup.make("baskets")
  .add(
    HttpApiEndpoint.post("create", "/api/Baskets")
      .setUrlParams(CreateBasketParams)
      .addSuccess(BasketResponse, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/Baskets/:basketId")
      .setPath(BasketPath)
      .addSuccess(BasketResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.put("update", "/api/Baskets/:basketId")
      .setPath(BasketPath)
      .setPayload(UpdateBasketRequest)
      .addSuccess(BasketResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post("addItem", "/api/Baskets/:basketId/items")
      .setPath(BasketPath)
      .setPayload(AddBasketItemRequest)
      .addSuccess(BasketResponse)
      .addError(NotFound)
      .addError(Conflict),
  )
  .add(
    HttpApiEndpoint.del("clearItems", "/api/Baskets/:basketId/items")
      .setPath(BasketPath)
      .addSuccess(BasketResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.put("setItem", "/api/Baskets/:basketId/items/:itemId")
      .setPath(Schema.Struct({ basketId: Id, itemId: Id }))
      .setPayload(SetBasketItemRequest)
      .addSuccess(BasketResponse)
      .addError(NotFound)
      .addError(Conflict),
  )
  .add(
    HttpApiEndpoint.del("removeItem", "/api/Baskets/:basketId/items/:itemId")
      .setPath(Schema.Struct({ basketId: Id, itemId: Id }))
      .addSuccess(BasketResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post("registerPromotion", "/api/Baskets/:basketId/promotions")
      .setPath(BasketPath)
      .setPayload(RegisterPromotionRequest)
      .addSuccess(RegisterPromotionResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.del("clearPromotions", "/api/Baskets/:basketId/promotions")
      .setPath(BasketPath)
      .addSuccess(BasketResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.del("removePromotion", "/api/Baskets/:basketId/promotions/:promotionCode")
      .setPath(Schema.Struct({ basketId: Id, promotionCode: boundedString(100) }))
      .addSuccess(BasketResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post("checkout", "/api/Baskets/:basketId/checkout")
      .setPath(BasketPath)
      .setPayload(CheckoutRequest)
      .addSuccess(CheckoutResponse)
      .addError(NotFound)
      .addError(Conflict)
      .middleware(Authentication),
  )
  // Any change may meet a closed competition, a limit or a basket that is gone.
  .addError(NotFound)
  .addError(Conflict)
  .middleware(OptionalAuthentication) {}

const OrderPath = Schema.Struct({ orderId: Id })

/** A provider's own name for one payment (TrueLayer's payment id, say). */
const PaymentReferencePath = Schema.Struct({
  provider: Schema.String.pipe(Schema.pattern(/^[a-z][a-z0-9-]{0,39}$/)),
  reference: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
})

/** How the customer chose to pay; the shop's default method when absent (decision 0071). */
const StartPaymentParams = Schema.Struct({
  method: Schema.optional(Schema.Literal("Card", "BankTransfer")),
})

/**
 * docs/product/api.md's orders, for the customer who placed them (staff later). The
 * signed status notification is not here: its HMAC is over the raw body, so
 * the Hono edge verifies it before any parsing (adapters/http).
 */
export class OrdersApi extends HttpApiGroup.make("orders")
  .add(
    HttpApiEndpoint.get("list", "/api/Orders")
      .setUrlParams(OrderListParams)
      .addSuccess(OrderList)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/Orders/:orderId")
      .setPath(OrderPath)
      .addSuccess(OrderResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post("cancel", "/api/Orders/:orderId/cancel-order")
      .setPath(OrderPath)
      .addSuccess(OrderResponse)
      .addError(NotFound)
      .addError(Conflict),
  )
  .add(
    HttpApiEndpoint.post("complete", "/api/Orders/:orderId/complete-order")
      .setPath(OrderPath)
      .addSuccess(OrderResponse)
      .addError(NotFound)
      .addError(Conflict)
      .addError(PaymentRequired),
  )
  .add(
    HttpApiEndpoint.post("startPayment", "/api/Orders/:orderId/payments")
      .setPath(OrderPath)
      .setUrlParams(StartPaymentParams)
      .addSuccess(OrderResponse)
      .addError(NotFound)
      .addError(Conflict),
  )
  .add(
    // The customer back from a provider's page, which names only its own payment.
    HttpApiEndpoint.get("byPayment", "/api/Orders/by-payment/:provider/:reference")
      .setPath(PaymentReferencePath)
      .addSuccess(OrderResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get("tickets", "/api/Orders/:orderId/tickets")
      .setPath(OrderPath)
      .setUrlParams(OwnTicketParams)
      .addSuccess(OrderTicketList)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get(
      "competitionTickets",
      "/api/Orders/:orderId/competitions/:competitionId/tickets",
    )
      .setPath(Schema.Struct({ orderId: Id, competitionId: Id }))
      .setUrlParams(OwnTicketParams)
      .addSuccess(OrderTicketList)
      .addError(NotFound),
  )
  .middleware(Authentication) {}

/** What a customer holds: /Account/Tickets, /Account/SiteCredit and the ticket selector read these. */
export class CustomerTicketsApi extends HttpApiGroup.make("customerTickets")
  .add(
    HttpApiEndpoint.get("competitions", "/api/Customers/:customerId/competitions")
      .setPath(Schema.Struct({ customerId: Id }))
      .setUrlParams(CustomerCompetitionParams)
      .addSuccess(CustomerCompetitionList)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get(
      "competitionTickets",
      "/api/Customers/:customerId/competitions/:competitionId/tickets",
    )
      .setPath(Schema.Struct({ customerId: Id, competitionId: Id }))
      .setUrlParams(OwnTicketParams)
      .addSuccess(OrderTicketList)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get(
      "ticketsHeld",
      "/api/Customers/:customerId/competitions/:competitionId/tickets-held",
    )
      .setPath(Schema.Struct({ customerId: Id, competitionId: Id }))
      .addSuccess(TicketsHeldResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get("openCompetitionsHeld", "/api/Customers/:customerId/open-competitions")
      .setPath(Schema.Struct({ customerId: Id }))
      .addSuccess(OpenCompetitionsHeldResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get("siteCreditAccount", "/api/Customers/:customerId/site-credit-account")
      .setPath(Schema.Struct({ customerId: Id }))
      .setUrlParams(Schema.Struct(PagingParams))
      .addSuccess(SiteCreditAccountResponse)
      .addError(NotFound),
  )
  .middleware(Authentication) {}

/**
 * The card form of the provider that takes this shop's payments: which one,
 * and for a real provider its script and publishable key. Public, like the
 * page that needs it (docs/decisions/0018).
 */
export class PaymentProvidersApi extends HttpApiGroup.make("paymentProviders").add(
  HttpApiEndpoint.get("cardForm", "/api/PaymentProviders/card-form").addSuccess(CardFormResponse),
) {}

/** POST /api/Logging: anyone may report; the server logs it and answers 204. */
/**
 * Staff editing the site's content: the Resources the storefront reads by
 * key (GET /api/Resources/{key} stays public), listed with what each is for.
 */
export class SiteContentApi extends HttpApiGroup.make("siteContent")
  .add(HttpApiEndpoint.get("list", "/api/SiteContent").addSuccess(EditableResourceList))
  .add(
    HttpApiEndpoint.put("update", "/api/Resources/:key")
      .setPath(Schema.Struct({ key: ResourceKey }))
      .setPayload(UpdateResourceRequest)
      .addSuccess(EditableResourceResponse)
      .addError(NotFound),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(StaffPermission, "ManageContent") {}

/** Vouchers for staff (ManagePromotions): an extension to docs/product/api.md for the back office. */
export class PromotionsApi extends HttpApiGroup.make("promotions")
  .add(
    HttpApiEndpoint.get("list", "/api/Promotions")
      .setUrlParams(PromotionListParams)
      .addSuccess(PromotionList),
  )
  .add(
    HttpApiEndpoint.post("create", "/api/Promotions")
      .setPayload(PromotionRequest)
      .addSuccess(PromotionResponse, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/Promotions/:promotionId")
      .setPath(Schema.Struct({ promotionId: Id }))
      .addSuccess(PromotionResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.put("update", "/api/Promotions/:promotionId")
      .setPath(Schema.Struct({ promotionId: Id }))
      .setPayload(PromotionRequest)
      .addSuccess(PromotionResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.del("remove", "/api/Promotions/:promotionId")
      .setPath(Schema.Struct({ promotionId: Id }))
      .addSuccess(Schema.Void, { status: 204 })
      .addError(NotFound)
      .addError(Conflict),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(StaffPermission, "ManagePromotions") {}

/** The back office's dashboard, for staff. */
export class DashboardApi extends HttpApiGroup.make("dashboard")
  .add(
    HttpApiEndpoint.get("dashboard", "/api/Dashboard")
      .addSuccess(Dashboard)
      .addError(Forbidden)
      .middleware(Authentication),
  )
  .add(
    HttpApiEndpoint.get("charts", "/api/Dashboard/Charts")
      .addSuccess(DashboardCharts)
      .addError(Forbidden)
      .middleware(Authentication),
  )
  .annotate(StaffPermission, "ViewBackOffice") {}

export class LoggingApi extends HttpApiGroup.make("logging").add(
  HttpApiEndpoint.post("log", "/api/Logging").setPayload(LoggingRequest),
) {}

export class HowzatApi extends HttpApi.make("howzat")
  .add(CompetitionsApi)
  .add(InstantWinGroupsApi)
  .add(CategoriesApi)
  .add(DrawsApi)
  .add(CompetitionWinnersApi)
  .add(PostalEntriesApi)
  .add(ResourcesApi)
  .add(AuthApi)
  .add(CustomersApi)
  .add(BasketsApi)
  .add(OrdersApi)
  .add(CustomerTicketsApi)
  .add(PaymentProvidersApi)
  .add(LoggingApi)
  .add(DashboardApi)
  .add(ReportsApi)
  .add(SiteContentApi)
  .add(PromotionsApi)
  .add(CompetitionAdminApi)
  .add(CategoryAdminApi)
  .add(AttributeTypesApi)
  .add(ImagesApi)
  .add(ImageGroupsApi)
  .add(StaffCustomersApi)
  .add(StaffOrdersApi)
  .add(UsersApi)
  .add(AuditLogApi)
  .add(ClubsApi)
  .add(ClubPerksApi)
  .add(ContactApi)
  .add(ContactMessagesApi)
  .add(ReferralsApi)
  .add(AccountStandingApi)
  .add(SiteCreditApi)
  .add(ComplaintsApi)
  .add(StaffComplaintsApi)
  .add(HarmSignalsApi)
  .add(ResponsiblePlayApi)
  .add(SpendLimitsApi)
  .add(PickedNumbersApi)
  .addError(BadRequest)
  .addError(Forbidden)
  .addError(ServiceUnavailable) {}
