import { ordinalDateTime } from "./dates.js"

/**
 * A customer's standing (decision 0043, "Pause and close"): in good
 * standing, on a break until a moment, or closed. A break is a short
 * cool-off (24 hours, 7 days, 30 days) or a self-suspension of 6 months or
 * more. The end of a break is never early: it can only be moved later.
 */
export const COOL_OFF_LENGTHS = ["24Hours", "7Days", "30Days"] as const
export const SELF_SUSPENSION_LENGTHS = ["6Months", "1Year", "2Years", "5Years"] as const
export const PAUSE_LENGTHS = [...COOL_OFF_LENGTHS, ...SELF_SUSPENSION_LENGTHS] as const
export type PauseLength = (typeof PAUSE_LENGTHS)[number]

export const PAUSE_LENGTH_LABELS: Readonly<Record<PauseLength, string>> = {
  "24Hours": "24 hours",
  "7Days": "7 days",
  "30Days": "30 days",
  "6Months": "6 months",
  "1Year": "1 year",
  "2Years": "2 years",
  "5Years": "5 years",
}

export const isPauseLength = (value: unknown): value is PauseLength =>
  typeof value === "string" && (PAUSE_LENGTHS as readonly string[]).includes(value)

export const isSelfSuspension = (length: PauseLength): boolean =>
  (SELF_SUSPENSION_LENGTHS as readonly string[]).includes(length)

/** What is stored: the latest break's end (kept after it passes) and the closure, if any. */
export interface StandingRecord {
  readonly pausedUntil: Date | null
  readonly pauseLength: PauseLength | null
  readonly pausedAt: Date | null
  readonly closedAt: Date | null
}

export const GOOD_STANDING: StandingRecord = {
  pausedUntil: null,
  pauseLength: null,
  pausedAt: null,
  closedAt: null,
}

export type Standing =
  | { readonly status: "Active" }
  | { readonly status: "Paused"; readonly until: Date; readonly length: PauseLength }
  | { readonly status: "Closed"; readonly at: Date }

/** Closure wins over a break; a break holds until its end, to the millisecond. */
export const standingAt = (record: StandingRecord, at: Date): Standing => {
  if (record.closedAt !== null) return { status: "Closed", at: record.closedAt }
  if (record.pausedUntil !== null && at.getTime() < record.pausedUntil.getTime()) {
    return { status: "Paused", until: record.pausedUntil, length: record.pauseLength ?? "24Hours" }
  }
  return { status: "Active" }
}

const HOUR = 3_600_000
const addMonths = (from: Date, months: number): Date => {
  const year = from.getUTCFullYear()
  const month = from.getUTCMonth() + months
  // 31st August + 6 months is the last day of February, never the 3rd of March.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(from.getUTCDate(), lastDay),
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  )
}

/** When a break of this length taken at `from` ends. Always later than `from`. */
export const pauseEnd = (from: Date, length: PauseLength): Date => {
  switch (length) {
    case "24Hours":
      return new Date(from.getTime() + 24 * HOUR)
    case "7Days":
      return new Date(from.getTime() + 7 * 24 * HOUR)
    case "30Days":
      return new Date(from.getTime() + 30 * 24 * HOUR)
    case "6Months":
      return addMonths(from, 6)
    case "1Year":
      return addMonths(from, 12)
    case "2Years":
      return addMonths(from, 24)
    case "5Years":
      return addMonths(from, 60)
  }
}

export type PauseRefusal =
  | { readonly reason: "Closed" }
  | { readonly reason: "WouldEndEarlier"; readonly until: Date }

/**
 * Why a break of this length, taken now, is refused: the account is closed,
 * or a break already runs at least as long (a break is lengthened, never
 * shortened or replaced by a shorter one). Null: it may be taken.
 */
export const pauseRefusal = (
  record: StandingRecord,
  length: PauseLength,
  at: Date,
): PauseRefusal | null => {
  const standing = standingAt(record, at)
  if (standing.status === "Closed") return { reason: "Closed" }
  if (standing.status === "Paused" && pauseEnd(at, length).getTime() <= standing.until.getTime()) {
    return { reason: "WouldEndEarlier", until: standing.until }
  }
  return null
}

/** The record after a break is taken; the end only ever moves later, even if misused. */
export const withPause = (
  record: StandingRecord,
  length: PauseLength,
  at: Date,
): StandingRecord => {
  const end = pauseEnd(at, length)
  if (record.pausedUntil !== null && record.pausedUntil.getTime() >= end.getTime()) return record
  return { ...record, pausedUntil: end, pauseLength: length, pausedAt: at }
}

/** The record after closing: the first closure stands; a break running on is kept. */
export const withClosure = (record: StandingRecord, at: Date): StandingRecord =>
  record.closedAt !== null ? record : { ...record, closedAt: at }

/** Purchases, entries and marketing are all for customers in good standing only. */
export const mayPurchase = (standing: Standing): boolean => standing.status === "Active"
export const mayEnter = (standing: Standing): boolean => standing.status === "Active"
export const mayReceiveMarketing = (standing: Standing): boolean => standing.status === "Active"

/** The consent to marketing by email that counts: none while on a break or closed. */
export const effectiveMarketingByEmail = (consent: boolean, standing: Standing): boolean =>
  consent && mayReceiveMarketing(standing)

export const RESPONSIBLE_PLAY_PATH = "/ResponsiblePlay"

/** The sentence a refused purchase or entry shows; the same on the API and in the page. */
export const standingRefusalMessage = (standing: Standing): string => {
  switch (standing.status) {
    case "Paused":
      return `Your account is on a break until ${ordinalDateTime(standing.until)}, so you can't buy tickets or enter competitions until then. The break can't be ended early. If you'd like support, see our Responsible play page.`
    case "Closed":
      return "Your account is closed, so you can't buy tickets or enter competitions. You can still sign in to see your orders, tickets and wins."
    case "Active":
      return ""
  }
}

export const pauseRefusalMessage = (refusal: PauseRefusal): string =>
  refusal.reason === "Closed"
    ? "Your account is closed, so a break can't be taken."
    : `Your break already runs until ${ordinalDateTime(refusal.until)}. A break can be made longer, never shorter.`

/** Why a purchase waits for the age check, in words the customer can act on. */
export const ageRefusalMessage = (outcome: "Refused" | "NeedsDocuments", reason: string): string =>
  outcome === "NeedsDocuments"
    ? `We need to confirm that you are 18 or over before you can buy tickets. ${reason}`
    : `We couldn't confirm that you are 18 or over, so you can't buy tickets. ${reason} If you think this is wrong, please contact us.`

/** What staff recording a postal entry read when the entrant's account is on a break or closed. */
export const entryRefusalForStaff = (standing: Standing): string =>
  standing.status === "Paused"
    ? `This customer's account is on a break until ${ordinalDateTime(standing.until)}, so no entry can be recorded for them until then.`
    : "This customer's account is closed, so no entry can be recorded for them."
