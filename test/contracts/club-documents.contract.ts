import { ClubDocuments } from "@howzat/core/ports"
import { type ClubDocument, poster, type ShopIdentity, welcomeLetter } from "@howzat/core/rules"
import { pdfText } from "@howzat/pdf/testing"
import { Effect, type Layer } from "effect"
import fc from "fast-check"
import { PDFDocument } from "pdf-lib"
import { describe, expect, it } from "vitest"

/** The shop the documents are made for, in every test of them. */
export const shop: ShopIdentity = {
  shortName: "Howzat",
  fullName: "Howzat Prize Competitions",
  website: "https://howzat.example",
  customerCareEmail: "help@howzat.example",
  freePostalEntryAddress: "Howzat Prize Competitions (Free Entry), PO Box 1882, Taunton TA1 9ZZ",
}

/**
 * A line as the standard fonts show it and pdfText reads it back: Latin-1's
 * printable characters as themselves, any other "?", white space as one space.
 */
const asShown = (text: string) =>
  Array.from(text.replace(/\s+/g, " "), (ch) => {
    const code = ch.codePointAt(0) ?? 0
    return (code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff) ? ch : "?"
  }).join("")

/** Club names with what a club might type: accents, a pound sign, a star, an emoji. */
const clubName = fc
  .array(fc.constantFrom(..."ABCxyz 019-&'.£éü★Ω😀"), { minLength: 1, maxLength: 24 })
  .map((chars) => chars.join("").trim())
  .filter((name) => name.length > 0)
const voucherCode = fc.stringMatching(/^[A-Z][A-Z0-9]{2,9}$/)

/**
 * The ClubDocuments port's contract, run on the in-memory adapter and on
 * the PDF adapter: a PDF a reader opens, titled as the document, showing
 * every block's words (a character the fonts lack as "?").
 */
export const clubDocumentsContract = (name: string, layer: () => Layer.Layer<ClubDocuments>) =>
  describe(name, { timeout: 120_000 }, () => {
    const render = (document: ClubDocument) =>
      Effect.runPromise(
        Effect.flatMap(ClubDocuments, (d) => d.render(document)).pipe(Effect.provide(layer())),
      )

    it("lays out the poster and the welcome letter as PDFs showing every word (property)", async () => {
      await fc.assert(
        fc.asyncProperty(
          clubName,
          voucherCode,
          fc.constantFrom(poster, welcomeLetter),
          async (clubName, code, kind) => {
            const document = kind({ id: "club", name: clubName, voucherCode: code }, shop)
            const bytes = await render(document)
            expect(String.fromCharCode(...bytes.subarray(0, 5))).toBe("%PDF-")
            const pdf = await PDFDocument.load(bytes)
            expect(pdf.getTitle()).toBe(document.title)
            expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1)
            const words = pdfText(bytes).replace(/\n/g, " ")
            for (const block of document.blocks) expect(words).toContain(asShown(block.text))
          },
        ),
        { numRuns: 25 },
      )
    })
  })
