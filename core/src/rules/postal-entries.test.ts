import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  entrantKey,
  isSameEntrant,
  MAX_ENTRY_REFERENCE_LENGTH,
  type PostalEntryForm,
  postalEntryMessages,
  postalEntryRefusal,
  readPostalEntry,
} from "./postal-entries.js"
import { messages } from "./validation.js"

const TODAY = new Date("2026-06-15T12:00:00Z")

const person = (overrides: Partial<PostalEntryForm> = {}): PostalEntryForm => ({
  customerId: "",
  firstName: "Bea",
  lastName: "Bowler",
  emailAddress: "bea@example.com",
  dateOfBirth: "1980-02-03",
  telephoneNumber: "",
  address: { line1: "2 Long Room", line2: "", city: "Leeds", county: "", postCode: "ls6 3bu" },
  entryReference: "",
  ...overrides,
})

const customer = (overrides: Partial<PostalEntryForm> = {}): PostalEntryForm => ({
  ...person({
    firstName: "",
    lastName: "",
    emailAddress: "",
    dateOfBirth: "",
    address: null,
  }),
  customerId: "4f1c3d0e-5b8a-4f7e-9d2c-1a2b3c4d5e6f",
  ...overrides,
})

const errorsOf = (form: PostalEntryForm) => {
  const read = readPostalEntry(form, TODAY)
  return read._tag === "Invalid" ? read.errors : {}
}

describe("reading a postal entry", () => {
  it("takes a person's details, cleaned as the storefront's forms clean them", () => {
    const read = readPostalEntry(
      person({
        firstName: "  Bea ",
        emailAddress: " bea@example.com ",
        telephoneNumber: " 07700-900 123 ",
        entryReference: "  PC-0042 ",
      }),
      TODAY,
    )
    expect(read).toEqual({
      _tag: "Valid",
      entrant: {
        kind: "Person",
        details: {
          firstName: "Bea",
          lastName: "Bowler",
          emailAddress: "bea@example.com",
          dateOfBirth: "1980-02-03",
          telephoneNumber: "07700900 123",
          address: {
            line1: "2 Long Room",
            line2: "",
            city: "Leeds",
            county: "",
            postCode: "LS6 3BU",
          },
        },
      },
      entryReference: "PC-0042",
    })
  })

  it("takes an existing customer by id alone, with no reference as null", () => {
    expect(readPostalEntry(customer(), TODAY)).toEqual({
      _tag: "Valid",
      entrant: { kind: "Customer", customerId: "4f1c3d0e-5b8a-4f7e-9d2c-1a2b3c4d5e6f" },
      entryReference: null,
    })
  })

  it("refuses a customer and a person's details together", () => {
    expect(errorsOf(customer({ firstName: "Bea" }))).toEqual({
      customerId: postalEntryMessages.customerOrPerson,
    })
    expect(errorsOf(customer({ address: { ...person().address!, line1: "x" } }))).toEqual({
      customerId: postalEntryMessages.customerOrPerson,
    })
  })

  it("answers every missing detail with docs/product/validation.md's words, field by field", () => {
    expect(
      errorsOf(
        person({ firstName: "", lastName: " ", emailAddress: "", dateOfBirth: "", address: null }),
      ),
    ).toEqual({
      firstName: messages.firstNameRequired,
      lastName: messages.lastNameRequired,
      emailAddress: messages.emailRequired,
      dateOfBirth: messages.dateOfBirthRequired,
      "address.line1": messages.addressLine1Required,
      "address.postCode": messages.postcodeRequired,
    })
  })

  it("judges each detail as the account forms do", () => {
    expect(
      errorsOf(
        person({
          firstName: "bea@example.com",
          emailAddress: "bea@example",
          telephoneNumber: "12345",
          address: { line1: "x".repeat(51), line2: "", city: "", county: "", postCode: "NOPE" },
        }),
      ),
    ).toEqual({
      firstName: messages.nameIsEmail,
      emailAddress: messages.emailInvalid,
      telephoneNumber: messages.telephoneInvalid,
      "address.line1": messages.addressLine1TooLong,
      "address.postCode": messages.postcodeInvalid,
    })
    expect(errorsOf(person({ emailAddress: `${"b".repeat(250)}@example.com` }))).toEqual({
      emailAddress: messages.emailInvalid,
    })
  })

  it("takes only entrants of 18 or over, on London's calendar", () => {
    // 18 on 15 June 2026: entered that day, not the day before.
    expect(errorsOf(person({ dateOfBirth: "2008-06-15" }))).toEqual({})
    expect(errorsOf(person({ dateOfBirth: "2008-06-16" }))).toEqual({
      dateOfBirth: messages.dateOfBirthTooYoung,
    })
    expect(errorsOf(person({ dateOfBirth: "1899-12-31" }))).toEqual({
      dateOfBirth: messages.dateOfBirthTooOld,
    })
    expect(errorsOf(person({ dateOfBirth: "2001-02-30" }))).toEqual({
      dateOfBirth: messages.dateOfBirthRequired,
    })
  })

  it("bounds the entry reference", () => {
    expect(errorsOf(person({ entryReference: "r".repeat(MAX_ENTRY_REFERENCE_LENGTH) }))).toEqual({})
    expect(
      errorsOf(customer({ entryReference: "r".repeat(MAX_ENTRY_REFERENCE_LENGTH + 1) })),
    ).toEqual({ entryReference: postalEntryMessages.entryReferenceTooLong })
  })

  it("takes a person exactly when they are 18 or over", () => {
    // 15 June 2008 to 15 June 2026 is 6,574 days (four 29 Februaries).
    const EIGHTEEN_YEARS_IN_DAYS = 6574
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), (daysOld) => {
        const born = new Date(TODAY.getTime() - daysOld * 86_400_000).toISOString().slice(0, 10)
        const error = errorsOf(person({ dateOfBirth: born })).dateOfBirth
        if (daysOld < EIGHTEEN_YEARS_IN_DAYS) expect(error).toBe(messages.dateOfBirthTooYoung)
        else if (born >= "1900-01-01") expect(error).toBeUndefined()
      }),
    )
  })

  it("names exactly the fields it refuses, and accepts a form once they are put right", () => {
    const fields = ["firstName", "lastName", "emailAddress", "dateOfBirth"] as const
    fc.assert(
      fc.property(fc.subarray([...fields]), (blanked) => {
        const form = person(Object.fromEntries(blanked.map((f) => [f, "  "])))
        expect(Object.keys(errorsOf(form)).sort()).toEqual([...blanked].sort())
      }),
    )
  })
})

describe("whether an entry may be given", () => {
  const competition = {
    startDateTimeUtc: new Date("2026-06-01T00:00:00Z"),
    closeDateTimeUtc: new Date("2026-06-30T19:00:00Z"),
    maxTicketsPerCustomer: 5,
  }

  it("only from the start until, not at, the close", () => {
    const at = (iso: string) => postalEntryRefusal(competition, new Date(iso), 0)
    expect(at("2026-05-31T23:59:59.999Z")).toEqual({ _tag: "NotOpen" })
    expect(at("2026-06-01T00:00:00.000Z")).toBeUndefined()
    expect(at("2026-06-30T18:59:59.999Z")).toBeUndefined()
    expect(at("2026-06-30T19:00:00.000Z")).toEqual({ _tag: "Closed" })
  })

  it("only while the person holds fewer than the maximum, paid and free together", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 2000 }),
        (max, held) => {
          const refusal = postalEntryRefusal(
            { ...competition, maxTicketsPerCustomer: max },
            new Date("2026-06-15T12:00:00Z"),
            held,
          )
          expect(refusal === undefined).toBe(held < max)
          if (refusal !== undefined) expect(refusal).toEqual({ _tag: "MaximumReached", max })
        },
      ),
    )
  })
})

describe("who an entry belongs to", () => {
  it("is a customer by id, or a person without an account by normalised email", () => {
    const key = entrantKey(null, " Bea@Example.COM")
    expect(key).toEqual({ customerId: null, email: "bea@example.com" })
    expect(isSameEntrant({ customerId: null, emailAddress: "BEA@example.com" }, key)).toBe(true)
    expect(isSameEntrant({ customerId: "c1", emailAddress: "bea@example.com" }, key)).toBe(false)
    const customerKey = entrantKey("c1", "bea@example.com")
    expect(isSameEntrant({ customerId: "c1", emailAddress: "old@example.com" }, customerKey)).toBe(
      true,
    )
    expect(isSameEntrant({ customerId: null, emailAddress: "bea@example.com" }, customerKey)).toBe(
      false,
    )
  })
})
