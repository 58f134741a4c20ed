import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isUuid } from "./uuid"

describe("isUuid", () => {
  it("accepts every uuid, in either case", () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(isUuid(id)).toBe(true)
        expect(isUuid(id.toUpperCase())).toBe(true)
      }),
    )
  })

  it("refuses a uuid with anything added, removed or out of place", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ minLength: 1 }), (id, extra) => {
        expect(isUuid(`${id}${extra}`)).toBe(false)
        expect(isUuid(`${extra}${id}`)).toBe(false)
        expect(isUuid(id.slice(1))).toBe(false)
        expect(isUuid(id.replaceAll("-", ""))).toBe(false)
      }),
    )
  })

  it("refuses everyday non-ids", () => {
    for (const text of [
      "",
      "1",
      "abc",
      "not-a-uuid",
      " 0f8fad5b-d9cb-469f-a165-70867728950e",
      "0f8fad5b-d9cb-469f-a165-70867728950g",
    ])
      expect(isUuid(text)).toBe(false)
  })
})
