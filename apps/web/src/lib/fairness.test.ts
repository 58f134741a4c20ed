import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { beaconSummary, holdsWinningTicket, shellWord, verifyDrawCommand } from "./fairness"

/**
 * How a POSIX shell reads one word: plain characters, '…' quoted runs and
 * backslash escapes. Null when the word holds anything the shell would act on
 * (a space, ;, $, `, a quote left open…).
 */
const readShellWord = (word: string): string | null => {
  let out = ""
  let i = 0
  while (i < word.length) {
    const ch = word[i] as string
    if (ch === "'") {
      const end = word.indexOf("'", i + 1)
      if (end < 0) return null
      out += word.slice(i + 1, end)
      i = end + 1
    } else if (ch === "\\") {
      if (i + 1 >= word.length) return null
      out += word[i + 1]
      i += 2
    } else if (/[A-Za-z0-9._:/@%+=,-]/.test(ch)) {
      out += ch
      i += 1
    } else {
      return null
    }
  }
  return out
}

describe("the verify-draw command", () => {
  it("is the npm script with the shop's origin and the competition", () => {
    expect(
      verifyDrawCommand("https://howzat.example", "0b7c6f1e-4d2a-4c8e-9f3b-2a1d5e6f7a8b"),
    ).toBe("npm run verify-draw -- https://howzat.example 0b7c6f1e-4d2a-4c8e-9f3b-2a1d5e6f7a8b")
  })

  it("quotes what a shell would act on, so the copied command checks exactly what it says", () => {
    expect(shellWord("http://localhost:3000")).toBe("http://localhost:3000")
    expect(shellWord("x; rm -rf ~")).toBe("'x; rm -rf ~'")
    expect(shellWord("it's")).toBe(`'it'\\''s'`)
    expect(shellWord("")).toBe("''")
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(readShellWord(shellWord(text))).toBe(text)
      }),
      { numRuns: 500 },
    )
  })

  it("reads back as its two arguments, whatever they hold", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (origin, id) => {
        const words = verifyDrawCommand(origin, id).match(/'(?:[^']|'\\'')*'|\S+/g) ?? []
        const args = words.slice(4).map(readShellWord)
        expect(words.slice(0, 4)).toEqual(["npm", "run", "verify-draw", "--"])
        expect(args).toEqual([origin, id])
      }),
      { numRuns: 300 },
    )
  })
})

describe("beaconSummary", () => {
  it("says plainly when no beacon was used", () => {
    expect(beaconSummary({ source: "none", value: "" })).toMatch(/^No public beacon was used/)
  })

  it("names the drand round", () => {
    expect(
      beaconSummary({ source: "drand", value: "ab", round: 123, url: "https://api.drand.sh/x" }),
    ).toMatch(/^drand round 123\b/)
  })
})

describe("holdsWinningTicket", () => {
  it("is true exactly when the customer's tickets include the winning number", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 5000 }),
        (tickets, winning) => {
          const text = tickets.join(",")
          expect(holdsWinningTicket(text, winning)).toBe(tickets.includes(winning))
        },
      ),
    )
  })

  it("is false before the draw and when nobody won", () => {
    expect(holdsWinningTicket("1,2,3", null)).toBe(false)
    expect(holdsWinningTicket("", 1)).toBe(false)
  })
})
