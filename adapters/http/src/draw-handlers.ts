import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { pageInfo } from "@howzat/contracts/paging"
import {
  badRequest,
  Conflict,
  NotFound,
  notFound,
  problemType,
  ServiceUnavailable,
} from "@howzat/contracts/problems"
import { CurrentUser, MaybeCurrentUser } from "@howzat/contracts/security"
import { Catalogue } from "@howzat/core/competitions"
import {
  type DrawRecord,
  Draws,
  type HostSheet,
  type PublishedProof,
  type PublishedRedraw,
} from "@howzat/core/draws"
import { entryListCsv, ordinalDateTime, type RedrawRefusal } from "@howzat/core/rules"
import { Effect, Option } from "effect"
import { repositoryProblem } from "./repository-problem"
import { notStaff, whenOf } from "./staff-problems"
import { competitionToWire, winnerToWire } from "./wire"

const conflict = (title: string, detail: string) =>
  new Conflict({ type: problemType("draw-not-possible"), title, detail, status: 409 })

const beaconProblem = (detail: string) =>
  new ServiceUnavailable({
    type: problemType("beacon-not-available"),
    title: "Service unavailable",
    detail,
    status: 503,
  })

const noSuchCompetition = () => Effect.fail(notFound("Not Found", "no such competition"))

export const drawToWire = (draw: DrawRecord & { readonly competitionName: string }) => ({
  competition: { id: draw.competitionId, name: draw.competitionName },
  drawType: draw.drawType,
  drawDate: draw.drawDate,
  drawnAt: draw.drawnAt,
  outcome: draw.outcome,
  entryCount: draw.entryCount,
  winningTicketNumber: draw.winningTicketNumber,
  winner: draw.winnerFullName === null ? null : { fullName: draw.winnerFullName },
})

export const proofToWire = (proof: PublishedProof) => ({
  competitionId: proof.competitionId,
  competitionName: proof.competitionName,
  closeDateTimeUtc: proof.closeDateTimeUtc,
  commitment: proof.commitment,
  commitmentPublishedAt: proof.commitmentPublishedAt,
  outcome: proof.draw === null ? ("NotDrawn" as const) : proof.draw.outcome,
  seed: proof.draw?.seed ?? null,
  entriesHash: proof.draw?.entriesHash ?? null,
  entryCount: proof.draw?.entryCount ?? null,
  beacon: proof.draw?.beacon ?? null,
  attempt: proof.draw?.attempt ?? null,
  winningTicketNumber: proof.draw?.winningTicketNumber ?? null,
  drawnAt: proof.draw?.drawnAt ?? null,
  prizeUnclaimedAt: proof.originalRedrawRequestedAt,
  redraws: proof.redraws.map(redrawToWire),
  instantWins: proof.instantWins,
})

export const redrawToWire = (
  r: Omit<PublishedRedraw, "redrawRequestedAt"> & {
    readonly redrawRequestedAt?: Date | null
  },
) => ({
  redrawNumber: r.redrawNumber,
  replacesTicketNumber: r.replacesTicketNumber,
  excludedTicketNumbers: r.excludedTicketNumbers,
  requestedAt: r.requestedAt,
  drawnAt: r.drawnAt,
  entriesHash: r.entriesHash,
  entryCount: r.entryCount,
  beacon: r.beacon,
  attempt: r.attempt,
  winningTicketNumber: r.winningTicketNumber,
  prizeUnclaimedAt: r.redrawRequestedAt ?? null,
})

/** Why staff may not redraw this winner, in their words. */
const refusalDetail = (refusal: RedrawRefusal): string => {
  switch (refusal.reason) {
    case "AlreadyRedrawn":
      return `This winner's prize was already marked unclaimed and redrawn on ${ordinalDateTime(refusal.at)}.`
    case "NotCurrentWinner":
      return "This winner was already replaced by a redraw: only the latest winner can be redrawn."
    case "PrizeClaimed":
      return "This prize has been handed over (processed), so it cannot be redrawn."
    case "ClaimWindowOpen":
      return `The winner can still claim until ${ordinalDateTime(refusal.until)}: redraw after that.`
  }
}

export const hostSheetToWire = (sheet: HostSheet) => ({
  competition: {
    id: sheet.competitionId,
    name: sheet.competitionName,
    drawType: sheet.drawType,
    closeDateTimeUtc: sheet.closeDateTimeUtc,
    drawDateTimeUtc: sheet.drawDateTimeUtc,
  },
  drawableFrom: sheet.drawableFrom,
  commitment: sheet.commitment,
  entryCount: sheet.entryCount,
  ordersAwaitingPayment: sheet.ordersAwaitingPayment,
  draw: sheet.draw,
  currentDateTimeUtc: sheet.now,
})

const viewer = Effect.map(MaybeCurrentUser, Option.getOrNull)

/**
 * docs/product/api.md's draws and the published proofs. Who may draw, which waiting
 * list each caller sees, or hidden winners is core's decision (Draws); this
 * maps its answers to HTTP, competitions as the catalogue spells them.
 */
export const DrawHandlersLive = HttpApiBuilder.group(HowzatApi, "draws", (handlers) =>
  Effect.gen(function* () {
    const catalogue = yield* Catalogue
    const draws = yield* Draws

    const winnersPage = (
      urlParams: {
        readonly DrawFromDate?: Date | undefined
        readonly DrawToDate?: Date | undefined
        readonly CompetitionId?: string | undefined
        readonly CustomerId?: string | undefined
        readonly CustomerName?: string | undefined
        readonly IncludeHiddenRecords: boolean
        readonly PageNumber: number
        readonly PageSize: number
      },
      competitionId: string | undefined,
    ) =>
      Effect.gen(function* () {
        const who = yield* viewer
        const page = yield* draws
          .winners(
            {
              fromDate: urlParams.DrawFromDate,
              toDate: urlParams.DrawToDate,
              competitionId: competitionId ?? urlParams.CompetitionId,
              customerId: urlParams.CustomerId,
              customerName: urlParams.CustomerName,
              includeHidden: urlParams.IncludeHiddenRecords,
              page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
            },
            who,
          )
          .pipe(Effect.catchTag("NotStaff", () => notStaff(who)))
        return { competitionWinners: page.items.map(winnerToWire), ...pageInfo(page) }
      }).pipe(Effect.catchTag("RepositoryError", repositoryProblem))

    return handlers
      .handle("list", ({ urlParams }) =>
        Effect.gen(function* () {
          const page = yield* draws.list(
            {
              fromDate: urlParams.DrawFromDate,
              toDate: urlParams.DrawToDate,
              page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
            },
            yield* viewer,
          )
          return { draws: page.items.map(drawToWire), ...pageInfo(page) }
        }).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("nextLiveDraw", () =>
        catalogue.nextLiveDraw.pipe(
          Effect.map((drawDate) => ({ draw: { drawDate, drawType: "Live" as const } })),
          Effect.catchTag("RepositoryError", repositoryProblem),
        ),
      )
      .handle("nextAutoDraw", () =>
        catalogue.nextAutoDraw.pipe(
          Effect.map((drawDate) => ({ draw: { drawDate, drawType: "Automatic" as const } })),
          Effect.catchTag("RepositoryError", repositoryProblem),
        ),
      )
      .handle("competitionWinners", ({ urlParams }) => winnersPage(urlParams, undefined))
      .handle("competitionWinnersOf", ({ path, urlParams }) =>
        winnersPage(urlParams, path.competitionId),
      )
      .handle("waitingToBeDrawn", () =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          const waiting = yield* draws
            .awaiting(principal)
            .pipe(Effect.catchTag("NotStaff", () => notStaff(principal)))
          return {
            competitions: waiting.map((c) => ({
              id: c.id,
              name: c.name,
              drawType: c.drawType,
              closeDateTimeUtc: c.closeDateTimeUtc,
              drawDateTimeUtc: c.drawDateTimeUtc,
              ticketsSoldToDate: c.ticketsSoldToDate,
            })),
          }
        }).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("awaitingLiveDraw", () =>
        Effect.gen(function* () {
          const waiting = yield* draws.awaitingLiveDraw
          const now = yield* catalogue.now
          return {
            competitions: waiting.map((c) => competitionToWire(c, now)),
            currentDateTimeUtc: now,
          }
        }).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("drawCompetitionWinner", ({ path }) =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          const made = yield* draws.drawOrFind(path.competitionId, principal).pipe(
            Effect.catchTags({
              NotStaff: () => notStaff(principal),
              CompetitionNotFound: noSuchCompetition,
              CompetitionHasNoDraw: () =>
                Effect.fail(conflict("No draw", "This competition has no draw.")),
              CompetitionStillOpen: (e) =>
                Effect.fail(
                  conflict(
                    "Still open",
                    `This competition is still open: it can be drawn once it closes on ${ordinalDateTime(e.closeDateTimeUtc)}.`,
                  ),
                ),
              DrawNotYetDue: (e) =>
                Effect.fail(
                  conflict(
                    "Not yet due",
                    `This competition's draw is advertised for ${ordinalDateTime(e.drawDateTimeUtc)}: it can be drawn from then.`,
                  ),
                ),
              OrdersAwaitingPayment: (e) =>
                Effect.fail(
                  conflict(
                    "Orders awaiting payment",
                    `${e.count} ${e.count === 1 ? "order is" : "orders are"} still awaiting payment for this competition. Draw once they are paid or have expired.`,
                  ),
                ),
              BeaconNotYetAvailable: (e) =>
                Effect.fail(
                  beaconProblem(
                    `The public randomness for this draw is published at ${whenOf(e.availableAt)}. Draw again after that.`,
                  ),
                ),
              BeaconUnreachable: () =>
                Effect.fail(
                  beaconProblem(
                    "The public randomness beacon could not be reached. Please try again soon.",
                  ),
                ),
            }),
          )
          return { draw: drawToWire(made.draw), madeNow: made.madeNow }
        }).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("hostSheet", ({ path }) =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          const sheet = yield* draws.hostSheet(path.competitionId, principal).pipe(
            Effect.catchTags({
              NotStaff: () => notStaff(principal),
              CompetitionNotFound: noSuchCompetition,
            }),
          )
          return hostSheetToWire(sheet)
        }).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("entryListCsv", ({ path }) =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          const list = yield* draws.publishableEntryList(path.competitionId, principal).pipe(
            Effect.catchTags({
              NotStaff: () => notStaff(principal),
              CompetitionNotFound: noSuchCompetition,
            }),
          )
          return HttpServerResponse.text(entryListCsv(list.rows), {
            contentType: "text/csv; charset=utf-8",
            headers: {
              // The id is a UUID (the path refuses anything else): safe inside the quotes.
              "content-disposition": `attachment; filename="entry-list-${list.competitionId}.csv"`,
              "cache-control": "no-store",
            },
          })
        }).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("proof", ({ path }) =>
        Effect.gen(function* () {
          const proof = yield* draws.proof(path.competitionId, yield* viewer)
          return { proof: proofToWire(proof) }
        }).pipe(
          Effect.catchTags({
            CompetitionNotFound: noSuchCompetition,
            RepositoryError: repositoryProblem,
          }),
        ),
      )
      .handle("redraw", ({ path, payload }) =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          const made = yield* draws
            .redraw(path.competitionId, payload.ticketNumber, principal)
            .pipe(
              Effect.catchTags({
                NotStaff: () => notStaff(principal),
                CompetitionNotFound: noSuchCompetition,
                NotAMainWinner: () =>
                  Effect.fail(
                    notFound("Not Found", "That ticket is not a main winner of this competition."),
                  ),
                RedrawRefused: (e) =>
                  Effect.fail(conflict("Cannot redraw", refusalDetail(e.refusal))),
                NoEntriesLeftToRedraw: () =>
                  Effect.fail(
                    conflict(
                      "Nobody left",
                      "Every entry has already won: there is nobody left to draw.",
                    ),
                  ),
                BeaconNotYetAvailable: (e) =>
                  Effect.fail(
                    beaconProblem(
                      `The prize is marked unclaimed. The public randomness for its redraw is published at ${whenOf(e.availableAt)}: redraw again after that.`,
                    ),
                  ),
                BeaconUnreachable: () =>
                  Effect.fail(
                    beaconProblem(
                      "The prize is marked unclaimed, but the public randomness beacon could not be reached. Please redraw again soon.",
                    ),
                  ),
              }),
            )
          return {
            redraw: redrawToWire(made),
            winner: made.winnerFullName === null ? null : { fullName: made.winnerFullName },
          }
        }).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("claimWindow", () =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          const days = yield* draws
            .claimWindow(principal)
            .pipe(Effect.catchTag("NotStaff", () => notStaff(principal)))
          return { claimWindowDays: days }
        }).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("setClaimWindow", ({ payload }) =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          const days = yield* draws.setClaimWindow(payload.claimWindowDays, principal).pipe(
            Effect.catchTags({
              NotStaff: () => notStaff(principal),
              ClaimWindowInvalid: (e) => Effect.fail(badRequest("Invalid claim window", e.message)),
            }),
          )
          return { claimWindowDays: days }
        }).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("entries", ({ path }) =>
        Effect.gen(function* () {
          const text = yield* draws.entries(path.competitionId, yield* viewer)
          if (text === null) {
            return yield* Effect.fail(
              new NotFound({
                type: problemType("not-drawn"),
                title: "Not Found",
                detail: "This competition has not been drawn yet.",
                status: 404,
              }),
            )
          }
          return text
        }).pipe(
          Effect.catchTags({
            CompetitionNotFound: noSuchCompetition,
            RepositoryError: repositoryProblem,
          }),
        ),
      )
  }),
)
