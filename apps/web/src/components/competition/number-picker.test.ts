import { describe, expect, it } from "vitest"
import { PICK_PAGE_SIZE } from "../../api/picked-numbers"
import { pageCount, startFrom } from "./number-picker"

describe("startFrom", () => {
  it("starts at the whole number typed, never past the last ticket", () => {
    expect(startFrom("42", 100)).toBe(42)
    expect(startFrom("42.9", 100)).toBe(42)
    expect(startFrom("500", 100)).toBe(100)
  })

  it("starts at 1 when nothing usable was typed", () => {
    for (const typed of ["", "0", "-3", "abc"]) expect(startFrom(typed, 100)).toBe(1)
  })
})

describe("pageCount", () => {
  it("counts whole pages, and one page when there are no numbers", () => {
    expect(pageCount(0)).toBe(1)
    expect(pageCount(PICK_PAGE_SIZE)).toBe(1)
    expect(pageCount(PICK_PAGE_SIZE + 1)).toBe(2)
  })
})
