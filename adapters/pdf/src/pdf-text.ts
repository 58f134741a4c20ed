import { inflateSync } from "node:zlib"

/**
 * The words drawn on a PDF's pages, for tests: every content stream is
 * inflated and the strings its text operators show are decoded. Enough for
 * the documents this package draws with the standard fonts (hex strings of
 * Windows Latin text), not a general PDF reader.
 */
export const pdfText = (bytes: Uint8Array): string => {
  const raw = Buffer.from(bytes).toString("latin1")
  const shown: string[] = []
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)(\r?)\nendstream/g)) {
    const body = Buffer.from(match[1] ?? "", "latin1")
    // pdf-lib ends a stream with "\n" alone: a "\r" before it may be the deflated data's last byte.
    const withCr = Buffer.from(`${match[1] ?? ""}${match[2] ?? ""}`, "latin1")
    let content: string
    try {
      content = inflateSync(withCr).toString("latin1")
    } catch {
      try {
        content = inflateSync(body).toString("latin1")
      } catch {
        content = body.toString("latin1")
      }
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj/g))
      shown.push(Buffer.from((text[1] ?? "").replace(/\s/g, ""), "hex").toString("latin1"))
  }
  return shown.join("\n")
}
