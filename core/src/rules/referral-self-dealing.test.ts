import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  addressIdentity,
  birthAndSurnameIdentity,
  describeSelfDealingMatches,
  mailboxIdentity,
  type ReferralParty,
  SELF_DEALING_MATCHES,
  type SelfDealingMatch,
  selfDealingMatches,
  telephoneIdentity,
} from "./referral-self-dealing.js"

const meg: ReferralParty = {
  email: "meg@example.com",
  addresses: [{ line1: "9 Short Street", postCode: "ZX9 8YW" }, null],
  cardFingerprints: ["fp-meg"],
  lastName: "Lanning",
  dateOfBirth: "1992-03-25",
  telephoneNumber: "07700 900777",
}
const amelia: ReferralParty = {
  email: "amelia@example.com",
  addresses: [{ line1: "4 Wellington Road", postCode: "NW8 9ST" }],
  cardFingerprints: ["fp-amelia"],
  lastName: "Kerr",
  dateOfBirth: "2000-10-13",
  telephoneNumber: "07700 900222",
}

describe("mailboxIdentity", () => {
  it("treats Gmail's dots, +tags, case, spaces and googlemail.com as one mailbox", () => {
    expect(mailboxIdentity(" J.Smith+shop@GoogleMail.com ")).toBe("jsmith@gmail.com")
    expect(mailboxIdentity("j.smith@example.com")).toBe("j.smith@example.com")
    expect(mailboxIdentity("j.smith+x@example.com")).toBe("j.smith@example.com")
  })
})

describe("addressIdentity", () => {
  it("needs both a first line and a postcode", () => {
    expect(addressIdentity({ line1: "", postCode: "AB1 2CD" })).toBeUndefined()
    expect(addressIdentity({ line1: "1 Lane", postCode: " " })).toBeUndefined()
    expect(addressIdentity(null)).toBeUndefined()
  })
})

describe("telephoneIdentity", () => {
  it("reads the UK's international forms as the national number", () => {
    const line = "07700900123"
    for (const written of [
      "07700 900123",
      "07700 900 123",
      "+44 7700 900123",
      "+447700900123",
      "+44 (0)7700 900123",
      "+4407700900123",
      "(+44)07700 900123",
      "(+44) 7700 900123",
      "0044 7700 900123",
      "447700900123",
      "7700 900123",
      " 07700-900-123 ",
    ])
      expect(telephoneIdentity(written), written).toBe(line)
  })

  it("keeps another country's code, and names no line with too few digits", () => {
    expect(telephoneIdentity("+33 1 23 45 67 89")).toBe("+33123456789")
    expect(telephoneIdentity("0033 1 23 45 67 89")).toBe("+33123456789")
    expect(telephoneIdentity("+33 1 23 45 67 89")).not.toBe(telephoneIdentity("0123456789"))
    expect(telephoneIdentity("")).toBeUndefined()
    expect(telephoneIdentity("0")).toBeUndefined()
    expect(telephoneIdentity("+44")).toBeUndefined()
  })
})

describe("birthAndSurnameIdentity", () => {
  it("ignores case and surrounding or doubled spaces, and needs both", () => {
    expect(birthAndSurnameIdentity("1992-03-25", "  de  Silva ")).toBe(
      birthAndSurnameIdentity("1992-03-25", "De Silva"),
    )
    expect(birthAndSurnameIdentity("1992-03-25", "Lanning")).not.toBe(
      birthAndSurnameIdentity("1992-03-26", "Lanning"),
    )
    expect(birthAndSurnameIdentity("1992-03-25", " ")).toBeUndefined()
    expect(birthAndSurnameIdentity("", "Lanning")).toBeUndefined()
  })
})

describe("selfDealingMatches", () => {
  it("finds nothing between two people", () => {
    expect(selfDealingMatches(amelia, meg)).toEqual([])
  })

  it("names every field the friend shares with the referrer, in one order", () => {
    expect(selfDealingMatches({ ...amelia, cardFingerprints: ["x", "fp-meg"] }, meg)).toEqual([
      "Card",
    ])
    expect(
      selfDealingMatches({ ...amelia, lastName: " LANNING", dateOfBirth: "1992-03-25" }, meg),
    ).toEqual(["DateOfBirthAndSurname"])
    // The same surname alone, or the same birthday alone, is two people.
    expect(selfDealingMatches({ ...amelia, lastName: "Lanning" }, meg)).toEqual([])
    expect(selfDealingMatches({ ...amelia, dateOfBirth: "1992-03-25" }, meg)).toEqual([])
    expect(selfDealingMatches({ ...amelia, telephoneNumber: "+44 7700 900 777" }, meg)).toEqual([
      "Telephone",
    ])
    expect(
      selfDealingMatches(
        { ...amelia, telephoneNumber: "+44 7700 900 777", cardFingerprints: ["fp-meg"] },
        meg,
      ),
    ).toEqual(["Card", "Telephone"])
  })

  it("never matches on what is missing: no card, no phone, no address", () => {
    const blank = { cardFingerprints: [""], telephoneNumber: "", addresses: [null] }
    expect(selfDealingMatches({ ...amelia, ...blank }, { ...meg, ...blank })).toEqual([])
  })

  it("is described to staff in words", () => {
    expect(describeSelfDealingMatches(["Card"])).toBe("card")
    expect(describeSelfDealingMatches(["DateOfBirthAndSurname"])).toBe("date of birth and surname")
    expect(describeSelfDealingMatches(["Card", "Telephone", "Address"])).toBe(
      "card, telephone, address",
    )
  })
})

// --- Properties: symmetric; any one shared field refuses; two distinct people never match.

const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`))

/**
 * Two people who share nothing, by construction: each side draws every
 * field from a space of its own (mailbox domains, card prefixes, surnames'
 * first letters, decades of birth, telephone blocks and postcode areas).
 */
const arbPerson = (side: 0 | 1) =>
  fc.record({
    email: fc
      .stringMatching(/^[a-z][a-z0-9]{0,8}$/)
      .map((local) => `${local}@${side === 0 ? "friend.example" : "referrer.example"}`),
    addresses: fc.array(
      fc.option(
        fc.record({
          line1: fc.stringMatching(/^[0-9]{1,3} [A-Za-z]{3,10} (Road|Street|Lane)$/),
          postCode: digits(1).map((d) => `${side === 0 ? "AB" : "ZX"}${d} ${d}CD`),
        }),
        { nil: null },
      ),
      { maxLength: 2 },
    ),
    cardFingerprints: fc.array(
      fc.stringMatching(/^[0-9a-f]{8}$/).map((p) => `${side}-${p}`),
      { maxLength: 2 },
    ),
    lastName: fc.stringMatching(/^[a-z]{2,10}$/).map((n) => `${side === 0 ? "A" : "B"}${n}`),
    dateOfBirth: fc
      .date({
        min: new Date(side === 0 ? "1950-01-01" : "1980-01-01"),
        max: new Date(side === 0 ? "1979-12-31" : "2007-12-31"),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10)),
    telephoneNumber: digits(6).map((d) => `07${side === 0 ? "700" : "900"} ${d}`),
  })

/** The referrer's own detail, written as the friend might type it again. */
const shareOne = (
  friend: ReferralParty,
  referrer: ReferralParty,
  field: SelfDealingMatch,
  variant: number,
): ReferralParty => {
  switch (field) {
    case "Card":
      return {
        ...friend,
        cardFingerprints: [...friend.cardFingerprints, `1-${variant}`],
      }
    case "DateOfBirthAndSurname":
      return {
        ...friend,
        dateOfBirth: referrer.dateOfBirth,
        lastName:
          variant % 2 === 0
            ? ` ${referrer.lastName.toUpperCase()} `
            : referrer.lastName.toLowerCase(),
      }
    case "Telephone": {
      const national = referrer.telephoneNumber.replace(/\s/g, "")
      const written = [
        national,
        `+44 ${national.slice(1)}`,
        `+44 (0)${national.slice(1)}`,
        `0044${national.slice(1)}`,
      ][variant % 4] as string
      return { ...friend, telephoneNumber: written }
    }
    case "Address": {
      const home = { line1: `${variant} Crease Lane`, postCode: "ZX1 1CD" }
      return {
        ...friend,
        addresses: [
          { line1: `${home.line1.toUpperCase()}.`, postCode: home.postCode.replace(" ", "") },
          ...friend.addresses,
        ],
      }
    }
    case "Email":
      return { ...friend, email: ` ${referrer.email.toUpperCase()} ` }
  }
}

/** The referrer with what shareOne copies in place (a card or home the friend then shares). */
const withShared = (
  referrer: ReferralParty,
  field: SelfDealingMatch,
  variant: number,
): ReferralParty =>
  field === "Card"
    ? { ...referrer, cardFingerprints: [`1-${variant}`, ...referrer.cardFingerprints] }
    : field === "Address"
      ? {
          ...referrer,
          addresses: [
            ...referrer.addresses,
            { line1: `${variant} Crease Lane`, postCode: "ZX1 1CD" },
          ],
        }
      : referrer

describe("self-dealing properties", () => {
  it("never matches two people who share nothing", () => {
    fc.assert(
      fc.property(arbPerson(0), arbPerson(1), (friend, referrer) => {
        expect(selfDealingMatches(friend, referrer)).toEqual([])
      }),
    )
  })

  it("is symmetric: which of the two referred the other never matters", () => {
    const either = fc.oneof(arbPerson(0), arbPerson(1))
    fc.assert(
      fc.property(
        either,
        either,
        fc.subarray([...SELF_DEALING_MATCHES]),
        fc.nat(20),
        (a, b, shared, variant) => {
          let friend: ReferralParty = a
          let referrer: ReferralParty = b
          for (const field of shared) {
            referrer = withShared(referrer, field, variant)
            friend = shareOne(friend, referrer, field, variant)
          }
          expect(selfDealingMatches(friend, referrer)).toEqual(selfDealingMatches(referrer, friend))
        },
      ),
    )
  })

  it("refuses on any one shared field, however it is written", () => {
    fc.assert(
      fc.property(
        arbPerson(0),
        arbPerson(1),
        fc.constantFrom(...SELF_DEALING_MATCHES),
        fc.nat(20),
        (f, r, field, variant) => {
          const referrer = withShared(r, field, variant)
          const friend = shareOne(f, referrer, field, variant)
          expect(selfDealingMatches(friend, referrer)).toEqual([field])
        },
      ),
    )
  })

  it("always finds a person the same as themselves", () => {
    fc.assert(
      fc.property(fc.oneof(arbPerson(0), arbPerson(1)), (person) => {
        expect(selfDealingMatches(person, person)).toContain("Email")
        expect(selfDealingMatches(person, person)).toContain("DateOfBirthAndSurname")
        expect(selfDealingMatches(person, person)).toContain("Telephone")
      }),
    )
  })
})
