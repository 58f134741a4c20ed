import { HttpApi } from "@effect/platform"
import { AuthApi } from "./auth-api.js"
import { BasketsApi } from "./baskets-api.js"
import { AttributeTypesApi, CategoryAdminApi, CompetitionAdminApi } from "./catalogue-admin.js"
import { CategoriesApi } from "./categories-api.js"
import { ClubPerksApi } from "./club-perks.js"
import { ClubsApi } from "./clubs.js"
import { CompetitionWinnersApi } from "./competition-winners-api.js"
import { CompetitionsApi } from "./competitions-api.js"
import { ComplaintsApi, StaffComplaintsApi } from "./complaints.js"
import { ContactApi, ContactMessagesApi } from "./contact.js"
import { CustomerTicketsApi } from "./customer-tickets-api.js"
import { CustomersApi } from "./customers.js"
import { DashboardApi } from "./dashboard.js"
import { DrawsApi } from "./draws-api.js"
import { HarmSignalsApi, ResponsiblePlayApi } from "./harm-signals.js"
import { ImageGroupsApi, ImagesApi } from "./images.js"
import { InstantWinGroupsApi } from "./instant-win-groups.js"
import { LoggingApi } from "./logging-api.js"
import { OrdersApi } from "./orders-api.js"
import { PaymentProvidersApi } from "./payments.js"
import { PickedNumbersApi } from "./picked-numbers.js"
import { PostalEntriesApi } from "./postal-entries.js"
import { BadRequest, Forbidden, ServiceUnavailable } from "./problems.js"
import { PromotionsApi } from "./promotions.js"
import { ReferralsApi } from "./referrals.js"
import { ReportsApi } from "./reports.js"
import { ResourcesApi, SiteContentApi } from "./site-content.js"
import { SiteCreditApi } from "./site-credit.js"
import { SpendLimitsApi } from "./spend-limits.js"
import { StaffCustomersApi } from "./staff-customers.js"
import { StaffOrdersApi } from "./staff-orders.js"
import { AuditLogApi, UsersApi } from "./staff-users.js"
import { AccountStandingApi } from "./standing.js"

/**
 * The whole API, assembled from each business area's groups; the order of
 * the groups is the OpenAPI document's. Paths and PascalCase query names are
 * docs/product/api.md's, letter for letter.
 */
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
