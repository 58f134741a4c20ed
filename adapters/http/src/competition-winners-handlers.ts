import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { pageInfo } from "@howzat/contracts/paging"
import {
  type BadRequest,
  Conflict,
  type Forbidden,
  forbidden,
  type NotFound,
  notFound,
  problemType,
  type ServiceUnavailable,
  validationProblem,
} from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import type { NotStaff } from "@howzat/core/accounts"
import type { RepositoryError } from "@howzat/core/competitions"
import {
  CompetitionWinners,
  type InstantWinPrizeWinner,
  type MainPrizeWinner,
  type Processed,
  type WinnerNote,
  type WinnerNoteInvalid,
  type WinnerNoteNotFound,
  type WinnerNotFound,
  type WinnerProcessedStatus,
  type WinnerVisibility,
} from "@howzat/core/winners"
import { Effect } from "effect"
import { repositoryProblem } from "./repository-problem"

const processedToWire = (processed: Processed | null, noteCount: number, isVisible: boolean) => ({
  processed: processed !== null,
  processedAt: processed?.at ?? null,
  processedByUserId: processed?.byUserId ?? null,
  noteCount,
  isVisible,
})

export const mainPrizeWinnerToWire = (w: MainPrizeWinner) => ({
  competition: { id: w.competitionId, name: w.competitionName },
  cashAlternativeValue: w.cashAlternativeValue,
  prizeAwardedAs: w.prizeAwardedAs,
  ticketNumber: w.ticketNumber,
  winner: w.winner,
  drawnAt: w.drawnAt,
  redrawRequestedAt: w.redrawRequestedAt,
  ...processedToWire(w.processed, w.noteCount, w.isVisible),
})

export const instantWinPrizeWinnerToWire = (w: InstantWinPrizeWinner) => ({
  instantWinId: w.instantWinId,
  competition: { id: w.competitionId, name: w.competitionName },
  instantWinGroupId: w.instantWinGroupId,
  prizeName: w.prizeName,
  ticketNumber: w.ticketNumber,
  winner: w.winner,
  wonAt: w.wonAt,
  orderId: w.orderId,
  postalEntryId: w.postalEntryId,
  ...processedToWire(w.processed, w.noteCount, w.isVisible),
})

const noteToWire = (note: WinnerNote) => ({
  id: note.noteId,
  text: note.text,
  author: note.author,
  createdAt: note.createdAt,
  updatedAt: note.updatedAt,
})

type WinnersFailure =
  | NotStaff
  | WinnerNotFound
  | WinnerNoteNotFound
  | WinnerNoteInvalid
  | RepositoryError

/** Authentication already answered 401 to nobody; a signed-in customer gets 403. */
const asProblem = (
  error: WinnersFailure,
): Effect.Effect<never, Forbidden | NotFound | BadRequest | ServiceUnavailable> => {
  switch (error._tag) {
    case "NotStaff":
      return listProblems.NotStaff()
    case "WinnerNotFound":
      return Effect.fail(notFound("Not Found", "There is no such winner."))
    case "WinnerNoteNotFound":
      return Effect.fail(notFound("Not Found", "There is no such note."))
    case "WinnerNoteInvalid":
      return Effect.fail(validationProblem({ text: [error.message] }))
    case "RepositoryError":
      return repositoryProblem(error)
  }
}

type Problem = Forbidden | NotFound | BadRequest | ServiceUnavailable

/** Decision 0045: a prize can only be awarded as a cash alternative the competition stated. */
const noCashAlternative = () =>
  Effect.fail(
    new Conflict({
      type: problemType("no-cash-alternative"),
      title: "No cash alternative",
      status: 409,
      detail:
        "This competition stated no cash alternative: its winner can only be awarded the prize as described.",
    }),
  )

/** A list can only be refused or fail in storage: it never answers 404. */
const listProblems = {
  NotStaff: () => Effect.fail(forbidden("Only staff can do this.")),
  RepositoryError: repositoryProblem,
}

const listQuery = (urlParams: {
  readonly WinnerProcessedStatus: WinnerProcessedStatus
  readonly WinnerVisibility: WinnerVisibility
  readonly PageNumber: number
  readonly PageSize: number
}) => ({
  status: urlParams.WinnerProcessedStatus,
  visibility: urlParams.WinnerVisibility,
  page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
})

/**
 * docs/product/api.md's CompetitionWinners. Who may see and change winners is core's
 * decision (CompetitionWinners); this maps its answers to HTTP.
 */
export const CompetitionWinnersHandlersLive = HttpApiBuilder.group(
  HowzatApi,
  "competitionWinners",
  (handlers) =>
    Effect.gen(function* () {
      const winners = yield* CompetitionWinners
      return handlers
        .handle("instantWinPrizeWinners", ({ urlParams }) =>
          Effect.gen(function* () {
            const page = yield* winners.instantWinPrizeWinners(
              listQuery(urlParams),
              yield* CurrentUser,
            )
            return {
              instantWinPrizeWinners: page.items.map(instantWinPrizeWinnerToWire),
              ...pageInfo(page),
            }
          }).pipe(Effect.catchTags(listProblems)),
        )
        .handle("mainPrizeWinners", ({ urlParams }) =>
          Effect.gen(function* () {
            const page = yield* winners.mainPrizeWinners(listQuery(urlParams), yield* CurrentUser)
            return { mainPrizeWinners: page.items.map(mainPrizeWinnerToWire), ...pageInfo(page) }
          }).pipe(Effect.catchTags(listProblems)),
        )
        .handle("setInstantWinStatus", ({ path, payload }) =>
          Effect.gen(function* () {
            const winner = yield* winners.setInstantWinProcessed(
              path.instantWinId,
              payload.processed,
              yield* CurrentUser,
            )
            return { instantWinPrizeWinner: instantWinPrizeWinnerToWire(winner) }
          }).pipe(Effect.catchAll(asProblem)),
        )
        .handle("setMainPrizeStatus", ({ path, payload }) =>
          Effect.gen(function* () {
            const winner = yield* winners.setMainPrizeProcessed(
              path.competitionId,
              path.ticketNumber,
              payload.processed,
              yield* CurrentUser,
            )
            return { mainPrizeWinner: mainPrizeWinnerToWire(winner) }
          }).pipe(Effect.catchAll(asProblem)),
        )
        .handle("setInstantWinVisibility", ({ path, payload }) =>
          Effect.gen(function* () {
            const winner = yield* winners.setInstantWinVisibility(
              path.instantWinId,
              payload.isVisible,
              yield* CurrentUser,
            )
            return { instantWinPrizeWinner: instantWinPrizeWinnerToWire(winner) }
          }).pipe(Effect.catchAll(asProblem)),
        )
        .handle("setMainPrizeAwardedAs", ({ path, payload }) =>
          Effect.gen(function* () {
            const winner = yield* winners.setMainPrizeAwardedAs(
              path.competitionId,
              path.ticketNumber,
              payload.prizeAwardedAs,
              yield* CurrentUser,
            )
            return { mainPrizeWinner: mainPrizeWinnerToWire(winner) }
          }).pipe(
            Effect.catchAll(
              (error): Effect.Effect<never, Conflict | Problem> =>
                error._tag === "CashAlternativeNotOffered" ? noCashAlternative() : asProblem(error),
            ),
          ),
        )
        .handle("setMainPrizeVisibility", ({ path, payload }) =>
          Effect.gen(function* () {
            const winner = yield* winners.setMainPrizeVisibility(
              path.competitionId,
              path.ticketNumber,
              payload.isVisible,
              yield* CurrentUser,
            )
            return { mainPrizeWinner: mainPrizeWinnerToWire(winner) }
          }).pipe(Effect.catchAll(asProblem)),
        )
        .handle("instantWinNotes", ({ path }) =>
          Effect.gen(function* () {
            const notes = yield* winners.notes(
              { kind: "InstantWin", instantWinId: path.instantWinId },
              yield* CurrentUser,
            )
            return { notes: notes.map(noteToWire) }
          }).pipe(Effect.catchAll(asProblem)),
        )
        .handle("mainPrizeNotes", ({ path }) =>
          Effect.gen(function* () {
            const notes = yield* winners.notes({ kind: "Main", ...path }, yield* CurrentUser)
            return { notes: notes.map(noteToWire) }
          }).pipe(Effect.catchAll(asProblem)),
        )
        .handle("addInstantWinNote", ({ path, payload }) =>
          Effect.gen(function* () {
            const note = yield* winners.addNote(
              { kind: "InstantWin", instantWinId: path.instantWinId },
              payload.text,
              yield* CurrentUser,
            )
            return { note: noteToWire(note) }
          }).pipe(Effect.catchAll(asProblem)),
        )
        .handle("addMainPrizeNote", ({ path, payload }) =>
          Effect.gen(function* () {
            const note = yield* winners.addNote(
              { kind: "Main", ...path },
              payload.text,
              yield* CurrentUser,
            )
            return { note: noteToWire(note) }
          }).pipe(Effect.catchAll(asProblem)),
        )
        .handle("editInstantWinNote", ({ path, payload }) =>
          Effect.gen(function* () {
            const note = yield* winners.editNote(
              "InstantWin",
              path.noteId,
              payload.text,
              yield* CurrentUser,
            )
            return { note: noteToWire(note) }
          }).pipe(Effect.catchAll(asProblem)),
        )
        .handle("editMainPrizeNote", ({ path, payload }) =>
          Effect.gen(function* () {
            const note = yield* winners.editNote(
              "Main",
              path.noteId,
              payload.text,
              yield* CurrentUser,
            )
            return { note: noteToWire(note) }
          }).pipe(Effect.catchAll(asProblem)),
        )
        .handle("deleteInstantWinNote", ({ path }) =>
          Effect.flatMap(CurrentUser, (by) =>
            winners.deleteNote("InstantWin", path.noteId, by),
          ).pipe(Effect.catchAll(asProblem)),
        )
        .handle("deleteMainPrizeNote", ({ path }) =>
          Effect.flatMap(CurrentUser, (by) => winners.deleteNote("Main", path.noteId, by)).pipe(
            Effect.catchAll(asProblem),
          ),
        )
    }),
)
