import { Schema } from "effect"

/**
 * What every request's text and numbers must satisfy before a use case sees
 * them (docs/decisions/0015). PostgreSQL refuses a NUL in text and an
 * integer past its column's range with an error, and a control character in
 * a name or a log line is only ever an attack, so both are refused here as
 * a 400 with the field named, never left to reach the database.
 */

/** PostgreSQL's `integer` column: the largest value any counted or priced field may take. */
export const MAX_DATABASE_INT = 2_147_483_647

const TAB = 0x09
const LINE_FEED = 0x0a
const CARRIAGE_RETURN = 0x0d
const DELETE = 0x7f

/** C0 controls and DEL; line breaks and tabs only where the text may span lines. */
export const hasControlCharacter = (text: string, allowLineBreaks = false): boolean => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0x20 && code !== DELETE) continue
    if (allowLineBreaks && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN))
      continue
    return true
  }
  return false
}

export const CONTROL_CHARACTER_MESSAGE = "must not contain control characters"

/** Single-line text: no NUL, no line breaks, no other control character. */
export const SafeString = Schema.String.pipe(
  Schema.filter((text) => !hasControlCharacter(text), {
    message: () => CONTROL_CHARACTER_MESSAGE,
  }),
)

/** Single-line text of at most `max` characters. */
export const boundedString = (max: number) =>
  SafeString.pipe(Schema.maxLength(max, { message: () => `must be at most ${max} characters` }))

/** Text that may span lines (a report's detail): tabs and line breaks allowed, other controls not. */
export const boundedMultilineString = (max: number) =>
  Schema.String.pipe(
    Schema.filter((text) => !hasControlCharacter(text, true), {
      message: () => CONTROL_CHARACTER_MESSAGE,
    }),
    Schema.maxLength(max, { message: () => `must be at most ${max} characters` }),
  )

const betweenMessage = (min: number, max: number) => () =>
  `must be a whole number from ${min} to ${max}`

/** A JSON integer within [min, max]; max defaults to what an integer column holds. */
export const BoundedInt = (min: number, max: number = MAX_DATABASE_INT) =>
  Schema.Int.pipe(Schema.between(min, max, { message: betweenMessage(min, max) }))

/** An integer sent as query text ("20"), within [min, max]. */
export const BoundedIntFromString = (min: number, max: number = MAX_DATABASE_INT) =>
  Schema.NumberFromString.pipe(
    Schema.int(),
    Schema.between(min, max, { message: betweenMessage(min, max) }),
  )

/**
 * An ISO 8601 date or date-time with a four-digit year ("2026-05-01",
 * "2026-05-01T12:00:00Z") naming a day that exists. `Date.parse` also reads
 * "99999-01-01" (which the database cannot store) and rolls "2026-02-30"
 * over into March; this is the one spelling the storefront and every API
 * client uses anyway.
 */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

export const isCalendarDate = (text: string): boolean => {
  const match = ISO_DATE.exec(text)
  if (match === null) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const daysInMonth = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= (daysInMonth[month - 1] ?? 0)
}

export const DateFromQuery = Schema.String.pipe(
  Schema.filter(isCalendarDate, {
    message: () => "must be a real date as yyyy-mm-dd, or an ISO 8601 date and time",
  }),
  Schema.compose(Schema.Date),
  // An offset can still carry 9999-12-31 or 0001-01-01 over into a year the database cannot read.
  Schema.filter((date) => date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999, {
    message: () => "must be a date between the years 1 and 9999",
  }),
)

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/
const LAST_MILLISECOND_OF_DAY = 24 * 60 * 60 * 1000 - 1

/**
 * The end of a date range ("DrawToDate", "…ToDate"): a plain date means
 * through the whole of that day (UTC), so "from 2026-05-01 to 2026-05-01"
 * lists that day's draws, not only those at midnight. A date and time is
 * taken as it is.
 */
export const RangeEndFromQuery = Schema.transform(Schema.String, DateFromQuery, {
  strict: true,
  decode: (text) =>
    PLAIN_DATE.test(text) && isCalendarDate(text)
      ? new Date(Date.parse(text) + LAST_MILLISECOND_OF_DAY).toISOString()
      : text,
  encode: (text) => text,
})
