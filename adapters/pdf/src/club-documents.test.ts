import { poster, type ShopIdentity, welcomeLetter } from "@howzat/core/rules"
import { Effect } from "effect"
import { PDFDocument } from "pdf-lib"
import { describe, expect, it } from "vitest"
import { pdfClubDocuments } from "./club-documents"
import { pdfText } from "./pdf-text"

const shop: ShopIdentity = {
  shortName: "Howzat",
  fullName: "Howzat Prize Competitions",
  website: "https://howzat.example",
  customerCareEmail: "help@howzat.example",
  freePostalEntryAddress: "Howzat Prize Competitions (Free Entry), PO Box 1882, Taunton TA1 9ZZ",
}
const render = (document: Parameters<typeof pdfClubDocuments.render>[0]) =>
  Effect.runPromise(pdfClubDocuments.render(document))

describe("club documents as PDFs", () => {
  it("draws the poster: a PDF whose page shows the brand and the code", async () => {
    const bytes = await render(poster({ id: "k", name: "Kent CCC", voucherCode: "KENT10" }, shop))
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-")
    const words = pdfText(bytes)
    expect(words).toContain("KENT10")
    expect(words).toContain("Howzat Prize Competitions")
    expect(words).toContain("18+ only.")
    const pdf = await PDFDocument.load(bytes)
    expect(pdf.getTitle()).toBe("Kent CCC members: 10% off at Howzat")
    expect(pdf.getPageCount()).toBe(1)
  })

  it("draws every word of the letter, wrapping long lines rather than losing them", async () => {
    const letter = welcomeLetter({ id: "k", name: "Kent CCC", voucherCode: "KENT10" }, shop)
    const words = pdfText(await render(letter)).replace(/\n/g, " ")
    for (const block of letter.blocks) expect(words).toContain(block.text)
  })

  it("shows characters the standard fonts lack as '?', never failing", async () => {
    const bytes = await render(
      poster({ id: "s", name: "Stars ★ XI", voucherCode: "STARS10" }, shop),
    )
    expect(pdfText(bytes)).toContain("Stars ? XI members save 10%")
  })
})
