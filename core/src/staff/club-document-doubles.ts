/**
 * An in-memory ClubDocuments: it records each document asked for and lays
 * it out as a real, if plain, PDF (one page, Helvetica, a line per block),
 * so a test can open the bytes it gets and read the words and the title
 * as from the production adapter (@howzat/pdf). It passes the contract of
 * test/contracts/club-documents.*.
 */
import { Effect, Layer } from "effect"
import { ClubDocuments } from "../ports/club-documents.js"
import type { ClubDocument } from "../rules/club-documents.js"

const hex = (bytes: Iterable<number>) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")

/**
 * A line as Helvetica can show it: Latin-1's printable characters as their
 * own byte, anything else "?" (as the production adapter shows a character
 * its standard fonts lack), runs of white space as one space.
 */
const shownBytes = (text: string): number[] =>
  Array.from(text.replace(/\s+/g, " "), (ch) => {
    const code = ch.codePointAt(0) ?? 0
    return (code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff) ? code : 0x3f
  })

/** A PDF text string in UTF-16BE with its byte-order mark: any title survives. */
const utf16 = (text: string) => {
  const units: number[] = [0xfe, 0xff]
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    units.push(unit >> 8, unit & 0xff)
  }
  return `<${hex(units)}>`
}

/** The document as a one-page PDF 1.4, with its cross-reference table's offsets right. */
const plainPdf = (document: ClubDocument): Uint8Array => {
  const lines = document.blocks.map(
    (block, i) => `BT /F1 10 Tf 56 ${800 - i * 14} Td <${hex(shownBytes(block.text))}> Tj ET`,
  )
  const content = lines.join("\n")
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title ${utf16(document.title)} /Producer (Howzat in-memory ClubDocuments) >>`,
  ]
  let pdf = "%PDF-1.4\n"
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(pdf.length)
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  // Every character above is ASCII (the text went in as hex), so one byte each.
  return Uint8Array.from(pdf, (ch) => ch.charCodeAt(0))
}

/** ClubDocuments in memory; `asked` receives every document, in order. */
export const memoryClubDocuments = (asked: ClubDocument[] = []) =>
  Layer.succeed(ClubDocuments, {
    render: (document) =>
      Effect.sync(() => {
        asked.push(document)
        return plainPdf(document)
      }),
  })
