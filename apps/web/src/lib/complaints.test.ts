import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { ApiError } from "../api/client"
import { blankComplaint, complaintFailure, prefillComplaint } from "./complaints"

describe("the complaints page's logic", () => {
  it("puts a 400's field messages under the fields", () => {
    const error = new ApiError("http", 400, "validation", "x", "", {
      type: "t",
      title: "One or more validation errors occurred.",
      status: 400,
      detail: "",
      errors: { description: ["Please describe your complaint."], other: ["ignored"] },
    })
    expect(complaintFailure(error)).toEqual({
      kind: "fields",
      errors: { description: "Please describe your complaint." },
    })
  })

  it("treats anything else as not taken, keeping the rate limit's own words", () => {
    expect(complaintFailure(new Error("offline"))).toEqual({ kind: "notTaken", detail: undefined })
    expect(
      complaintFailure(new ApiError("http", 429, "Too Many Requests", "Try again in 5 minutes.")),
    ).toEqual({ kind: "notTaken", detail: "Try again in 5 minutes." })
  })

  it("never overwrites what was typed when prefilling", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (typed, name, email) => {
        const values = { ...blankComplaint, name: typed }
        const next = prefillComplaint(values, { name, email })
        if (typed.trim() !== "") expect(next.name).toBe(typed)
        else expect(next.name).toBe(name === "" ? typed : name)
        expect(next.description).toBe(values.description)
      }),
    )
  })
})
