import { Data } from "effect"
import type { WinnerKind, WinnerRef } from "./model.js"

/** No such winner: an unknown id, a ticket that did not win, or an instant win not yet won. */
export class WinnerNotFound extends Data.TaggedError("WinnerNotFound")<{
  readonly winner: WinnerRef
}> {}

/**
 * No such note among this kind of winner's notes: unknown, deleted, or a
 * note about another kind of winner. Answered alike, so a path cannot be
 * used to reach a note it does not own.
 */
export class WinnerNoteNotFound extends Data.TaggedError("WinnerNoteNotFound")<{
  readonly kind: WinnerKind
  readonly noteId: string
}> {}

/** The note's text breaks the rule in rules/winner-notes; `message` says how. */
export class WinnerNoteInvalid extends Data.TaggedError("WinnerNoteInvalid")<{
  readonly message: string
}> {}

/** The competition stated no cash alternative, so the prize cannot have been awarded as one (409). */
export class CashAlternativeNotOffered extends Data.TaggedError("CashAlternativeNotOffered")<{
  readonly competitionId: string
}> {}
