import { Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import type { RepositoryError } from "../competitions/errors.js"
import { now } from "../ports/clock.js"
import { Transactions } from "../ports/transactions.js"
import { type WinnerListQuery, WinnerRecords } from "../ports/winner-records.js"
import { winnerNoteText } from "../rules/winner-notes.js"
import { auditor } from "../staff/audit.js"
import { authorize } from "../staff/permissions.js"
import {
  CashAlternativeNotOffered,
  WinnerNoteInvalid,
  WinnerNoteNotFound,
  WinnerNotFound,
} from "./errors.js"
import type {
  InstantWinPrizeWinner,
  MainPrizeWinner,
  PrizeAwardedAs,
  WinnerKind,
  WinnerNote,
  WinnerRef,
} from "./model.js"

const staffOnly = (by: Principal) => authorize(by, "ManageWinners")

/** A main winner is its competition's winning ticket; an instant win has its own id. */
const winnerSubject = (ref: WinnerRef) =>
  ref.kind === "Main"
    ? { type: "MainPrizeWinner", id: `${ref.competitionId}/${ref.ticketNumber}` }
    : { type: "InstantWinPrizeWinner", id: ref.instantWinId }

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
 * The back office's winners (decision 0023): who won what, whether the prize
 * has been handed over, and staff's notes on each. Staff only, every call:
 * a winner's name and customer id are personal data.
 */
export class CompetitionWinners extends Effect.Service<CompetitionWinners>()(
  "@howzat/core/CompetitionWinners",
  {
    effect: Effect.gen(function* () {
      const records = yield* WinnerRecords
      const transactions = yield* Transactions
      const audit = yield* auditor

      /** The winner's hand-over as stored: read and changed in one transaction, then audited. */
      const winnerNow = (
        ref: WinnerRef,
      ): Effect.Effect<MainPrizeWinner | InstantWinPrizeWinner, WinnerNotFound | RepositoryError> =>
        Effect.flatMap(
          ref.kind === "Main"
            ? records.mainPrizeWinner(ref.competitionId, ref.ticketNumber)
            : records.instantWinPrizeWinner(ref.instantWinId),
          found<MainPrizeWinner | InstantWinPrizeWinner>(ref),
        )

      const mark = (ref: WinnerRef, processed: boolean, by: Principal) =>
        Effect.gen(function* () {
          yield* staffOnly(by)
          yield* transactions.within(
            Effect.gen(function* () {
              const before = yield* winnerNow(ref)
              const at = yield* now
              const changed = yield* records.setProcessed(
                ref,
                processed ? { at, byUserId: by.userId } : null,
              )
              if (!changed) return yield* new WinnerNotFound({ winner: ref })
              const after = yield* winnerNow(ref)
              yield* audit(by, {
                action: "Winner.SetProcessed",
                subject: winnerSubject(ref),
                before: { processed: before.processed },
                after: { processed: after.processed },
              })
            }),
          )
        })

      /**
       * Shows or hides the winner's name on the public pages. Only the name:
       * the draw's proof and the instant win's "won" mark stay public, so
       * hiding a winner never hides that a ticket won (decision 0035).
       */
      const show = <W extends MainPrizeWinner | InstantWinPrizeWinner>(
        ref: WinnerRef,
        read: Effect.Effect<W | null, RepositoryError>,
        isVisible: boolean,
        by: Principal,
      ) =>
        Effect.gen(function* () {
          yield* staffOnly(by)
          return yield* transactions.within(
            Effect.gen(function* () {
              const before = yield* Effect.flatMap(read, found<W>(ref))
              const changed = yield* records.setVisible(ref, isVisible)
              if (!changed) return yield* new WinnerNotFound({ winner: ref })
              const after = yield* Effect.flatMap(read, found<W>(ref))
              yield* audit(by, {
                action: "Winner.SetVisibility",
                subject: winnerSubject(ref),
                before: { isVisible: before.isVisible },
                after: { isVisible: after.isVisible },
              })
              return after
            }),
          )
        })

      const noteAudit = (
        by: Principal,
        action: string,
        kind: WinnerKind,
        noteId: string,
        before: WinnerNote | null,
        after: WinnerNote | null,
        winner?: WinnerRef,
      ) =>
        audit(by, {
          action,
          subject: { type: "WinnerNote", id: noteId },
          before: before === null ? null : { kind, text: before.text },
          after: after === null ? null : { kind, ...(winner ? { winner } : {}), text: after.text },
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

        /**
         * Records how the main prize was awarded: as described, or as the
         * stated cash alternative, which only a competition that stated one
         * can have given (decision 0045). Null: not yet decided.
         */
        setMainPrizeAwardedAs: (
          competitionId: string,
          ticketNumber: number,
          awardedAs: PrizeAwardedAs | null,
          by: Principal,
        ) => {
          const ref: WinnerRef = { kind: "Main", competitionId, ticketNumber }
          const read = records
            .mainPrizeWinner(competitionId, ticketNumber)
            .pipe(Effect.flatMap(found<MainPrizeWinner>(ref)))
          return Effect.gen(function* () {
            yield* staffOnly(by)
            return yield* transactions.within(
              Effect.gen(function* () {
                const before = yield* read
                if (awardedAs === "CashAlternative" && before.cashAlternativeValue === null)
                  return yield* new CashAlternativeNotOffered({ competitionId })
                const changed = yield* records.setPrizeAwardedAs(
                  competitionId,
                  ticketNumber,
                  awardedAs,
                )
                if (!changed) return yield* new WinnerNotFound({ winner: ref })
                const after = yield* read
                yield* audit(by, {
                  action: "Winner.SetPrizeAwardedAs",
                  subject: winnerSubject(ref),
                  before: { prizeAwardedAs: before.prizeAwardedAs },
                  after: { prizeAwardedAs: after.prizeAwardedAs },
                })
                return after
              }),
            )
          })
        },

        /** Shows or hides a main winner's name publicly; answers the winner as now. */
        setMainPrizeVisibility: (
          competitionId: string,
          ticketNumber: number,
          isVisible: boolean,
          by: Principal,
        ) =>
          show(
            { kind: "Main", competitionId, ticketNumber },
            records.mainPrizeWinner(competitionId, ticketNumber),
            isVisible,
            by,
          ),

        /** The same for an instant-win winner. */
        setInstantWinVisibility: (instantWinId: string, isVisible: boolean, by: Principal) =>
          show(
            { kind: "InstantWin", instantWinId },
            records.instantWinPrizeWinner(instantWinId),
            isVisible,
            by,
          ),

        notes: (ref: WinnerRef, by: Principal) =>
          Effect.zipRight(staffOnly(by), records.notes(ref)).pipe(Effect.flatMap(found(ref))),

        addNote: (ref: WinnerRef, typed: string, by: Principal) =>
          Effect.gen(function* () {
            yield* staffOnly(by)
            const text = yield* validText(typed)
            const at = yield* now
            return yield* transactions.within(
              Effect.gen(function* () {
                const note = yield* records
                  .addNote(ref, { text, authorUserId: by.userId, at })
                  .pipe(Effect.flatMap(found(ref)))
                yield* noteAudit(by, "WinnerNote.Add", ref.kind, note.noteId, null, note, ref)
                return note
              }),
            )
          }),

        editNote: (kind: WinnerKind, noteId: string, typed: string, by: Principal) =>
          Effect.gen(function* () {
            yield* staffOnly(by)
            const text = yield* validText(typed)
            const at = yield* now
            return yield* transactions.within(
              Effect.gen(function* () {
                const before = yield* records
                  .note(kind, noteId)
                  .pipe(Effect.flatMap(noteFound(kind, noteId)))
                const after = yield* records
                  .editNote(kind, noteId, { text, at })
                  .pipe(Effect.flatMap(noteFound(kind, noteId)))
                yield* noteAudit(by, "WinnerNote.Edit", kind, noteId, before, after)
                return after
              }),
            )
          }),

        deleteNote: (kind: WinnerKind, noteId: string, by: Principal) =>
          Effect.zipRight(
            staffOnly(by),
            transactions.within(
              Effect.gen(function* () {
                const before = yield* records
                  .note(kind, noteId)
                  .pipe(Effect.flatMap(noteFound(kind, noteId)))
                yield* records
                  .deleteNote(kind, noteId)
                  .pipe(Effect.flatMap(noteFound(kind, noteId)))
                yield* noteAudit(by, "WinnerNote.Delete", kind, noteId, before, null)
              }),
            ),
          ),
      }
    }),
  },
) {}
