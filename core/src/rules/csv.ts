/**
 * CSV as RFC 4180 writes it, for files staff open in a spreadsheet and may
 * publish. Two dangers beyond quoting: a cell a spreadsheet would run as a
 * formula (one starting =, +, -, @, or a tab or carriage return that some
 * spreadsheets skip before looking for one), and a line break inside a
 * cell that would split a row in two.
 */

/** What a spreadsheet may read as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/
/** What forces a cell into quotes. */
const NEEDS_QUOTES = /[",\r\n]/

/**
 * One cell: a would-be formula kept as text by a leading apostrophe (what
 * spreadsheets themselves do to show text), then quoted, with its quotes
 * doubled, when it holds a comma, a quote or a line break.
 */
export const csvCell = (text: string): string => {
  const inert = FORMULA_START.test(text) ? `'${text}` : text
  return NEEDS_QUOTES.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert
}

/** One record, cells encoded, ended by CRLF as RFC 4180 asks. */
export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(",")}\r\n`
