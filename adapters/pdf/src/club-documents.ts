import { ClubDocuments, type ClubDocumentsShape, DocumentRenderFailed } from "@howzat/core/ports"
import type { ClubDocument, DocumentBlock } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib"

/** A4 in points. */
const PAGE = { width: 595.28, height: 841.89 } as const
const MARGIN = 56
const INK = rgb(0.06, 0.09, 0.16)
const MUTED = rgb(0.35, 0.38, 0.45)
/** The brand's emerald. */
const ACCENT = rgb(0.02, 0.59, 0.41)

interface Fonts {
  readonly regular: PDFFont
  readonly bold: PDFFont
  readonly mono: PDFFont
}

interface Style {
  readonly font: keyof Fonts
  readonly size: number
  readonly colour: ReturnType<typeof rgb>
  /** Space above the block, in points. */
  readonly before: number
}

/** The letter reads like a letter; the poster is meant to be read from across a clubhouse. */
const STYLES: Record<ClubDocument["kind"], Record<DocumentBlock["kind"], Style>> = {
  WelcomeLetter: {
    Title: { font: "bold", size: 22, colour: ACCENT, before: 0 },
    Heading: { font: "bold", size: 14, colour: INK, before: 14 },
    Paragraph: { font: "regular", size: 11, colour: INK, before: 8 },
    Code: { font: "mono", size: 30, colour: ACCENT, before: 10 },
    SmallPrint: { font: "regular", size: 8, colour: MUTED, before: 10 },
  },
  Poster: {
    Title: { font: "bold", size: 34, colour: ACCENT, before: 60 },
    Heading: { font: "bold", size: 30, colour: INK, before: 48 },
    Paragraph: { font: "regular", size: 19, colour: INK, before: 26 },
    Code: { font: "mono", size: 64, colour: ACCENT, before: 30 },
    // 18+ and the free entry route must be readable on the wall, not just present.
    SmallPrint: { font: "regular", size: 11, colour: INK, before: 22 },
  },
}

/**
 * The standard PDF fonts carry only the Windows Latin set: anything else
 * (an emoji in a club's name, say) is shown as "?" rather than failing.
 */
const printable = (font: PDFFont, text: string): string => {
  const supported = new Set(font.getCharacterSet())
  return Array.from(text.replace(/\s+/g, " "), (ch) =>
    supported.has(ch.codePointAt(0) ?? 0) ? ch : "?",
  ).join("")
}

/** Greedy word wrap; a word wider than the line (a long URL) is broken where it must be. */
const wrap = (font: PDFFont, size: number, text: string, width: number): string[] => {
  const lines: string[] = []
  let line = ""
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width
  for (const word of text.split(" ")) {
    const candidate = line === "" ? word : `${line} ${word}`
    if (fits(candidate)) {
      line = candidate
      continue
    }
    if (line !== "") lines.push(line)
    let rest = word
    while (!fits(rest) && rest.length > 1) {
      let cut = rest.length - 1
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--
      lines.push(rest.slice(0, cut))
      rest = rest.slice(cut)
    }
    line = rest
  }
  if (line !== "") lines.push(line)
  return lines
}

const layOut = async (document: ClubDocument): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create()
  pdf.setTitle(document.title)
  pdf.setCreator("Howzat")
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.CourierBold),
  }
  const centred = document.kind === "Poster"
  const width = PAGE.width - 2 * MARGIN
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height])
  let y = PAGE.height - MARGIN
  for (const block of document.blocks) {
    const style = STYLES[document.kind][block.kind]
    const font = fonts[style.font]
    const lineHeight = style.size * 1.3
    y -= style.before
    for (const line of wrap(font, style.size, printable(font, block.text), width)) {
      if (y - lineHeight < MARGIN) {
        page = pdf.addPage([PAGE.width, PAGE.height])
        y = PAGE.height - MARGIN
      }
      y -= lineHeight
      const lineWidth = font.widthOfTextAtSize(line, style.size)
      page.drawText(line, {
        x: centred ? (PAGE.width - lineWidth) / 2 : MARGIN,
        y: y + (lineHeight - style.size) / 2,
        size: style.size,
        font,
        color: style.colour,
      })
    }
  }
  return pdf.save()
}

export const pdfClubDocuments: ClubDocumentsShape = {
  render: (document) =>
    Effect.tryPromise({
      try: () => layOut(document),
      catch: (cause) => new DocumentRenderFailed({ cause }),
    }),
}

export const PdfClubDocumentsLive = Layer.succeed(ClubDocuments, pdfClubDocuments)
