import { describe, expect, it } from "vitest"
import { pageButtonCount } from "./page-buttons"

describe("pageButtonCount", () => {
  it.each([
    [320, 5],
    [575, 5],
    [576, 9],
    [991, 9],
    [992, 15],
    [1399, 15],
    [1400, 21],
    [2560, 21],
  ])("at %ipx shows %i buttons", (width, count) => {
    expect(pageButtonCount(width)).toBe(count)
  })
})
