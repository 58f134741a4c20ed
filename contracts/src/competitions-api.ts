import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import {
  CompetitionList,
  CompetitionListParams,
  CompetitionResponse,
  TicketList,
  TicketListParams,
} from "./catalogue.js"
import { NotFound, Unauthorized } from "./problems.js"
import { OptionalAuthentication } from "./security.js"

/** docs/product/api.md's competitions and their tickets: public, with more for signed-in staff. */
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
      .setPath(Schema.Struct({ competitionId: Schema.UUID }))
      .addSuccess(CompetitionResponse)
      .addError(NotFound)
      .middleware(OptionalAuthentication),
  )
  .add(
    // InstantWinTicketsOnly=false (every sold ticket and its holder) is for staff,
    // and so is a TicketStatus other than All.
    HttpApiEndpoint.get("tickets", "/api/Competitions/:competitionId/tickets")
      .setPath(Schema.Struct({ competitionId: Schema.UUID }))
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
      .setPath(Schema.Struct({ competitionId: Schema.UUID, instantWinGroupId: Schema.UUID }))
      .setUrlParams(TicketListParams)
      .addSuccess(TicketList)
      .addError(NotFound)
      .addError(Unauthorized)
      .middleware(OptionalAuthentication),
  ) {}
