import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { MAX_WINNER_NOTE_LENGTH, winnerNoteMessages, winnerNoteText } from "./winner-notes.js"

const blank = fc
  .array(fc.constantFrom(" ", "\n", "\t", "\r", "\u00a0"), { maxLength: 20 })
  .map((cs) => cs.join(""))

describe("a winner note's text", () => {
  it("is refused when blank, however much white space it holds", () => {
    fc.assert(
      fc.property(blank, (typed) => {
        expect(winnerNoteText(typed)).toEqual({
          valid: false,
          message: winnerNoteMessages.required,
        })
      }),
    )
  })

  it("keeps what was typed, trimmed, up to the maximum", () => {
    fc.assert(
      fc.property(
        blank,
        fc
          .string({ minLength: 1, maxLength: MAX_WINNER_NOTE_LENGTH })
          .filter((s) => s.trim() !== ""),
        blank,
        (before, words, after) => {
          const result = winnerNoteText(`${before}${words}${after}`)
          expect(result).toEqual({ valid: true, text: words.trim() })
        },
      ),
    )
  })

  it("is refused one character past the maximum, and kept at it", () => {
    expect(winnerNoteText("x".repeat(MAX_WINNER_NOTE_LENGTH))).toMatchObject({ valid: true })
    expect(winnerNoteText("x".repeat(MAX_WINNER_NOTE_LENGTH + 1))).toEqual({
      valid: false,
      message: winnerNoteMessages.tooLong,
    })
  })
})
