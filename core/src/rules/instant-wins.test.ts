import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { instantWinCreditDescription, winnerDisplayName } from "./instant-wins.js"

describe("winnerDisplayName", () => {
  it.each<[string, string, string]>([
    ["Sarah", "Walker", "Sarah W."],
    ["  Tom ", " baker", "Tom B."],
    ["Mary  Ann", "O'Neill", "Mary Ann O."],
    ["Zoë", "Ødegaard", "Zoë Ø."],
    ["Ann", "", "Ann"],
    ["", "Smith", "S."],
    ["Sam", "😀Smith", "Sam 😀."],
  ])("names %j %j as %j", (first, last, shown) => {
    expect(winnerDisplayName(first, last)).toBe(shown)
  })

  it("shows the first name and at most one character of the surname", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (first, last) => {
        const shown = winnerDisplayName(first, last)
        const firstShown = first.trim().replace(/\s+/g, " ")
        expect(shown.startsWith(firstShown)).toBe(true)
        // " X." at most after the first name: the rest of the surname never shows.
        const rest = Array.from(shown.slice(firstShown.length))
        expect(rest.length).toBeLessThanOrEqual(3)
        if (last.trim() === "") expect(shown).toBe(firstShown)
        else expect(shown.endsWith(".")).toBe(true)
      }),
    )
  })
})

describe("instantWinCreditDescription", () => {
  it("says what was won, with which ticket and where", () => {
    expect(
      instantWinCreditDescription({
        prizeName: "£5 Site Credit",
        ticketNumber: 123,
        competitionName: "Masuri Test Helmet & Pads Bundle",
      }),
    ).toBe("Instant win: £5 Site Credit, ticket 123 (Masuri Test Helmet & Pads Bundle)")
  })
})
