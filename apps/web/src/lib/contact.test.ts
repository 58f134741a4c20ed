import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { HONEY_POT } from "../api/accounts"
import { ApiError, problemFromResponse } from "../api/client"
import {
  blankContact,
  type ContactValues,
  contactRequest,
  contactRules,
  prefillContact,
  sendFailure,
} from "./contact"
import { isFormValid } from "./form-rules"

describe("a failed contact send", () => {
  it("puts a 400's field messages under the fields", () => {
    const error = problemFromResponse(400, {
      type: "validation-error",
      title: "One or more validation errors occurred.",
      status: 400,
      detail: "Validation failed",
      errors: { message: ["You must include a message."], website: ["nope"] },
    })
    expect(sendFailure(error)).toEqual({
      kind: "fields",
      errors: { message: "You must include a message." },
    })
  })

  it("is undelivered for anything the customer can't fix: network, 429, 5xx, a 400 naming no field", () => {
    expect(sendFailure(new ApiError("network", 0, "Network error", ""))).toEqual({
      kind: "undelivered",
    })
    for (const status of [429, 500, 503])
      expect(sendFailure(problemFromResponse(status, { title: "x", status, detail: "y" }))).toEqual(
        { kind: "undelivered" },
      )
    expect(
      sendFailure(problemFromResponse(400, { title: "Bad Request", status: 400, detail: "JSON" })),
    ).toEqual({ kind: "undelivered" })
    expect(sendFailure(new TypeError("Failed to fetch"))).toEqual({ kind: "undelivered" })
  })
})

describe("pre-filling for a signed-in customer", () => {
  it("fills what is empty from the account", () => {
    expect(
      prefillContact(
        { ...blankContact, message: "Hi" },
        {
          firstName: "Ann",
          lastName: "Smith",
          email: "ann@example.com",
          telephoneNumber: "07700 900123",
        },
      ),
    ).toEqual({
      firstName: "Ann",
      lastName: "Smith",
      email: "ann@example.com",
      telephoneNumber: "07700 900123",
      message: "Hi",
      honeyPot: "",
    })
  })

  it("property: never overwrites anything typed, and leaves the message and honey-pot alone", () => {
    const text = fc.string({ maxLength: 10 })
    fc.assert(
      fc.property(
        fc.record({
          firstName: text,
          lastName: text,
          email: text,
          telephoneNumber: text,
          message: text,
          honeyPot: text,
        }),
        fc.record({
          firstName: fc.option(text),
          lastName: fc.option(text),
          email: fc.option(text),
          telephoneNumber: fc.option(text),
        }),
        (typed, known) => {
          const filled = prefillContact(typed, known)
          for (const name of ["firstName", "lastName", "email", "telephoneNumber"] as const) {
            if (typed[name].trim() !== "") expect(filled[name]).toBe(typed[name])
            else expect(filled[name]).toBe(known[name] || typed[name])
          }
          expect(filled.message).toBe(typed.message)
          expect(filled.honeyPot).toBe(typed.honeyPot)
        },
      ),
    )
  })
})

describe("sending a contact message", () => {
  const typed: ContactValues = {
    firstName: " Mary ",
    lastName: " Smith ",
    email: "mary@example.com",
    telephoneNumber: " 07700 900123 ",
    message: "  Where is my prize?  ",
    honeyPot: "",
  }

  it("is refused blank and allowed once filled in", () => {
    expect(isFormValid(contactRules, blankContact)).toBe(false)
    expect(isFormValid(contactRules, typed)).toBe(true)
  })

  it("trims names, phone and message, and sends the honey-pot as it is", () => {
    expect(contactRequest({ ...typed, honeyPot: "bot" })).toEqual({
      firstName: "Mary",
      lastName: "Smith",
      email: "mary@example.com",
      telephoneNumber: "07700 900123",
      message: "Where is my prize?",
      [HONEY_POT]: "bot",
    })
  })
})
