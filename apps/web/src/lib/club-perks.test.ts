import { describe, expect, it } from "vitest"
import { clubDocumentUrl, parseClubs } from "./club-perks"
import { hasContent } from "./static-pages"

describe("the club-perks list", () => {
  it("reads the clubs of content-list-clubs", () => {
    expect(parseClubs('[{"id":"a1","name":"Kent CCC","voucherCode":"KENT10"}]')).toEqual([
      { id: "a1", name: "Kent CCC", voucherCode: "KENT10" },
    ])
  })

  it("leaves out what is not a club, and survives a value that is not JSON", () => {
    expect(
      parseClubs(
        '[{"name":"No id","voucherCode":"X10"},{"id":"b","name":" ","voucherCode":"Y10"},3,null,{"id":"c","name":"Ok","voucherCode":"OK10"}]',
      ),
    ).toEqual([{ id: "c", name: "Ok", voucherCode: "OK10" }])
    expect(parseClubs("not json")).toEqual([])
    expect(parseClubs('{"id":"c"}')).toEqual([])
    expect(parseClubs(null)).toEqual([])
  })

  it("links each club's documents by its id", () => {
    expect(clubDocumentUrl("a b", "poster")).toBe("/api/Clubs/a%20b/poster")
    expect(clubDocumentUrl("a1", "welcomeLetter")).toBe("/api/Clubs/a1/welcome-letter")
  })
})

describe("a static page's content", () => {
  it("counts as missing when empty or only empty markup", () => {
    expect(hasContent(null)).toBe(false)
    expect(hasContent("")).toBe(false)
    expect(hasContent("<p> </p>\n<h2></h2>")).toBe(false)
    expect(hasContent("<p>Terms</p>")).toBe(true)
  })
})
