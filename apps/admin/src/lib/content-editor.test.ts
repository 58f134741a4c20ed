import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { contentProblem, editorText } from "./content-editor"

const styles = { key: "config-site-styles", kind: "Styles", description: "" } as const

describe("the content editor", () => {
  it("starts an unset value empty and a stored one as it is", () => {
    expect(editorText("Html", null)).toBe("")
    expect(editorText("Styles", ":root{}")).toBe(":root{}")
  })

  it("names what the server would refuse", () => {
    expect(contentProblem(styles, "body{}</style>")).toBe("Styles may not contain '<'.")
    expect(contentProblem(styles, ":root { --brand: #063 }")).toBeUndefined()
  })

  it("never lets styles through that could close the style element", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        expect(contentProblem(styles, `${before}</style>${after}`)).toBeDefined()
      }),
    )
  })
})
