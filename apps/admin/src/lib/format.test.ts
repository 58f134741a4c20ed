import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  formatPence,
  fromLocalInput,
  fromLocalInputKeeping,
  parseExactPounds,
  penceInput,
  toLocalInput,
  ukDayEnd,
  ukDayStart,
} from "./format"

const day = fc
  .date({
    min: new Date("2000-01-01T00:00:00Z"),
    max: new Date("2099-12-30T00:00:00Z"),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10))

describe("money for staff", () => {
  it("reads pounds as pence", () => {
    expect(parseExactPounds("12.50")).toBe(1250)
    expect(parseExactPounds("£12.5")).toBe(1250)
    expect(parseExactPounds("0.99")).toBe(99)
    expect(parseExactPounds("-3")).toBe(-300)
    expect(parseExactPounds("12.345")).toBeUndefined()
    expect(parseExactPounds("twelve")).toBeUndefined()
    expect(parseExactPounds("5 pounds")).toBeUndefined()
    expect(parseExactPounds("")).toBeUndefined()
  })

  it("gives back the pence it was shown", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (pence) => {
        expect(parseExactPounds(penceInput(pence))).toBe(pence)
      }),
    )
  })

  it("shows pounds", () => {
    expect(formatPence(123456)).toBe("£1,234.56")
  })
})

describe("UK time in date inputs", () => {
  it("reads winter and summer times as London does", () => {
    expect(fromLocalInput("2026-12-03T20:30")).toBe("2026-12-03T20:30:00.000Z")
    expect(fromLocalInput("2026-07-02T20:30")).toBe("2026-07-02T19:30:00.000Z")
    expect(toLocalInput("2026-07-02T19:30:00.000Z")).toBe("2026-07-02T20:30")
    expect(fromLocalInput("not a date")).toBeUndefined()
  })

  it("shows every minute of the year as the UK time it was typed as", () => {
    // The repeated hour of an October night reads back as either instant; both show the same.
    const start = Date.UTC(2026, 0, 1)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 24 * 60 }), (minutes) => {
        const shown = toLocalInput(new Date(start + minutes * 60_000).toISOString())
        expect(toLocalInput(fromLocalInput(shown))).toBe(shown)
      }),
    )
    expect(toLocalInput(fromLocalInput("2026-10-25T01:30"))).toBe("2026-10-25T01:30")
  })

  it("keeps a loaded instant in the repeated October hour while its field is untouched", () => {
    // 01:30 happens twice on 25 October 2026: at 00:30 UTC (BST) and 01:30 UTC (GMT).
    for (const kept of ["2026-10-25T00:30:00.000Z", "2026-10-25T01:30:00.000Z"]) {
      expect(fromLocalInputKeeping("2026-10-25T01:30", kept)).toBe(kept)
    }
    // Changed, it reads as typed.
    expect(fromLocalInputKeeping("2026-10-25T02:30", "2026-10-25T01:30:00.000Z")).toBe(
      "2026-10-25T02:30:00.000Z",
    )
    expect(fromLocalInputKeeping("2026-12-03T20:30", null)).toBe("2026-12-03T20:30:00.000Z")
  })
})

describe("UK days as the API's instants", () => {
  it("asks for a UK day from its first to its last millisecond", () => {
    // 1 July is in British Summer Time: the day starts at 23:00 UTC the day before.
    expect(ukDayStart("2026-07-01")).toBe("2026-06-30T23:00:00.000Z")
    expect(ukDayEnd("2026-07-01")).toBe("2026-07-01T22:59:59.999Z")
    expect(ukDayStart("2026-12-01")).toBe("2026-12-01T00:00:00.000Z")
    expect(ukDayEnd("2026-12-01")).toBe("2026-12-01T23:59:59.999Z")
    // 29 March 2026 has 23 hours, 25 October 2026 has 25.
    expect(
      Date.parse(ukDayEnd("2026-03-29") ?? "") + 1 - Date.parse(ukDayStart("2026-03-29") ?? ""),
    ).toBe(23 * 3600_000)
    expect(
      Date.parse(ukDayEnd("2026-10-25") ?? "") + 1 - Date.parse(ukDayStart("2026-10-25") ?? ""),
    ).toBe(25 * 3600_000)
  })

  it("covers every day whole: it starts at UK midnight and the next day starts right after it", () => {
    fc.assert(
      fc.property(day, (d) => {
        const start = ukDayStart(d)
        const end = ukDayEnd(d)
        expect(toLocalInput(start)).toBe(`${d}T00:00`)
        expect(toLocalInput(end)).toBe(`${d}T23:59`)
        const next = new Date(Date.parse(end ?? "") + 1).toISOString()
        expect(toLocalInput(next).slice(11)).toBe("00:00")
      }),
    )
  })
})
