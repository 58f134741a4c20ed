import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { csvCell, csvLine } from "./csv"

/**
 * A strict RFC 4180 reader, as a spreadsheet reads a file: fields split by
 * commas, records by CRLF, a quoted field ending only at a quote not
 * doubled. It throws on anything a writer should never produce (a bare
 * quote inside an unquoted field, text after a closing quote).
 */
const readCsv = (text: string): string[][] => {
  const records: string[][] = []
  let record: string[] = []
  let i = 0
  const field = (): string => {
    if (text[i] === '"') {
      let value = ""
      i += 1
      for (;;) {
        if (i >= text.length) throw new Error("unterminated quoted field")
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            value += '"'
            i += 2
          } else {
            i += 1
            return value
          }
        } else {
          value += text[i]
          i += 1
        }
      }
    }
    let value = ""
    while (i < text.length && text[i] !== "," && text[i] !== "\r") {
      if (text[i] === '"' || text[i] === "\n") throw new Error(`bare ${JSON.stringify(text[i])}`)
      value += text[i]
      i += 1
    }
    return value
  }
  while (i < text.length) {
    record.push(field())
    if (text[i] === ",") {
      i += 1
    } else if (text.startsWith("\r\n", i)) {
      records.push(record)
      record = []
      i += 2
    } else {
      throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i}`)
    }
  }
  if (record.length > 0) throw new Error("last record not ended by CRLF")
  return records
}

/**
 * What a cell must read back as: the text itself, after the apostrophe that
 * keeps a would-be formula as text (a spreadsheet shows the text without it).
 */
const inert = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)

/** Text full of what CSV and spreadsheets treat specially. */
const awkward = fc.string({
  unit: fc.oneof(
    fc.constantFrom(",", '"', "\r", "\n", "\r\n", "=", "+", "-", "@", "\t", "'", " "),
    fc.string({ minLength: 1, maxLength: 1 }),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
  ),
  maxLength: 30,
})

describe("a CSV cell", () => {
  it("is left alone when nothing in it is special", () => {
    expect(csvCell("Sarah W.")).toBe("Sarah W.")
    expect(csvCell("")).toBe("")
    expect(csvCell("Mary-Jane O'Neil")).toBe("Mary-Jane O'Neil")
  })

  it("is quoted, its quotes doubled, when it holds a comma, a quote or a line break", () => {
    expect(csvCell("Smith, Ann")).toBe('"Smith, Ann"')
    expect(csvCell('Ann "Nan" S.')).toBe('"Ann ""Nan"" S."')
    expect(csvCell("Ann\nS.")).toBe('"Ann\nS."')
    expect(csvCell("Ann\r\nS.")).toBe('"Ann\r\nS."')
  })

  it("never starts with what a spreadsheet runs as a formula", () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"')
    expect(csvCell("+44 1234")).toBe("'+44 1234")
    expect(csvCell("-2+3")).toBe("'-2+3")
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)")
    expect(csvCell("\t=1")).toBe("'\t=1")
    expect(csvCell("-1,2")).toBe(`"'-1,2"`)
  })

  it("reads back as exactly the text written, one field, whatever the text", () => {
    fc.assert(
      fc.property(awkward, (text) => {
        expect(readCsv(csvLine([text]))).toEqual([[inert(text)]])
      }),
    )
  })

  it("reads back, as a spreadsheet sees it, never starting a formula", () => {
    fc.assert(
      fc.property(awkward, (text) => {
        const read = readCsv(csvLine([text]))[0]?.[0] ?? ""
        expect(read).not.toMatch(/^[=+\-@\t\r]/)
      }),
    )
  })

  it("keeps every record's cells apart: as many rows and cells come back as went in", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(awkward, { minLength: 1, maxLength: 5 }), { maxLength: 8 }),
        (rows) => {
          const read = readCsv(rows.map(csvLine).join(""))
          expect(read).toEqual(rows.map((r) => r.map(inert)))
        },
      ),
    )
  })
})
