import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isJsonMediaType, nestsDeeperThan, nonJsonBodyProblem } from "./request-limits"

/** How deep a parsed JSON value nests arrays and objects. */
const depthOf = (value: unknown): number =>
  typeof value === "object" && value !== null
    ? 1 + Math.max(0, ...Object.values(value).map(depthOf))
    : 0

describe("nestsDeeperThan", () => {
  it("agrees with the parsed value's depth for any JSON", () => {
    fc.assert(
      fc.property(fc.json({ depthSize: "large" }), fc.integer({ min: 0, max: 8 }), (json, max) => {
        expect(nestsDeeperThan(json, max)).toBe(depthOf(JSON.parse(json)) > max)
      }),
    )
  })

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(nestsDeeperThan('{"a":"[[[[\\"{{{{"}', 1)).toBe(false)
    expect(nestsDeeperThan("[".repeat(30_000) + "]".repeat(30_000), 32)).toBe(true)
  })
})

describe("the API's media type", () => {
  it.each([
    ["application/json", true],
    ["application/json; charset=utf-8", true],
    ["Application/JSON", true],
    ["application/merge-patch+json", true],
    ["multipart/form-data; boundary=x", false],
    ["application/x-www-form-urlencoded", false],
    ["text/plain", false],
    ["application/jsonp", false],
  ])("%s is JSON: %s", (type, json) => {
    expect(isJsonMediaType(type)).toBe(json)
  })

  it("is only asked of calls with a body and a declared type", () => {
    expect(nonJsonBodyProblem("GET", "text/plain")).toBeUndefined()
    expect(nonJsonBodyProblem("POST", undefined)).toBeUndefined()
    expect(nonJsonBodyProblem("POST", "text/plain")?.status).toBe(400)
  })
})
