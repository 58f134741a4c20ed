import { createHash, createHmac } from "node:crypto"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  entriesText,
  redrawAttemptMessage,
  redrawEntriesText,
  redrawFromEntryList,
} from "./procedure.js"

/**
 * The redraw of docs/fairness.md ("Redraws") written again on node:crypto,
 * from the page's words alone, to compare with procedure.ts.
 */
const independentRedraw = (r: {
  seed: Uint8Array
  competitionId: string
  beacon: string
  entries: readonly number[]
  redrawNumber: number
  excluded: readonly number[]
}) => {
  const left = [...new Set(r.entries)].filter((n) => !r.excluded.includes(n)).sort((a, b) => a - b)
  const hash = createHash("sha256").update(left.join("\n"), "utf8").digest("hex")
  const n = BigInt(left.length)
  const limit = ((1n << 64n) / n) * n
  const excluded = [...new Set(r.excluded)].sort((a, b) => a - b).join(",")
  for (let k = 0; ; k++) {
    const message = `${r.competitionId.toLowerCase()}|${hash}|${r.beacon}|${k}|redraw:${r.redrawNumber}|excluded:${excluded}`
    const x = createHmac("sha256", r.seed).update(message, "utf8").digest().readBigUInt64BE(0)
    if (x < limit)
      return {
        entriesHash: hash,
        entryCount: left.length,
        attempt: k,
        winningTicketNumber: left[Number(x % n)],
      }
  }
}

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 })
const hexArb = fc.stringMatching(/^[0-9a-f]{64}$/)
/** Entries with at least two tickets, and a non-empty subset of them to exclude, not all. */
const drawArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 100_000 }), { minLength: 2, maxLength: 60 })
  .chain((entries) =>
    fc.record({
      entries: fc.constant(entries),
      excluded: fc.subarray(entries, { minLength: 1, maxLength: entries.length - 1 }),
      seed: seedArb,
      beacon: fc.oneof(hexArb, fc.constant("")),
      competitionId: fc.uuid(),
      redrawNumber: fc.integer({ min: 1, max: 5 }),
    }),
  )

const redrawOf = (d: DrawInput) =>
  redrawFromEntryList({
    seed: d.seed,
    competitionId: d.competitionId,
    beacon: d.beacon,
    originalEntries: entriesText(d.entries),
    redrawNumber: d.redrawNumber,
    excludedTicketNumbers: d.excluded,
  })
type DrawInput = {
  entries: number[]
  excluded: number[]
  seed: Uint8Array
  beacon: string
  competitionId: string
  redrawNumber: number
}

describe("a redraw", () => {
  it("leaves out exactly the excluded tickets, keeping the published form", () => {
    expect(redrawEntriesText("3\n9\n10\n27\n42\n108\n256", [10, 256])).toBe("3\n9\n27\n42\n108")
    expect(redrawEntriesText("", [1])).toBe("")
    expect(redrawEntriesText("7", [7])).toBe("")
  })

  it("writes its message with the redraw number and the excluded tickets, ascending", () => {
    expect(
      redrawAttemptMessage(
        {
          seed: new Uint8Array(32),
          competitionId: "9A72459A-12E8-4D20-A8BC-22909082412F",
          entriesHash: "ab",
          beacon: "cd",
          entryCount: 5,
          redrawNumber: 2,
          excludedTicketNumbers: [42, 10],
        },
        0,
      ),
    ).toBe("9a72459a-12e8-4d20-a8bc-22909082412f|ab|cd|0|redraw:2|excluded:10,42")
  })

  it("with nothing left has no winner", () => {
    const outcome = redrawFromEntryList({
      seed: new Uint8Array(32),
      competitionId: "c",
      beacon: "",
      originalEntries: "5",
      redrawNumber: 1,
      excludedTicketNumbers: [5],
    })
    expect(outcome).toEqual({
      entriesHash: createHash("sha256").update("").digest("hex"),
      entryCount: 0,
    })
  })

  it("property: the winner is never an excluded ticket, and always an entry", () => {
    fc.assert(
      fc.property(drawArb, (d) => {
        const outcome = redrawOf(d)
        expect("winningTicketNumber" in outcome).toBe(true)
        if (!("winningTicketNumber" in outcome)) return
        expect(d.excluded).not.toContain(outcome.winningTicketNumber)
        expect(d.entries).toContain(outcome.winningTicketNumber)
        expect(outcome.entryCount).toBe(d.entries.length - d.excluded.length)
      }),
    )
  })

  it("property: the same inputs always give the same winner, the one the page's words give", () => {
    fc.assert(
      fc.property(drawArb, (d) => {
        const once = redrawOf(d)
        expect(redrawOf({ ...d, entries: [...d.entries].reverse() })).toEqual(once)
        expect(redrawOf(d)).toEqual(once)
        expect(once).toEqual(independentRedraw(d))
      }),
    )
  })

  it("property: another beacon value or redraw number is another draw (the message holds both)", () => {
    fc.assert(
      fc.property(drawArb, hexArb, (d, other) => {
        fc.pre(other !== d.beacon)
        const message = (beacon: string, redrawNumber: number) =>
          redrawAttemptMessage(
            {
              seed: d.seed,
              competitionId: d.competitionId,
              entriesHash: "h",
              beacon,
              entryCount: 1,
              redrawNumber,
              excludedTicketNumbers: d.excluded,
            },
            0,
          )
        expect(message(other, d.redrawNumber)).not.toBe(message(d.beacon, d.redrawNumber))
        expect(message(d.beacon, d.redrawNumber + 1)).not.toBe(message(d.beacon, d.redrawNumber))
      }),
    )
  })
})
