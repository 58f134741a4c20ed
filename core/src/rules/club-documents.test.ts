import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import {
  type ClubDocument,
  clubDocument,
  fileSlug,
  poster,
  type ShopIdentity,
  welcomeLetter,
} from "./club-documents.js"

const shop: ShopIdentity = {
  shortName: "Howzat",
  fullName: "Howzat Prize Competitions",
  website: "https://howzat.example/",
  customerCareEmail: "help@howzat.example",
  freePostalEntryAddress: "Howzat Prize Competitions (Free Entry), PO Box 1882, Taunton TA1 9ZZ",
}
const kent = { id: "k", name: "Kent CCC", voucherCode: "KENT10" }

const text = (document: ClubDocument) => document.blocks.map((b) => b.text).join("\n")

describe("a club's welcome letter", () => {
  it("is to the club, says what the perk is, gives the code and how to use it", () => {
    const letter = welcomeLetter(kent, shop)
    expect(letter.fileName).toBe("kent-ccc-welcome-letter.pdf")
    expect(letter.blocks).toContainEqual({ kind: "Code", text: "KENT10" })
    const words = text(letter)
    expect(words).toContain("Dear friends at Kent CCC")
    expect(words).toContain("10% off their tickets")
    expect(words).toContain(
      "10% of what they spend on tickets with the code is credited to Kent CCC",
    )
    expect(words).toContain("enter KENT10 in the voucher code box")
    expect(words).toContain("https://howzat.example/Home/ClubPerks")
    expect(words).toContain("help@howzat.example")
  })
})

describe("a club's poster", () => {
  it("carries the code big, the brand, the shop's address, 18+ and the free entry route", () => {
    const sheet = poster(kent, shop)
    expect(sheet.fileName).toBe("kent-ccc-poster.pdf")
    expect(sheet.blocks[0]).toEqual({ kind: "Title", text: "Howzat Prize Competitions" })
    expect(sheet.blocks).toContainEqual({ kind: "Code", text: "KENT10" })
    expect(sheet.blocks).toContainEqual({ kind: "Heading", text: "howzat.example" })
    const words = text(sheet)
    expect(words).toContain("18+ only")
    expect(words).toContain(`Free entry route`)
    expect(words).toContain(shop.freePostalEntryAddress)
  })
})

describe("every club document", () => {
  const club = fc.record({
    id: fc.uuid(),
    name: fc.string({ minLength: 1, maxLength: 100 }),
    voucherCode: fc.stringMatching(/^[A-Z0-9]{3,32}$/),
  })
  const kind = fc.constantFrom("WelcomeLetter" as const, "Poster" as const)

  it("shows the club's code exactly once as the code, with 18+ and the free entry address", () => {
    fc.assert(
      fc.property(club, kind, (c, k) => {
        const document = clubDocument(k, c, shop)
        expect(document.kind).toBe(k)
        expect(document.blocks.filter((b) => b.kind === "Code")).toEqual([
          { kind: "Code", text: c.voucherCode },
        ])
        expect(text(document)).toContain("18+ only")
        expect(text(document)).toContain(shop.freePostalEntryAddress)
      }),
    )
  })

  it("has a file name safe in a header and on any disk, whatever the club is called", () => {
    fc.assert(
      fc.property(club, kind, (c, k) => {
        expect(clubDocument(k, c, shop).fileName).toMatch(
          /^[a-z0-9]+(-[a-z0-9]+)*-(welcome-letter|poster)\.pdf$/,
        )
      }),
    )
  })

  it("names a club with no letters or digits plainly", () => {
    expect(fileSlug("★★★")).toBe("club")
    expect(fileSlug("  St. Mary's C.C. ")).toBe("st-mary-s-c-c")
  })
})
