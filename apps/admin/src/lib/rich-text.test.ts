import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { safeLink } from "./rich-text"

describe("links in a description", () => {
  it("takes web and mail addresses, adding https:// when left out", () => {
    expect(safeLink("example.com/prizes")).toBe("https://example.com/prizes")
    expect(safeLink(" http://example.com ")).toBe("http://example.com/")
    expect(safeLink("mailto:help@howzat.example")).toBe("mailto:help@howzat.example")
  })
  it("refuses scripts, data and nonsense", () => {
    expect(safeLink("javascript:alert(1)")).toBeUndefined()
    expect(safeLink("JaVaScRiPt:alert(1)")).toBeUndefined()
    expect(safeLink("data:text/html,<b>x</b>")).toBeUndefined()
    expect(safeLink("https://")).toBeUndefined()
    expect(safeLink("   ")).toBeUndefined()
  })
  it("only ever answers an http(s) or mailto address", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const link = safeLink(text)
        if (link !== undefined) expect(link).toMatch(/^(https?:\/\/|mailto:)/i)
      }),
    )
  })
})
