import { Either, Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  BoundedInt,
  BoundedIntFromString,
  boundedMultilineString,
  boundedString,
  DateFromQuery,
  hasControlCharacter,
  MAX_DATABASE_INT,
  RangeEndFromQuery,
} from "./text.js"

const accepts = <A, I>(schema: Schema.Schema<A, I>, input: unknown) =>
  Either.isRight(Schema.decodeUnknownEither(schema)(input))

/** Any text with at least one C0 control or DEL somewhere in it. */
const withControl = (controls: readonly number[]) =>
  fc
    .tuple(fc.string(), fc.constantFrom(...controls), fc.string())
    .map(([before, code, after]) => `${before}${String.fromCharCode(code)}${after}`)

const C0_AND_DEL = [...Array.from({ length: 32 }, (_, i) => i), 0x7f]
const LINE_BREAKS = [0x09, 0x0a, 0x0d]

describe("boundedString", () => {
  const name = boundedString(50)

  it("refuses a NUL or any other control character anywhere in the text", () => {
    fc.assert(fc.property(withControl(C0_AND_DEL), (text) => !accepts(name, text)))
  })

  it("accepts every printable text within the bound, accents and emoji included", () => {
    const printable = fc.string({ unit: "grapheme", maxLength: 12 }).filter((t) => t.length <= 50)
    fc.assert(fc.property(printable, (text) => hasControlCharacter(text) || accepts(name, text)))
    expect(accepts(name, "Zoë O'Brien-Smith 🏏")).toBe(true)
  })

  it("refuses text one character past the bound", () => {
    expect(accepts(name, "x".repeat(50))).toBe(true)
    expect(accepts(name, "x".repeat(51))).toBe(false)
  })
})

describe("boundedMultilineString", () => {
  const detail = boundedMultilineString(100)

  it("keeps line breaks and tabs but refuses every other control character", () => {
    expect(accepts(detail, "Validation failed:\n -- Field:\tmessage\r\n")).toBe(true)
    const others = C0_AND_DEL.filter((code) => !LINE_BREAKS.includes(code))
    fc.assert(fc.property(withControl(others), (text) => !accepts(detail, text)))
  })
})

describe("BoundedInt", () => {
  it("holds every integer a database integer column can, and nothing past it", () => {
    const amount = BoundedInt(0)
    fc.assert(fc.property(fc.integer({ min: 0, max: MAX_DATABASE_INT }), (n) => accepts(amount, n)))
    for (const wrong of [-1, MAX_DATABASE_INT + 1, 2 ** 53, 1.5, Number.NaN, "1"])
      expect(accepts(amount, wrong), String(wrong)).toBe(false)
  })

  it("reads query text within the bounds", () => {
    const page = BoundedIntFromString(1, 1000)
    expect(Schema.decodeUnknownSync(page)("20")).toBe(20)
    for (const wrong of ["0", "1001", "2.5", "abc", "", "2147483648"])
      expect(accepts(page, wrong), wrong).toBe(false)
  })
})

describe("DateFromQuery", () => {
  it.each([
    ["2026-05-01", "2026-05-01T00:00:00.000Z"],
    ["2024-02-29", "2024-02-29T00:00:00.000Z"],
    ["2026-05-01T12:30:00Z", "2026-05-01T12:30:00.000Z"],
    ["2026-05-01T12:30:00.5+01:00", "2026-05-01T11:30:00.500Z"],
  ])("reads %s", (text, iso) => {
    expect(Schema.decodeUnknownSync(DateFromQuery)(text).toISOString()).toBe(iso)
  })

  it.each([
    "99999-01-01",
    "2026-02-30",
    "2025-02-29",
    "2026-13-01",
    "2026-00-10",
    "0000-01-01",
    "9999-12-31T23:00:00-05:00",
    "yesterday",
    "May 1 2026",
    "2026-05-01\u0000",
    "",
  ])("refuses %j", (text) => {
    expect(accepts(DateFromQuery, text)).toBe(false)
  })

  it("accepts every real day from year 1 to 9999", () => {
    const day = fc.date({
      min: new Date("0001-01-01T00:00:00Z"),
      max: new Date("9999-12-31T00:00:00Z"),
      noInvalidDate: true,
    })
    fc.assert(
      fc.property(day, (date) => {
        const text = date.toISOString().slice(0, 10)
        expect(Schema.decodeUnknownSync(DateFromQuery)(text).toISOString().slice(0, 10)).toBe(text)
      }),
    )
  })
})

describe("RangeEndFromQuery", () => {
  it.each([
    ["2026-05-01", "2026-05-01T23:59:59.999Z"],
    ["2024-02-29", "2024-02-29T23:59:59.999Z"],
    ["9999-12-31", "9999-12-31T23:59:59.999Z"],
    ["2026-05-01T12:30:00Z", "2026-05-01T12:30:00.000Z"],
  ])("reads %s as the end of the range", (text, iso) => {
    expect(Schema.decodeUnknownSync(RangeEndFromQuery)(text).toISOString()).toBe(iso)
  })

  it.each(["2026-02-30", "99999-01-01", "yesterday", ""])("refuses %j", (text) => {
    expect(accepts(RangeEndFromQuery, text)).toBe(false)
  })
})
