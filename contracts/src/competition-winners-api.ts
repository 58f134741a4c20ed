import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
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
import { Conflict, Forbidden, NotFound, Unauthorized } from "./problems.js"
import { Authentication, StaffPermission } from "./security.js"

const InstantWinPath = Schema.Struct({ instantWinId: Schema.UUID })
const MainWinnerPath = Schema.Struct({
  competitionId: Schema.UUID,
  ticketNumber: TicketNumberFromPath,
})
const NotePath = Schema.Struct({ noteId: Schema.UUID })

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
