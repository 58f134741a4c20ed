import { UK_TIME_ZONE, zonedParts, zonedTimeToUtc } from "./dates.js"

/** How far ahead "closing soon" looks on the back office's dashboard. */
export const CLOSING_SOON_HOURS = 48

/** How many days "the last week" of sales covers, today included. */
export const SALES_WEEK_DAYS = 7

/**
 * The windows the dashboard's sales are counted in: today and the last 7
 * days (today and the 6 before it), on London's calendar, whatever zone the
 * server runs in, so "today" is the operator's today across clock changes.
 */
export const salesWindows = (now: Date, timeZone: string = UK_TIME_ZONE) => {
  const { year, month, day } = zonedParts(now, timeZone)
  const today = zonedTimeToUtc(year, month, day, 0, 0, timeZone)
  // Calendar arithmetic on a UTC date avoids the hours a clock change adds or removes.
  const weekAgo = new Date(Date.UTC(year, month - 1, day - (SALES_WEEK_DAYS - 1)))
  const weekStart = zonedTimeToUtc(
    weekAgo.getUTCFullYear(),
    weekAgo.getUTCMonth() + 1,
    weekAgo.getUTCDate(),
    0,
    0,
    timeZone,
  )
  return { today: { from: today, to: now }, week: { from: weekStart, to: now } }
}

/** The end of the "closing soon" window. */
export const closingSoonUntil = (now: Date): Date =>
  new Date(now.getTime() + CLOSING_SOON_HOURS * 60 * 60 * 1000)
