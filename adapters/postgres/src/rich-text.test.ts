import { describe, expect, it } from "vitest"
import { sanitiseRichText } from "./rich-text"
import { demoCompetitions } from "./seed/demo"

/**
 * What the RichTextSanitiser port promises (scripts, handlers, styles and
 * unsafe links lost; formatting kept; stable on a second pass) is its
 * contract, test/contracts/site-content.*, run on this adapter and the
 * in-memory one. What stays here is only this adapter's: the shop's own
 * demo descriptions survive it untouched.
 */
describe("a competition's description", () => {
  it("of every demo competition passes through unchanged", () => {
    for (const demo of demoCompetitions(new Date("2026-05-01T12:00:00Z")))
      expect(sanitiseRichText(demo.description)).toBe(demo.description)
  })
})
