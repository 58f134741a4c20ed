import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { CompetitionWinnerList, CompetitionWinnerParams, DrawResponse } from "./catalogue.js"
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
import {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  ServiceUnavailable,
  Unauthorized,
} from "./problems.js"
import { Authentication, OptionalAuthentication, StaffPermission } from "./security.js"

/**
 * docs/product/api.md's draws, plus what makes them verifiable: each competition's
 * proof and the entry list it was drawn from (docs/fairness.md). Drawing
 * and the host's waiting list are for staff; the rest is public.
 */
/** The one competition an endpoint is about. */
const CompetitionPath = Schema.Struct({ competitionId: Schema.UUID })

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
      .setPath(CompetitionPath)
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
      .setPath(CompetitionPath)
      .addSuccess(DrawnCompetitionAnswer)
      .addError(Forbidden)
      .addError(NotFound)
      .addError(Conflict)
      .addError(ServiceUnavailable)
      .middleware(Authentication),
  )
  .add(
    HttpApiEndpoint.get("proof", "/api/Draws/proof/:competitionId")
      .setPath(CompetitionPath)
      .addSuccess(DrawProofResponse)
      .addError(NotFound)
      .middleware(OptionalAuthentication),
  )
  .add(
    HttpApiEndpoint.get("entries", "/api/Draws/entries/:competitionId")
      .setPath(CompetitionPath)
      .addSuccess(HttpApiSchema.Text({ contentType: "text/plain; charset=utf-8" }))
      .addError(NotFound)
      .middleware(OptionalAuthentication),
  )
  .add(
    // Redraws of unclaimed prizes (docs/fairness.md, "Redraws"; decision 0082).
    HttpApiEndpoint.post("redraw", "/api/Draws/redraw/:competitionId")
      .setPath(CompetitionPath)
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
      .setPath(CompetitionPath)
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
      .setPath(CompetitionPath)
      .addSuccess(HttpApiSchema.Text({ contentType: "text/csv; charset=utf-8" }))
      .addError(Forbidden)
      .addError(NotFound)
      .middleware(Authentication)
      .annotate(StaffPermission, "DrawCompetitions"),
  ) {}
