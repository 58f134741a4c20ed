import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { escapeHtml } from "./html"

/** What a browser reads back from the escaped text. */
const readBack = (html: string) =>
  html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))

describe("escapeHtml", () => {
  it("leaves nothing that could open a tag or end an attribute, and loses no text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const html = escapeHtml(text)
        expect(html).not.toMatch(/[<>"']/)
        expect(html.replace(/&#\d+;/g, "")).not.toContain("&")
        expect(readBack(html)).toBe(text)
      }),
    )
  })

  it("writes numeric references", () => {
    expect(escapeHtml(`"><script>&'`)).toBe("&#34;&#62;&#60;script&#62;&#38;&#39;")
    expect(escapeHtml("plain text")).toBe("plain text")
  })
})
