import { describe, expect, it } from "vitest"
import { dayParam, oneOf, pageParam, textParam } from "./search"

describe("search params of the lists", () => {
  it("keeps a page number and drops anything else", () => {
    expect(pageParam(3)).toBe(3)
    expect(pageParam("4")).toBe(4)
    expect(pageParam(0)).toBeUndefined()
    expect(pageParam("2.5")).toBeUndefined()
    expect(pageParam("x")).toBeUndefined()
  })

  it("keeps text that says something", () => {
    expect(textParam(" smith ")).toBe("smith")
    expect(textParam("   ")).toBeUndefined()
    expect(textParam(7)).toBeUndefined()
  })

  it("keeps only the values a filter knows", () => {
    const status = oneOf("Pending", "Complete")
    expect(status("Complete")).toBe("Complete")
    expect(status("Deleted")).toBeUndefined()
  })

  it("keeps real calendar days only", () => {
    expect(dayParam("2026-11-24")).toBe("2026-11-24")
    expect(dayParam("2026-02-29")).toBeUndefined()
    expect(dayParam("2028-02-29")).toBe("2028-02-29")
    expect(dayParam("24/11/2026")).toBeUndefined()
    expect(dayParam(20261124)).toBeUndefined()
  })
})
