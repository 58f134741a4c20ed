import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatPence, fromLocalInput, parsePounds, penceInput, toLocalInput } from "./format"

describe("money for staff", () => {
  it("reads pounds as pence", () => {
    expect(parsePounds("12.50")).toBe(1250)
    expect(parsePounds("£12.5")).toBe(1250)
    expect(parsePounds("0.99")).toBe(99)
    expect(parsePounds("-3")).toBe(-300)
    expect(parsePounds("12.345")).toBeUndefined()
    expect(parsePounds("twelve")).toBeUndefined()
    expect(parsePounds("")).toBeUndefined()
  })

  it("gives back the pence it was shown", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (pence) => {
        expect(parsePounds(penceInput(pence))).toBe(pence)
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
})
