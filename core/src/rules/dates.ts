/**
 * The shop is British: dates are shown, live draws are scheduled and "today"
 * is decided on London's calendar, whatever zone the server or browser is in.
 */
export const UK_TIME_ZONE = "Europe/London"

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const

/** A wall-clock reading in some time zone; month is 1-12 and weekday 0 is Sunday. */
export interface ZonedParts {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
  readonly second: number
  readonly weekday: number
}

// Building a formatter is costly and the countdown asks every second.
const formatters = new Map<string, Intl.DateTimeFormat>()

const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  const cached = formatters.get(timeZone)
  if (cached) return cached
  const formatter = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    hourCycle: "h23",
  })
  formatters.set(timeZone, formatter)
  return formatter
}

export const zonedParts = (date: Date, timeZone: string = UK_TIME_ZONE): ZonedParts => {
  const parts = formatterFor(timeZone).formatToParts(date)
  const read = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value ?? Number.NaN)
  const year = read("year")
  const month = read("month")
  const day = read("day")
  return {
    year,
    month,
    day,
    // Some engines still say 24 for midnight even when asked for h23.
    hour: read("hour") % 24,
    minute: read("minute"),
    second: read("second"),
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
  }
}

const offsetMs = (instant: number, timeZone: string): number => {
  const wholeSecond = Math.floor(instant / 1000) * 1000
  const p = zonedParts(new Date(wholeSecond), timeZone)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wholeSecond
}

/**
 * The instant at which a wall clock in `timeZone` shows the given time. The
 * offset is looked up twice because the first guess can land on the other
 * side of a clock change from the answer.
 */
export const zonedTimeToUtc = (
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string = UK_TIME_ZONE,
): Date => {
  const asIfUtc = Date.UTC(year, month - 1, day, hour, minute)
  const firstGuess = asIfUtc - offsetMs(asIfUtc, timeZone)
  return new Date(asIfUtc - offsetMs(firstGuess, timeZone))
}

export const ordinalSuffix = (n: number): string => {
  const lastTwo = Math.abs(Math.trunc(n)) % 100
  if (lastTwo >= 11 && lastTwo <= 13) return "th"
  switch (lastTwo % 10) {
    case 1:
      return "st"
    case 2:
      return "nd"
    case 3:
      return "rd"
    default:
      return "th"
  }
}

/** "5th March 2025", the site's one date style (docs/product/constants.md). */
export const ordinalDate = (date: Date, timeZone: string = UK_TIME_ZONE): string => {
  const { year, month, day } = zonedParts(date, timeZone)
  return `${day}${ordinalSuffix(day)} ${MONTH_NAMES[month - 1] ?? ""} ${year}`
}

/** "5th March 2025 at 8:30pm". */
export const ordinalDateTime = (date: Date, timeZone: string = UK_TIME_ZONE): string => {
  const { hour, minute } = zonedParts(date, timeZone)
  const clockHour = hour % 12 === 0 ? 12 : hour % 12
  const meridiem = hour < 12 ? "am" : "pm"
  return `${ordinalDate(date, timeZone)} at ${clockHour}:${String(minute).padStart(2, "0")}${meridiem}`
}

/**
 * Midnight on the 1st of the London calendar month that `date` falls in:
 * a monthly limit resets on London's calendar (decision 0041), so a purchase at
 * 00:30 BST on the 1st is in the new month although UTC still says the old.
 */
export const startOfLondonMonth = (date: Date): Date => {
  const { year, month } = zonedParts(date, UK_TIME_ZONE)
  return zonedTimeToUtc(year, month, 1, 0, 0, UK_TIME_ZONE)
}

/**
 * A rule's length in whole hours as the pages and emails state it: "1 hour",
 * "48 hours" (never "2 days", so the copy reads as the rule is written).
 * Copy builds its wording from the rule's constant with this, so changing the
 * constant changes what customers and staff are told.
 */
export const hoursText = (hours: number): string => `${hours} ${hours === 1 ? "hour" : "hours"}`
