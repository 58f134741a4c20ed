import { describe, expect, it } from "vitest"
import { brand } from "../../../web/src/brand"
import { backOfficeName, pageTitle } from "./page-title"

describe("pageTitle", () => {
  it("names the screen, then the brand's back office", () => {
    expect(pageTitle("Orders")).toBe(`Orders · ${brand.shortName} back office`)
    expect(pageTitle()).toBe(backOfficeName)
  })
})
