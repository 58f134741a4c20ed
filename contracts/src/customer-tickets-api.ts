import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import {
  CustomerCompetitionList,
  CustomerCompetitionParams,
  OpenCompetitionsHeldResponse,
  OrderTicketList,
  OwnTicketParams,
  SiteCreditAccountResponse,
  TicketsHeldResponse,
} from "./orders.js"
import { PagingParams } from "./paging.js"
import { NotFound } from "./problems.js"
import { Authentication } from "./security.js"

/** What a customer holds: /Account/Tickets, /Account/SiteCredit and the ticket selector read these. */
export class CustomerTicketsApi extends HttpApiGroup.make("customerTickets")
  .add(
    HttpApiEndpoint.get("competitions", "/api/Customers/:customerId/competitions")
      .setPath(Schema.Struct({ customerId: Schema.UUID }))
      .setUrlParams(CustomerCompetitionParams)
      .addSuccess(CustomerCompetitionList)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get(
      "competitionTickets",
      "/api/Customers/:customerId/competitions/:competitionId/tickets",
    )
      .setPath(Schema.Struct({ customerId: Schema.UUID, competitionId: Schema.UUID }))
      .setUrlParams(OwnTicketParams)
      .addSuccess(OrderTicketList)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get(
      "ticketsHeld",
      "/api/Customers/:customerId/competitions/:competitionId/tickets-held",
    )
      .setPath(Schema.Struct({ customerId: Schema.UUID, competitionId: Schema.UUID }))
      .addSuccess(TicketsHeldResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get("openCompetitionsHeld", "/api/Customers/:customerId/open-competitions")
      .setPath(Schema.Struct({ customerId: Schema.UUID }))
      .addSuccess(OpenCompetitionsHeldResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get("siteCreditAccount", "/api/Customers/:customerId/site-credit-account")
      .setPath(Schema.Struct({ customerId: Schema.UUID }))
      .setUrlParams(Schema.Struct(PagingParams))
      .addSuccess(SiteCreditAccountResponse)
      .addError(NotFound),
  )
  .middleware(Authentication) {}
