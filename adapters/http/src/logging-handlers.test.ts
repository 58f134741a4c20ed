import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { LOG_FIELD_LIMITS, makeReportLimiter, reportFields } from "./logging-handlers"

describe("the storefront report limiter", () => {
  it("lets an address report its share per minute, then drops the rest until the next minute", () => {
    const allow = makeReportLimiter(3)
    const verdicts = [0, 1, 2, 3, 4].map((i) => allow("a", 1_000 + i))
    expect(verdicts).toEqual([true, true, true, false, false])
    expect(allow("b", 1_005)).toBe(true)
    expect(allow("a", 61_000)).toBe(true)
  })
})

/** Anything that could break a log line or disguise one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/

const report = (text: string) =>
  reportFields({ requestedUrl: text, event: "client-error", title: text, detail: text })

describe("a report's fields in the log", () => {
  it("hold a forged log line as visible escapes, on one line", () => {
    const forged = 'Oops\n2026-01-01 level=ERROR message="card store breached"\r\n\t\u2028'
    const fields = report(forged)
    expect(fields.title).toBe(
      'Oops\\n2026-01-01 level=ERROR message="card store breached"\\r\\n\\t\\u2028',
    )
    expect(fields.url).toBe(fields.title)
  })

  it("keep a caller's own backslashes distinguishable from escapes", () => {
    expect(report("a\\nb").detail).toBe("a\\\\nb")
    expect(report("a\nb").detail).toBe("a\\nb")
  })

  it("never carry a control character, separator or direction override, whatever is sent", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        const fields = report(text)
        for (const value of [fields.url, fields.title, fields.detail])
          expect(UNSAFE.test(value)).toBe(false)
      }),
    )
  })

  it("stay within their bounds even when escaping lengthens them", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 5000 }), (text) => {
        const fields = report(text)
        expect(fields.url.length).toBeLessThanOrEqual(LOG_FIELD_LIMITS.url)
        expect(fields.title.length).toBeLessThanOrEqual(LOG_FIELD_LIMITS.title)
        expect(fields.detail.length).toBeLessThanOrEqual(LOG_FIELD_LIMITS.detail)
      }),
      { numRuns: 50 },
    )
  })

  it("leave ordinary text as it was", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 100 }), (text) => {
        fc.pre(!UNSAFE.test(text) && !text.includes("\\"))
        expect(report(text).detail).toBe(text)
      }),
    )
  })
})
