import { createHash } from "node:crypto"
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { entryListHash, readEntryList } from "./entry-list.js"
import { drawFromEntryList, drawWinner, entriesText, redrawFromEntryList } from "./procedure.js"

/**
 * The reader as it was before decision 0091 (a string read character by
 * character, an array of line starts, Number() of a slice per entry), kept
 * word for word so the quicker one is held to the same answers and the
 * same refusals: a draw's result must not change with the code that reads
 * its list (docs/fairness.md).
 */
const readEntryListBefore0091 = (text: string) => {
  if (text === "") return { count: 0, ticketAt: (_: number) => Number.NaN }
  const starts: number[] = [0]
  let previous = 0
  let current = 0
  let digits = 0
  for (let i = 0; i <= text.length; i++) {
    const code = i === text.length ? 10 : text.charCodeAt(i)
    if (code === 10) {
      const line = starts.length
      if (digits === 0) throw new RangeError(`entry ${line} is empty`)
      if (text.charCodeAt(starts[line - 1] as number) === 48)
        throw new RangeError(`entry ${line} has a leading zero`)
      if (line > 1 && current <= previous)
        throw new RangeError(`entry ${line} (${current}) is not above the one before`)
      previous = current
      current = 0
      digits = 0
      if (i < text.length) starts.push(i + 1)
    } else if (code >= 48 && code <= 57) {
      current = current * 10 + (code - 48)
      digits += 1
      if (digits > 15) throw new RangeError(`entry ${starts.length} is too long`)
    } else {
      throw new RangeError(`entry ${starts.length} has a character that is not a digit`)
    }
  }
  const offsets = Uint32Array.from(starts)
  return {
    count: offsets.length,
    ticketAt: (index: number) => {
      const start = offsets[index] as number
      const end = index + 1 < offsets.length ? (offsets[index + 1] as number) - 1 : text.length
      return Number(text.slice(start, end))
    },
  }
}

/** What the reader answers for a text: its entries, or the refusal's message. */
const outcomeOf =
  (read: (text: string) => { count: number; ticketAt: (i: number) => number }) =>
  (text: string) => {
    try {
      const list = read(text)
      return { entries: Array.from({ length: list.count }, (_, i) => list.ticketAt(i)) }
    } catch (error) {
      return { refused: error instanceof RangeError ? error.message : String(error) }
    }
  }

/** Texts near the published form: digits, newlines and a few characters that must be refused. */
const nearlyLists = fc
  .array(fc.constantFrom(..."0123456789\n\n\n\r +é"), { maxLength: 60 })
  .map((chars) => chars.join(""))

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

  it("reads and refuses exactly as the reader before decision 0091 (property)", () => {
    const now = outcomeOf(readEntryList)
    const before = outcomeOf(readEntryListBefore0091)
    fc.assert(
      fc.property(fc.oneof(nearlyLists, ticketNumbers.map(entriesText)), (text) => {
        expect(now(text)).toEqual(before(text))
      }),
      { numRuns: 2000 },
    )
  })

  it("keeps numbers of up to 15 digits exact, as before", () => {
    const text = "7\n999999999999999"
    expect(outcomeOf(readEntryList)(text)).toEqual({ entries: [7, 999999999999999] })
    expect(() => readEntryList("1\n1000000000000000")).toThrow(RangeError)
  })

  it("hashes natively to the procedure's SHA-256 of the same text (property)", async () => {
    await fc.assert(
      fc.asyncProperty(ticketNumbers, async (numbers) => {
        const text = entriesText(numbers)
        const list = readEntryList(text)
        const expected = createHash("sha256").update(text, "utf8").digest("hex")
        expect(await entryListHash(list)).toBe(expected)
        expect(bytesToHex(sha256(utf8ToBytes(text)))).toBe(expected)
      }),
      { numRuns: 200 },
    )
  })

  it("draws the winner it drew before decision 0091, hash given or not (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        ticketNumbers,
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uuid(),
        fc.constantFrom("", "8f3a"),
        async (numbers, seed, competitionId, beacon) => {
          const text = entriesText(numbers)
          const before = readEntryListBefore0091(text)
          const hash = bytesToHex(sha256(utf8ToBytes(text)))
          const entries = readEntryList(text)
          const drawn = drawFromEntryList({ seed, competitionId, beacon, entries })
          const hashed = drawFromEntryList({
            seed,
            competitionId,
            beacon,
            entries,
            entriesHash: await entryListHash(entries),
          })
          expect(hashed).toEqual(drawn)
          expect(drawn.entriesHash).toBe(hash)
          expect(drawn.entryCount).toBe(before.count)
          if ("winningTicketNumber" in drawn) {
            // The same index of the same sorted list as the old reader would have answered.
            const index = Array.from({ length: before.count }, (_, i) => before.ticketAt(i))
            expect(index).toContain(drawn.winningTicketNumber)
            expect(drawn).toEqual(
              drawWinner({ seed, competitionId, beacon, ticketNumbers: numbers }),
            )
          }
        },
      ),
      { numRuns: 200 },
    )
  })

  it("still draws the recorded winners of fixed draws, a redraw's too", async () => {
    const seed = Uint8Array.from({ length: 32 }, (_, i) => i * 7 + 1)
    const competitionId = "2f0c8a8e-6d8e-4c43-9b0e-2f6a3c1d9e10"
    const text = entriesText(Array.from({ length: 100_000 }, (_, i) => 3 * i + 2))
    const entries = readEntryList(text)
    const drawn = drawFromEntryList({
      seed,
      competitionId,
      beacon: "",
      entries,
      entriesHash: await entryListHash(entries),
    })
    expect(drawn).toEqual(GOLDEN_DRAW)
    expect(
      redrawFromEntryList({
        seed,
        competitionId,
        beacon: "",
        originalEntries: text,
        redrawNumber: 1,
        excludedTicketNumbers: [GOLDEN_DRAW.winningTicketNumber],
      }),
    ).toEqual(GOLDEN_REDRAW)
  })
})

/** Drawn by the code before decision 0091 from the fixed draw above; never to change. */
const GOLDEN_DRAW = {
  entriesHash: "615d54fa0e429578d1d7aa8017d507285a1ddca91dfcb3ecfce495f2b1535978",
  entryCount: 100000,
  attempt: 0,
  winningTicketNumber: 255995,
}
const GOLDEN_REDRAW = {
  entriesHash: "db96e317eb93c80fecd8118826b8a1b39d2c6e3df553e6520fa45c5b9d4c7761",
  entryCount: 99999,
  attempt: 0,
  winningTicketNumber: 73283,
}
