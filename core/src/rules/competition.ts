import type { TimePeriod } from "../competitions/model.js"
import { zonedParts, zonedTimeToUtc } from "./dates.js"

/** Numbered because the storefront and API already speak in these numbers (docs/product/states.md). */
export type CompetitionPhase = 0 | 1 | 2 | 3
export const CompetitionPhase = {
  ComingSoon: 0,
  Open: 1,
  ClosedAwaitingDraw: 2,
  Closed: 3,
} as const

export interface CompetitionSchedule {
  readonly start: Date
  readonly close: Date
  /** Null when the competition has no scheduled draw (draw type None, or not yet set). */
  readonly draw: Date | null
}

export const competitionPhase = (s: CompetitionSchedule, now: Date): CompetitionPhase => {
  const t = now.getTime()
  if (t < s.start.getTime()) return CompetitionPhase.ComingSoon
  if (t < s.close.getTime()) return CompetitionPhase.Open
  if (s.draw !== null && t < s.draw.getTime()) return CompetitionPhase.ClosedAwaitingDraw
  return CompetitionPhase.Closed
}

/** What the countdown on a competition counts down to. */
export const nextDeadline = (s: CompetitionSchedule, now: Date): Date | null => {
  switch (competitionPhase(s, now)) {
    case CompetitionPhase.ComingSoon:
      return s.start
    case CompetitionPhase.Open:
      return s.close
    case CompetitionPhase.ClosedAwaitingDraw:
      return s.draw
    case CompetitionPhase.Closed:
      return null
  }
}

export const MINUTES_PER_WEEK = 10080
export const ENDING_SOON_MINUTES = 3 * MINUTES_PER_WEEK

const MS_PER_MINUTE = 60_000

export const isEndingSoon = (s: CompetitionSchedule, now: Date): boolean => {
  const deadline = nextDeadline(s, now)
  return (
    deadline !== null && deadline.getTime() - now.getTime() < ENDING_SOON_MINUTES * MS_PER_MINUTE
  )
}

/** What the storefront's lists read of a competition: its dates and the tickets it has left. */
export interface ListingFacts extends CompetitionSchedule {
  /** Total tickets less those sold; zero or below is sold out. */
  readonly ticketsLeft: number
}

/**
 * On sale to a visitor now: open, and with a ticket left to buy. A
 * competition that has closed (awaiting its draw, or drawn) or sold out
 * cannot take an order, so no list that urges people to hurry may show it.
 * (Staff's "on sale" in competition-admin.ts is another question: whether
 * its promises are fixed.)
 */
export const isOnSale = (c: ListingFacts, now: Date): boolean =>
  competitionPhase(c, now) === CompetitionPhase.Open && c.ticketsLeft > 0

/**
 * Which of the storefront's lists a competition belongs in (the API's
 * TimePeriod): Current while it is coming, open or awaiting its draw; Past once
 * closed for good; Ending soon while on sale with its close under three
 * weeks away (never before it opens, never once closed or sold out: the
 * list tells people to hurry and buy). The SQL catalogue states the same
 * over the table's dates and sold counts, and the contract holds the two
 * together.
 */
export const inTimePeriod = (c: ListingFacts, period: TimePeriod, now: Date): boolean => {
  const phase = competitionPhase(c, now)
  switch (period) {
    case "All":
      return true
    case "Current":
      return phase !== CompetitionPhase.Closed
    case "Past":
      return phase === CompetitionPhase.Closed
    case "EndingSoon":
      return isOnSale(c, now) && isEndingSoon(c, now)
  }
}

/**
 * The competition's own time period on the wire: the narrowest of the
 * list's periods it is in now, so a filter by the value a competition
 * carries lists it. "EndingSoon" lies within "Current" (ending soon is
 * current too), "Current" and "Past" part every competition, and "All"
 * holds them all, so it is never a competition's own.
 */
export const timePeriodOf = (c: ListingFacts, now: Date): Exclude<TimePeriod, "All"> =>
  inTimePeriod(c, "EndingSoon", now)
    ? "EndingSoon"
    : inTimePeriod(c, "Current", now)
      ? "Current"
      : "Past"

export const percentSold = (sold: number, total: number): number => {
  const percent = Math.floor((100 * sold) / Math.max(1, total))
  return Number.isNaN(percent) ? 0 : Math.min(100, Math.max(0, percent))
}

export interface CountdownParts {
  readonly days: number
  readonly hours: number
  readonly minutes: number
  readonly seconds: number
}

/** Null means there is nothing to count to, which the storefront shows as a dash. */
export const countdownParts = (deadline: Date | null, now: Date): CountdownParts | null => {
  if (deadline === null) return null
  const remaining = Math.max(0, Math.floor((deadline.getTime() - now.getTime()) / 1000))
  return {
    days: Math.floor(remaining / 86_400),
    hours: Math.floor((remaining % 86_400) / 3_600),
    minutes: Math.floor((remaining % 3_600) / 60),
    seconds: remaining % 60,
  }
}

/**
 * A customer's clock may be minutes out; a countdown that says "open" when the
 * server says "closed" sells nothing and annoys people, so counting uses
 * server time carried forward by the local clock.
 */
export const clockSkewMs = (serverNow: Date, clientNow: Date): number =>
  serverNow.getTime() - clientNow.getTime()

export const serverCorrectedNow = (clientNow: Date, skewMs: number): Date =>
  new Date(clientNow.getTime() + skewMs)

/** "1 in N" (docs/product/constants.md). */
export const odds = (totalTickets: number, quantity: number): number =>
  Math.ceil(totalTickets / Math.max(1, quantity))

/** The odds shown to tempt a customer into one more ticket. */
export const betterOdds = (totalTickets: number, quantity: number): number =>
  odds(totalTickets, quantity + 1)

/** The API has no separate number for "closed, awaiting draw": both read as 3. */
export const competitionStatus = (phase: CompetitionPhase): 0 | 1 | 3 => {
  if (phase === CompetitionPhase.ComingSoon) return 0
  if (phase === CompetitionPhase.Open) return 1
  return 3
}

export type TileButtonLabel = "PURCHASE MORE TICKETS" | "ENTER NOW" | "SOLD OUT" | "DETAILS"

/**
 * The tile's button. A sold-out competition is still open until it closes,
 * but inviting anyone to enter it would only lead to "Sold out!". "More"
 * is for a customer who already holds tickets in it: to anyone else,
 * signed in or not, it would be a purchase they never made.
 */
export const tileButtonLabel = (
  phase: CompetitionPhase,
  customerHoldsTickets: boolean,
  ticketsLeft: number,
): TileButtonLabel => {
  if (phase !== CompetitionPhase.Open) return "DETAILS"
  if (ticketsLeft <= 0) return "SOLD OUT"
  return customerHoldsTickets ? "PURCHASE MORE TICKETS" : "ENTER NOW"
}

const THURSDAY = 4
const LIVE_DRAW_HOUR = 20
const LIVE_DRAW_MINUTE = 30

/** Live draws are Thursdays at 8:30pm London time (docs/product/constants.md), so UTC shifts with the clocks. */
export const nextLiveDrawSlot = (now: Date): Date => {
  const today = zonedParts(now)
  const daysToThursday = (THURSDAY - today.weekday + 7) % 7
  const slotAfter = (days: number): Date => {
    // Date.UTC rolls day overflow into the next month or year, walking London's calendar.
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + days))
    return zonedTimeToUtc(
      day.getUTCFullYear(),
      day.getUTCMonth() + 1,
      day.getUTCDate(),
      LIVE_DRAW_HOUR,
      LIVE_DRAW_MINUTE,
    )
  }
  const thisWeek = slotAfter(daysToThursday)
  return thisWeek.getTime() > now.getTime() ? thisWeek : slotAfter(daysToThursday + 7)
}
