import { describe, expect, it } from "vitest"
import { pageFromSearch } from "./search"

describe("pageFromSearch", () => {
  it("reads whole positive page numbers", () => {
    expect(pageFromSearch(3)).toBe(3)
    expect(pageFromSearch("4")).toBe(4)
  })

  it("treats anything else as page 1", () => {
    for (const bad of [undefined, null, "", "abc", 0, -2, 1.5, "2.5", Number.NaN, {}]) {
      expect(pageFromSearch(bad)).toBe(1)
    }
  })
})
