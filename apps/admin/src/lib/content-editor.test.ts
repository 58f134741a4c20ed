import { checkResourceValue } from "@howzat/core/rules/site-content"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { contentProblem, editorText } from "./content-editor"

const clubs = { key: "content-list-clubs", kind: "Clubs", description: "" } as const
const styles = { key: "config-site-styles", kind: "Styles", description: "" } as const

const storedClubs = fc
  .uniqueArray(
    fc.record({
      name: fc.string({ minLength: 1, maxLength: 100 }).filter((s) => s.trim() === s && s !== ""),
      voucherCode: fc.stringMatching(/^[A-Z0-9]{3,32}$/),
    }),
    { selector: (c) => c.voucherCode, maxLength: 20 },
  )
  .map((list) => JSON.stringify(list))

describe("the content editor", () => {
  it("lays clubs out for editing and saves back what was stored", () => {
    fc.assert(
      fc.property(storedClubs, (stored) => {
        const text = editorText("Clubs", stored)
        expect(contentProblem(clubs, text)).toBeUndefined()
        expect(checkResourceValue(clubs, text)).toEqual({ _tag: "Valid", value: stored })
      }),
    )
  })

  it("starts an unset value empty, and clubs as an empty list", () => {
    expect(editorText("Html", null)).toBe("")
    expect(editorText("Clubs", null)).toBe("[]")
    expect(editorText("Clubs", "not json")).toBe("not json")
  })

  it("names what the server would refuse", () => {
    expect(contentProblem(clubs, "[{")).toBe("Clubs must be a JSON list of { name, voucherCode }.")
    expect(contentProblem(styles, "body{}</style>")).toBe("Styles may not contain '<'.")
    expect(contentProblem(styles, ":root { --brand: #063 }")).toBeUndefined()
  })
})
