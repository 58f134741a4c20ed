/**
 * A winner note is staff's own words about handing a prize over: any text
 * up to a page long, but never blank. The database checks the same bound
 * (migration 2026-11-24T1700-winner-notes), so nothing else can store more.
 */
export const MAX_WINNER_NOTE_LENGTH = 2000

export const winnerNoteMessages = {
  required: "A note cannot be empty.",
  tooLong: `A note must be at most ${MAX_WINNER_NOTE_LENGTH} characters.`,
} as const

export type WinnerNoteText =
  | { readonly valid: true; readonly text: string }
  | { readonly valid: false; readonly message: string }

/** Trims what staff typed (leading and trailing blank lines mean nothing) and checks it. */
export const winnerNoteText = (typed: string): WinnerNoteText => {
  const text = typed.trim()
  if (text === "") return { valid: false, message: winnerNoteMessages.required }
  if (text.length > MAX_WINNER_NOTE_LENGTH)
    return { valid: false, message: winnerNoteMessages.tooLong }
  return { valid: true, text }
}
