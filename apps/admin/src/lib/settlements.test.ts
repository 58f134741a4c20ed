import { describe, expect, it } from "vitest"
import {
  csvFileName,
  disagreementWords,
  providerLabel,
  settlementsParams,
  settlementsSearch,
} from "./settlements"

describe("the settlements screen's range", () => {
  it("keeps real days from the URL and drops the rest", () => {
    expect(settlementsSearch({ from: "2026-06-01", to: "2026-02-31" })).toEqual({
      from: "2026-06-01",
      to: undefined,
    })
    expect(settlementsSearch({ from: "yesterday" })).toEqual({ from: undefined, to: undefined })
  })

  it("asks the API only for what was picked", () => {
    expect(settlementsParams({})).toEqual({})
    expect(settlementsParams({ from: "2026-06-01" })).toEqual({ from: "2026-06-01" })
    expect(settlementsParams({ from: "2026-06-01", to: "2026-06-30" })).toEqual({
      from: "2026-06-01",
      to: "2026-06-30",
    })
  })

  it("names the download and the disagreements for people", () => {
    expect(csvFileName({ from: "2026-06-01", to: "2026-06-30" })).toBe(
      "settlements-2026-06-01-to-2026-06-30.csv",
    )
    expect(disagreementWords("PaidTwice")).toMatch(/Two or more/)
    expect(disagreementWords("SomethingNew")).toBe("SomethingNew")
    expect(providerLabel("none")).toMatch(/site credit/)
    expect(providerLabel("stripe")).toBe("stripe")
  })
})
