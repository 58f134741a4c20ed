/**
 * Money is integer pence on the wire (docs/decisions/0001-money-and-wire.md); staff read and
 * type pounds. Times are shown as the operator lives them: UK time.
 */

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" })

export const formatPence = (pence: number): string => pounds.format(pence / 100)

/**
 * "12.50", "12.5", "12" or "£12.50" to 1250; undefined when it is not an
 * amount of money. Stricter than core's parsePounds (core/src/rules/money.ts),
 * which repairs what a customer types: it strips stray characters (a minus
 * included) and rounds a third decimal. Staff set prices, prizes, payouts and
 * credit, where a repaired typo would silently move money ("-5" read as £5,
 * "12.345" as £12.35), so here such text is refused and the form says so;
 * a minus is kept so each form's range check can refuse or use it.
 */
export const parseExactPounds = (text: string): number | undefined => {
  const match = /^\s*£?\s*(-)?(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text)
  if (!match) return undefined
  const [, minus, whole = "0", fraction = ""] = match
  const pence = Number(whole) * 100 + Number(fraction.padEnd(2, "0"))
  return minus ? -pence : pence
}

/** Pence as the text a money input starts with: 1250 → "12.50". */
export const penceInput = (pence: number): string => (pence / 100).toFixed(2)

const UK = "Europe/London"
const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
})
const dateOnly = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK,
  day: "numeric",
  month: "short",
  year: "numeric",
})

export const formatDateTime = (iso: string | null | undefined): string =>
  iso ? dateTime.format(new Date(iso)) : "—"

export const formatDate = (iso: string | null | undefined): string =>
  iso ? dateOnly.format(new Date(iso)) : "—"

const londonParts = (date: Date): Record<string, number> => {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: UK,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(date)
  return Object.fromEntries(
    parts.filter((p) => p.type !== "literal").map((p) => [p.type, Number(p.value)]),
  )
}

/** An instant as the value of a `datetime-local` input, in UK time ("2026-12-03T20:30"). */
export const toLocalInput = (iso: string | null | undefined): string => {
  if (!iso) return ""
  const p = londonParts(new Date(iso))
  const two = (n: number | undefined) => String(n ?? 0).padStart(2, "0")
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`
}

/**
 * A `datetime-local` value read as UK time, back to an ISO instant. The
 * offset is found by asking what UK time the naive UTC reading shows, then
 * correcting once more so the hour either side of a clock change is right.
 */
export const fromLocalInput = (value: string): string | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value)
  if (!match) return undefined
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number]
  const wanted = Date.UTC(y, mo - 1, d, h, mi)
  let guess = wanted
  for (let i = 0; i < 2; i++) {
    const p = londonParts(new Date(guess))
    const shown = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0)
    guess += wanted - shown
  }
  return new Date(guess).toISOString()
}

/**
 * A form's date field back to an instant, keeping the instant it was loaded
 * with while the shown value is unchanged. UK time repeats an hour when the
 * clocks go back (01:00–02:00 on the last Sunday of October), and
 * `datetime-local` cannot say which of the two is meant: without this,
 * saving a form untouched could move a time in that hour by an hour.
 */
export const fromLocalInputKeeping = (
  value: string,
  kept: string | null | undefined,
): string | undefined => (kept && toLocalInput(kept) === value ? kept : fromLocalInput(value))

const nextDay = (day: string): string => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
}

/**
 * A UK day starts at London's midnight, not UTC's: in summer a plain date
 * sent to the API would miss the day's first hour and take in the next
 * day's. So a day filter sends the exact instants of its two ends.
 */
export const ukDayStart = (day: string): string | undefined => fromLocalInput(`${day}T00:00`)

/** The last millisecond of a UK day (the API's range ends are inclusive). */
export const ukDayEnd = (day: string): string | undefined => {
  const next = ukDayStart(nextDay(day))
  return next && new Date(Date.parse(next) - 1).toISOString()
}
