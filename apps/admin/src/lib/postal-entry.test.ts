import { FreePostalEntryRequest } from "@howzat/contracts/postal-entries"
import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  customerIdError,
  emptyPostalEntry,
  newDraftReference,
  type PostalEntryValues,
  postalEntryPayload,
  serverFieldName,
} from "./postal-entry"

const person: PostalEntryValues = {
  ...emptyPostalEntry,
  firstName: " Ada ",
  lastName: "Lovelace",
  emailAddress: "ada@example.com ",
  dateOfBirth: "1990-12-10",
  line1: "1 High Street",
  postCode: "SW1A 1AA",
}

describe("the postal entry form's request", () => {
  it("sends a person's details trimmed, with the address they gave", () => {
    expect(postalEntryPayload(person, "BO-1")).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      emailAddress: "ada@example.com",
      dateOfBirth: "1990-12-10",
      telephoneNumber: "",
      address: { line1: "1 High Street", line2: "", city: "", county: "", postCode: "SW1A 1AA" },
      entryReference: "BO-1",
    })
  })

  it("sends no address when none was typed, so the server names what is missing", () => {
    const payload = postalEntryPayload({ ...person, line1: " ", postCode: "" }, "BO-1")
    expect(payload.address).toBeNull()
  })

  it("sends a customer by id alone: the server refuses an id together with details", () => {
    const customerId = "8d7f3a52-9a51-4c35-8d0e-1f2a3b4c5d6e"
    expect(
      postalEntryPayload({ ...person, kind: "customer", customerId: ` ${customerId}` }, "BO-2"),
    ).toEqual({ customerId, entryReference: "BO-2" })
  })

  it("prefers the postcard's own reference to the draft's", () => {
    expect(
      postalEntryPayload({ ...person, entryReference: " PC-77 " }, "BO-9").entryReference,
    ).toBe("PC-77")
  })

  it("always makes a request the contract accepts, whatever was typed", () => {
    const text = fc.string({ maxLength: 40 })
    fc.assert(
      fc.property(
        fc.record({
          kind: fc.constantFrom("person" as const, "customer" as const),
          customerId: fc.uuid(),
          firstName: text,
          lastName: text,
          emailAddress: text,
          dateOfBirth: text,
          telephoneNumber: text,
          line1: text,
          line2: text,
          city: text,
          county: text,
          postCode: text,
          entryReference: text,
        }),
        (values) => {
          const payload = postalEntryPayload(values, newDraftReference())
          const decoded = Schema.decodeUnknownEither(FreePostalEntryRequest)(payload)
          expect(decoded._tag).toBe("Right")
          // Never both an id and a person's details.
          if (payload.customerId !== undefined) expect(payload.firstName).toBeUndefined()
          expect(payload.entryReference?.trim()).not.toBe("")
        },
      ),
    )
  })

  it("asks for a customer id the server can look up", () => {
    expect(customerIdError("8d7f3a52-9a51-4c35-8d0e-1f2a3b4c5d6e")).toBeUndefined()
    expect(customerIdError("ada@example.com")).toMatch(/customer's id/)
  })

  it("makes a short, distinct reference for a postcard without one", () => {
    const reference = newDraftReference(() => "8d7f3a52-9a51-4c35-8d0e-1f2a3b4c5d6e")
    expect(reference).toBe("BO-8D7F3A529A51")
    expect(newDraftReference()).not.toBe(newDraftReference())
  })

  it("finds the server's message for each field, the address nested as the wire sends it", () => {
    const payload = postalEntryPayload(person, "BO-1")
    const wireFields = [...Object.keys(payload), "customerId"]
    for (const field of Object.keys(emptyPostalEntry) as (keyof PostalEntryValues)[]) {
      if (field === "kind") continue
      const name = serverFieldName(field)
      const [top = "", nested = ""] = name.split(".")
      if (top === "address") expect(Object.keys(payload.address ?? {})).toContain(nested)
      else expect(wireFields).toContain(name)
    }
    expect(serverFieldName("postCode")).toBe("address.postCode")
    expect(serverFieldName("firstName")).toBe("firstName")
  })
})
