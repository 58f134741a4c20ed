import { Effect } from "effect"
import type { Principal } from "../accounts/model"
import { now } from "../ports/clock"
import { type WinnerListQuery, WinnerRecords } from "../ports/winner-records"
import { winnerNoteText } from "../rules/winner-notes"
import { authorize } from "../staff/permissions"
import { WinnerNoteInvalid, WinnerNoteNotFound, WinnerNotFound } from "./errors"
import type { InstantWinPrizeWinner, MainPrizeWinner, WinnerKind, WinnerRef } from "./model"

const staffOnly = (by: Principal) => authorize(by, "ManageWinners")

const validText = (typed: string) => {
  const checked = winnerNoteText(typed)
  return checked.valid
    ? Effect.succeed(checked.text)
    : Effect.fail(new WinnerNoteInvalid({ message: checked.message }))
}

const found =
  <A>(winner: WinnerRef) =>
  (value: A | null) =>
    value === null ? Effect.fail(new WinnerNotFound({ winner })) : Effect.succeed(value)

const noteFound =
  <A>(kind: WinnerKind, noteId: string) =>
  (value: A | null | false) =>
    value === null || value === false
      ? Effect.fail(new WinnerNoteNotFound({ kind, noteId }))
      : Effect.succeed(value)

/**
 * The back office's winners (issue 9 §6): who won what, whether the prize
 * has been handed over, and staff's notes on each. Staff only, every call:
 * a winner's name and customer id are personal data.
 */
export class CompetitionWinners extends Effect.Service<CompetitionWinners>()(
  "@howzat/core/CompetitionWinners",
  {
    effect: Effect.gen(function* () {
      const records = yield* WinnerRecords

      const mark = (ref: WinnerRef, processed: boolean, by: Principal) =>
        Effect.gen(function* () {
          yield* staffOnly(by)
          const at = yield* now
          const changed = yield* records.setProcessed(
            ref,
            processed ? { at, byUserId: by.userId } : null,
          )
          if (!changed) return yield* new WinnerNotFound({ winner: ref })
        })

      return {
        mainPrizeWinners: (query: WinnerListQuery, by: Principal) =>
          Effect.zipRight(staffOnly(by), records.mainPrizeWinners(query)),

        instantWinPrizeWinners: (query: WinnerListQuery, by: Principal) =>
          Effect.zipRight(staffOnly(by), records.instantWinPrizeWinners(query)),

        /** Marks the main prize handed over (by `by`, now) or back to waiting; answers the winner as now. */
        setMainPrizeProcessed: (
          competitionId: string,
          ticketNumber: number,
          processed: boolean,
          by: Principal,
        ) => {
          const ref: WinnerRef = { kind: "Main", competitionId, ticketNumber }
          return Effect.zipRight(
            mark(ref, processed, by),
            records
              .mainPrizeWinner(competitionId, ticketNumber)
              .pipe(Effect.flatMap(found<MainPrizeWinner>(ref))),
          )
        },

        /** The same for an instant win whose prize is not site credit (that one is processed at once). */
        setInstantWinProcessed: (instantWinId: string, processed: boolean, by: Principal) => {
          const ref: WinnerRef = { kind: "InstantWin", instantWinId }
          return Effect.zipRight(
            mark(ref, processed, by),
            records
              .instantWinPrizeWinner(instantWinId)
              .pipe(Effect.flatMap(found<InstantWinPrizeWinner>(ref))),
          )
        },

        notes: (ref: WinnerRef, by: Principal) =>
          Effect.zipRight(staffOnly(by), records.notes(ref)).pipe(Effect.flatMap(found(ref))),

        addNote: (ref: WinnerRef, typed: string, by: Principal) =>
          Effect.gen(function* () {
            yield* staffOnly(by)
            const text = yield* validText(typed)
            const at = yield* now
            return yield* records
              .addNote(ref, { text, authorUserId: by.userId, at })
              .pipe(Effect.flatMap(found(ref)))
          }),

        editNote: (kind: WinnerKind, noteId: string, typed: string, by: Principal) =>
          Effect.gen(function* () {
            yield* staffOnly(by)
            const text = yield* validText(typed)
            const at = yield* now
            return yield* records
              .editNote(kind, noteId, { text, at })
              .pipe(Effect.flatMap(noteFound(kind, noteId)))
          }),

        deleteNote: (kind: WinnerKind, noteId: string, by: Principal) =>
          Effect.zipRight(staffOnly(by), records.deleteNote(kind, noteId)).pipe(
            Effect.flatMap(noteFound(kind, noteId)),
            Effect.asVoid,
          ),
      }
    }),
  },
) {}
