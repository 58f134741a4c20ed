import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { readEntryList } from "./entry-list.js"
import { drawFromEntryList, drawWinner, entriesText } from "./procedure.js"

const ticketNumbers = fc.uniqueArray(fc.integer({ min: 1, max: 2_000_000 }), { maxLength: 300 })

describe("the published entry list", () => {
  it("reads back every ticket number of the text it was written as", () => {
    fc.assert(
      fc.property(ticketNumbers, (numbers) => {
        const sorted = [...numbers].sort((a, b) => a - b)
        const list = readEntryList(entriesText(numbers))
        expect(list.count).toBe(sorted.length)
        expect(Array.from({ length: list.count }, (_, i) => list.ticketAt(i))).toEqual(sorted)
      }),
    )
  })

  it("draws the same winner from the text as from the numbers", () => {
    fc.assert(
      fc.property(
        ticketNumbers,
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (numbers, seed) => {
          const competitionId = "2f0c8a8e-6d8e-4c43-9b0e-2f6a3c1d9e10"
          expect(
            drawFromEntryList({
              seed,
              competitionId,
              beacon: "",
              entries: readEntryList(entriesText(numbers)),
            }),
          ).toEqual(drawWinner({ seed, competitionId, beacon: "", ticketNumbers: numbers }))
        },
      ),
    )
  })

  it("is empty for no entries", () => {
    expect(readEntryList("").count).toBe(0)
  })

  it.each([
    ["a repeat, a ticket sold twice", "1\n2\n2\n3"],
    ["a number out of order", "1\n3\n2"],
    ["a trailing newline", "1\n2\n"],
    ["an empty line", "1\n\n2"],
    ["a leading zero", "1\n02"],
    ["a zero", "0\n1"],
    ["a space", "1\n 2"],
    ["a carriage return", "1\r\n2"],
    ["a sign", "1\n+2"],
  ])("refuses %s", (_, text) => {
    expect(() => readEntryList(text)).toThrow(RangeError)
  })
})
