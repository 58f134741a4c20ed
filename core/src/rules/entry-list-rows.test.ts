import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  ENTRY_LIST_CSV_HEADER,
  type Entrant,
  entryListCsv,
  entryRowOf,
  NAME_NOT_RECORDED,
  NAME_WITHHELD,
} from "./entry-list-rows"

const entrant = (overrides: Partial<Entrant> = {}): Entrant => ({
  ticketNumber: 7,
  firstName: "Sarah",
  lastName: "Williams",
  postal: false,
  nameWithheld: false,
  ...overrides,
})

describe("what the entry list shows for a ticket", () => {
  it("the first name and the surname's initial, never the whole surname", () => {
    expect(entryRowOf(7, entrant())).toEqual({ ticketNumber: 7, name: "Sarah W.", route: "Online" })
    expect(entryRowOf(7, entrant({ firstName: "  Mary   Jane ", lastName: " o'neil" })).name).toBe(
      "Mary Jane O.",
    )
  })

  it("a postal entry is named from its postcard and marked Postal", () => {
    expect(
      entryRowOf(3, entrant({ postal: true, firstName: "Pat", lastName: "Postcard" })),
    ).toEqual({ ticketNumber: 3, name: "Pat P.", route: "Postal" })
  })

  it("a missing name says so rather than leaving a blank", () => {
    expect(entryRowOf(1, undefined)).toEqual({
      ticketNumber: 1,
      name: NAME_NOT_RECORDED,
      route: "Online",
    })
    expect(entryRowOf(1, entrant({ firstName: null, lastName: null })).name).toBe(NAME_NOT_RECORDED)
    expect(entryRowOf(1, entrant({ firstName: "  ", lastName: "" })).name).toBe(NAME_NOT_RECORDED)
    expect(entryRowOf(1, entrant({ firstName: "Ann", lastName: null })).name).toBe("Ann")
    expect(entryRowOf(1, entrant({ firstName: null, lastName: "Smith" })).name).toBe("S.")
  })

  it("a win kept private shows no name, whatever the name", () => {
    expect(entryRowOf(9, entrant({ nameWithheld: true })).name).toBe(NAME_WITHHELD)
    expect(entryRowOf(9, entrant({ nameWithheld: true, postal: true })).route).toBe("Postal")
  })

  it("contact details typed into a name box are not printed", () => {
    expect(entryRowOf(2, entrant({ firstName: "ann@example.com" })).name).toBe(NAME_NOT_RECORDED)
    expect(entryRowOf(2, entrant({ lastName: "07700 900123" })).name).toBe(NAME_NOT_RECORDED)
    expect(entryRowOf(2, entrant({ lastName: "077009001" })).name).toBe(NAME_NOT_RECORDED)
  })

  it("is the first name as typed and one character of the surname, or says why not", () => {
    fc.assert(
      fc.property(
        fc.option(fc.string({ maxLength: 20 })),
        fc.option(fc.string({ unit: "grapheme", maxLength: 20 })),
        (firstName, lastName) => {
          const { name } = entryRowOf(1, entrant({ firstName, lastName }))
          if (name === NAME_NOT_RECORDED) return
          const first = (firstName ?? "").trim().replace(/\s+/g, " ")
          const initial = name.slice(first.length).trim()
          expect(name.startsWith(first)).toBe(true)
          // Nothing but the surname's first code point, in capitals, and a full stop.
          const firstOfSurname = Array.from((lastName ?? "").trim())[0]
          expect(initial).toBe(
            firstOfSurname === undefined ? "" : `${firstOfSurname.toLocaleUpperCase("en-GB")}.`,
          )
        },
      ),
    )
  })
})

describe("the entry list as CSV", () => {
  it("is a header, then ticket, name and route per row, CRLF-ended", () => {
    const csv = entryListCsv([
      entryRowOf(1, entrant({ firstName: "Ann", lastName: "Smith" })),
      entryRowOf(4, entrant({ firstName: "=cmd|' /C calc'!A0", lastName: "Evil", postal: true })),
      entryRowOf(5, entrant({ firstName: 'Jo, "Jojo"', lastName: "Bloggs" })),
    ])
    expect(csv.split("\r\n")).toEqual([
      ENTRY_LIST_CSV_HEADER.join(","),
      "1,Ann S.,Online",
      "4,'=cmd|' /C calc'!A0 E.,Postal",
      '5,"Jo, ""Jojo"" B.",Online',
      "",
    ])
  })

  it("never carries an email address or a phone number", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            ticketNumber: fc.integer({ min: 1, max: 1_000_000 }),
            firstName: fc.option(fc.oneof(fc.string(), fc.emailAddress())),
            lastName: fc.option(fc.oneof(fc.string(), fc.stringMatching(/^0\d{10}$/))),
            postal: fc.boolean(),
            nameWithheld: fc.boolean(),
          }),
          { maxLength: 20 },
        ),
        (entrants) => {
          const rows = entrants.map((e) => entryRowOf(e.ticketNumber, e))
          for (const row of rows) expect(row.name).not.toMatch(/@|\d{5,}/)
          expect(entryListCsv(rows)).not.toContain("@")
        },
      ),
    )
  })
})
