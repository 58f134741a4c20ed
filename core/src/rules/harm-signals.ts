/**
 * Harm signals (decision 0044, "Harm signals"): which patterns in
 * a customer's recent play suggest harm, each with the evidence staff need
 * to judge it. Pure: no Effect, no clock; the caller passes `now`.
 */
import { describeSelfDealingMatches, type SelfDealingMatch } from "./referral-self-dealing.js"

const DAY_MS = 24 * 60 * 60 * 1000
const WEEK_MS = 7 * DAY_MS

/** The thresholds, one place: decision 0044 says why each is what it is. */
export const HARM_SIGNAL_THRESHOLDS = {
  /** Refused checkouts over the monthly limit within the window. */
  limitReached: { count: 3, windowMs: 30 * DAY_MS },
  /** Raises or removals of the limit asked for within the window. */
  limitRaises: { count: 3, windowMs: 90 * DAY_MS },
  /** Declined card payments within the window. */
  declinedPayments: { count: 5, windowMs: 7 * DAY_MS },
  /**
   * Spend in the last 7 days against the weekly average of the 12 weeks
   * before: at least `multiple` times it, and at least `floorPence`, so a
   * first small order is never "velocity".
   */
  spendVelocity: { recentMs: WEEK_MS, historyWeeks: 12, multiple: 3, floorPence: 10_000 },
  /**
   * A referral refused because the friend is the referrer (decision 0065):
   * one is enough, and it stays on the list as long as a limit raise would.
   */
  referralRefused: { count: 1, windowMs: 90 * DAY_MS },
} as const

export type HarmSignalThresholds = typeof HARM_SIGNAL_THRESHOLDS

/** How far back the rule ever looks: the velocity history and its recent week. */
export const harmSignalLookbackMs = (t: HarmSignalThresholds = HARM_SIGNAL_THRESHOLDS): number =>
  Math.max(
    t.limitReached.windowMs,
    t.limitRaises.windowMs,
    t.declinedPayments.windowMs,
    t.spendVelocity.recentMs + t.spendVelocity.historyWeeks * WEEK_MS,
    t.referralRefused.windowMs,
  )

export const HARM_SIGNAL_KINDS = [
  "RepeatedlyReachedLimit",
  "FrequentLimitRaises",
  "SpendVelocity",
  "ManyDeclinedPayments",
  "ReferralRefused",
] as const
export type HarmSignalKind = (typeof HARM_SIGNAL_KINDS)[number]

/**
 * The kinds that say something about the customer's play. A refused
 * referral is a fraud signal staff review on the same list, not a sign of
 * harm: the customer's own signposting panel never follows it.
 */
export const PLAY_HARM_KINDS: readonly HarmSignalKind[] = [
  "RepeatedlyReachedLimit",
  "FrequentLimitRaises",
  "SpendVelocity",
  "ManyDeclinedPayments",
]

/** What staff read beside each signal. */
export const harmSignalLabels: Readonly<Record<HarmSignalKind, string>> = {
  RepeatedlyReachedLimit: "Repeatedly reached their spend limit",
  FrequentLimitRaises: "Raised or removed their spend limit often",
  SpendVelocity: "Spending well above their usual",
  ManyDeclinedPayments: "Many declined payments",
  ReferralRefused: "Referral refused: friend and referrer match",
}

/**
 * A referral refused because the friend matched the referrer, as either
 * of the two customers' facts: `role` is the customer's side of it.
 */
export interface ReferralRefusal {
  readonly at: Date
  readonly role: "Friend" | "Referrer"
  readonly matches: readonly SelfDealingMatch[]
  /** The other customer of the referral, so staff can open them. */
  readonly otherCustomerId: string
}

/** A limit change as the responsible-play log holds it; `null` is "no limit". */
export interface LimitChange {
  readonly at: Date
  readonly detail: unknown
}

/** A customer's facts over the lookback window, oldest or newest first: order does not matter. */
export interface HarmFacts {
  /** SpendLimitReached events. */
  readonly limitReached: readonly Date[]
  /** SpendLimitChanged events, with their detail. */
  readonly limitChanges: readonly LimitChange[]
  /** Failed card payments in the payments table. */
  readonly failedPayments: readonly Date[]
  /** PaymentDeclined events (the same declines, seen by another writer). */
  readonly declinedEvents: readonly Date[]
  /** Completed orders: when, and what they spent (card plus site credit). */
  readonly spends: readonly { readonly at: Date; readonly pence: number }[]
  /** HarmSignalReviewed events: when, and which signals the review covered. */
  readonly reviews: readonly { readonly at: Date; readonly signals: readonly HarmSignalKind[] }[]
  /** Referrals refused as self-dealing, where the customer was the friend or the referrer. */
  readonly referralRefusals: readonly ReferralRefusal[]
}

export const noHarmFacts: HarmFacts = {
  limitReached: [],
  limitChanges: [],
  failedPayments: [],
  declinedEvents: [],
  spends: [],
  reviews: [],
  referralRefusals: [],
}

export type HarmEvidence =
  | { readonly kind: "RepeatedlyReachedLimit"; readonly count: number; readonly windowDays: number }
  | { readonly kind: "FrequentLimitRaises"; readonly count: number; readonly windowDays: number }
  | { readonly kind: "ManyDeclinedPayments"; readonly count: number; readonly windowDays: number }
  | {
      readonly kind: "SpendVelocity"
      readonly lastWeekPence: number
      readonly weeklyAveragePence: number
    }
  | {
      readonly kind: "ReferralRefused"
      readonly count: number
      readonly windowDays: number
      /** The newest refusal's side, matches and other customer. */
      readonly role: "Friend" | "Referrer"
      readonly matches: readonly SelfDealingMatch[]
      readonly otherCustomerId: string
    }

export interface HarmSignal {
  readonly kind: HarmSignalKind
  readonly evidence: HarmEvidence
  /** The newest fact behind it: a review after this quiets it. */
  readonly latestEvidenceAt: Date
  /** When staff last reviewed this kind of signal for the customer; null if never. */
  readonly reviewedAt: Date | null
  /** True while no review covers the newest evidence. */
  readonly awaitingReview: boolean
}

const amount = (value: unknown): number | null | undefined => {
  if (value === null) return null
  if (typeof value === "number" && Number.isFinite(value)) return value
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
    return Number(value)
  return undefined
}

/**
 * Whether a SpendLimitChanged detail was a raise or a removal. Read
 * tolerantly: `{ from, to }` in pence with null for "no limit" (part A's
 * shape), or a `direction`/`change` word; anything unreadable is not a raise.
 */
export const isLimitRaise = (detail: unknown): boolean => {
  if (typeof detail !== "object" || detail === null) return false
  const d = detail as Record<string, unknown>
  const word = d.direction ?? d.change ?? d.kind
  if (typeof word === "string") {
    const w = word.toLowerCase()
    if (w.includes("raise") || w.includes("remov") || w.includes("increase")) return true
    if (w.includes("lower") || w.includes("decrease") || w === "set") return false
  }
  if (!("to" in d)) return false
  const to = amount(d.to)
  const from = "from" in d ? amount(d.from) : undefined
  if (to === undefined) return false
  // To "no limit" from a limit is a removal; a first answer of "no limit" is not.
  if (to === null) return from !== undefined && from !== null
  if (from === undefined || from === null) return false
  return to > from
}

const within = (dates: readonly Date[], now: Date, windowMs: number) =>
  dates.filter((d) => d.getTime() > now.getTime() - windowMs && d.getTime() <= now.getTime())

const latest = (dates: readonly Date[]): Date =>
  new Date(Math.max(...dates.map((d) => d.getTime())))

const days = (ms: number) => Math.round(ms / DAY_MS)

/** Which signals fire now, ignoring reviews. */
const firing = (
  facts: HarmFacts,
  now: Date,
  t: HarmSignalThresholds,
): readonly { evidence: HarmEvidence; latestEvidenceAt: Date }[] => {
  const found: { evidence: HarmEvidence; latestEvidenceAt: Date }[] = []

  const reached = within(facts.limitReached, now, t.limitReached.windowMs)
  if (reached.length >= t.limitReached.count)
    found.push({
      evidence: {
        kind: "RepeatedlyReachedLimit",
        count: reached.length,
        windowDays: days(t.limitReached.windowMs),
      },
      latestEvidenceAt: latest(reached),
    })

  const raises = within(
    facts.limitChanges.filter((c) => isLimitRaise(c.detail)).map((c) => c.at),
    now,
    t.limitRaises.windowMs,
  )
  if (raises.length >= t.limitRaises.count)
    found.push({
      evidence: {
        kind: "FrequentLimitRaises",
        count: raises.length,
        windowDays: days(t.limitRaises.windowMs),
      },
      latestEvidenceAt: latest(raises),
    })

  const velocity = t.spendVelocity
  const recentStart = now.getTime() - velocity.recentMs
  const historyStart = recentStart - velocity.historyWeeks * WEEK_MS
  const inRecent = facts.spends.filter(
    (s) => s.at.getTime() > recentStart && s.at.getTime() <= now.getTime(),
  )
  const lastWeekPence = inRecent.reduce((sum, s) => sum + Math.max(0, s.pence), 0)
  const historyPence = facts.spends
    .filter((s) => s.at.getTime() > historyStart && s.at.getTime() <= recentStart)
    .reduce((sum, s) => sum + Math.max(0, s.pence), 0)
  const weeklyAveragePence = Math.round(historyPence / velocity.historyWeeks)
  if (
    lastWeekPence >= velocity.floorPence &&
    lastWeekPence >= velocity.multiple * weeklyAveragePence
  )
    found.push({
      evidence: { kind: "SpendVelocity", lastWeekPence, weeklyAveragePence },
      latestEvidenceAt: latest(inRecent.map((s) => s.at)),
    })

  // The payments table and part B's events see the same declines: the larger count, never the sum.
  const failed = within(facts.failedPayments, now, t.declinedPayments.windowMs)
  const declined = within(facts.declinedEvents, now, t.declinedPayments.windowMs)
  const declines = Math.max(failed.length, declined.length)
  if (declines >= t.declinedPayments.count)
    found.push({
      evidence: {
        kind: "ManyDeclinedPayments",
        count: declines,
        windowDays: days(t.declinedPayments.windowMs),
      },
      latestEvidenceAt: latest([...failed, ...declined]),
    })

  const refusals = facts.referralRefusals
    .filter(
      (r) =>
        r.at.getTime() > now.getTime() - t.referralRefused.windowMs &&
        r.at.getTime() <= now.getTime(),
    )
    .sort((a, b) => a.at.getTime() - b.at.getTime())
  const newestRefusal = refusals[refusals.length - 1]
  if (refusals.length >= t.referralRefused.count && newestRefusal !== undefined)
    found.push({
      evidence: {
        kind: "ReferralRefused",
        count: refusals.length,
        windowDays: days(t.referralRefused.windowMs),
        role: newestRefusal.role,
        matches: newestRefusal.matches,
        otherCustomerId: newestRefusal.otherCustomerId,
      },
      latestEvidenceAt: newestRefusal.at,
    })
  return found
}

/**
 * Every signal that fires for the customer at `now`, in HARM_SIGNAL_KINDS
 * order, each marked awaiting review unless a review of that kind came at
 * or after its newest evidence.
 */
export const harmSignals = (
  facts: HarmFacts,
  now: Date,
  thresholds: HarmSignalThresholds = HARM_SIGNAL_THRESHOLDS,
): readonly HarmSignal[] =>
  firing(facts, now, thresholds).map(({ evidence, latestEvidenceAt }) => {
    const reviews = facts.reviews
      .filter((r) => r.signals.includes(evidence.kind) && r.at.getTime() <= now.getTime())
      .map((r) => r.at)
    const reviewedAt = reviews.length === 0 ? null : latest(reviews)
    return {
      kind: evidence.kind,
      evidence,
      latestEvidenceAt,
      reviewedAt,
      awaitingReview: reviewedAt === null || reviewedAt.getTime() < latestEvidenceAt.getTime(),
    }
  })

/**
 * What any customer must have, at the least, for a signal to fire at
 * `now` (docs/decisions/0094). The store uses it to choose whom to gather
 * facts for, so staff's list reads the few who could be flagged, not
 * everyone who bought or had a card declined in the last thirteen weeks.
 * Instants are compared as the rule compares them: after `…After`, at or
 * before `until`.
 */
export interface HarmCandidateFilter {
  /** The lookback's start: facts before it never count. */
  readonly since: Date
  /** Now: nothing after it counts toward a window. */
  readonly until: Date
  /** Limits reached after this instant must number at least `limitReachedCount`. */
  readonly limitReachedAfter: Date
  readonly limitReachedCount: number
  /** Failed payments, or declined events, after this instant must number at least `declinesCount`. */
  readonly declinesAfter: Date
  readonly declinesCount: number
  /** The velocity's recent week: spends after this instant... */
  readonly recentSpendAfter: Date
  /** ...(each order's, never below nothing) must reach this. */
  readonly spendFloorPence: number
}

export const harmCandidateFilter = (
  now: Date,
  t: HarmSignalThresholds = HARM_SIGNAL_THRESHOLDS,
): HarmCandidateFilter => ({
  since: new Date(now.getTime() - harmSignalLookbackMs(t)),
  until: now,
  limitReachedAfter: new Date(now.getTime() - t.limitReached.windowMs),
  limitReachedCount: t.limitReached.count,
  declinesAfter: new Date(now.getTime() - t.declinedPayments.windowMs),
  declinesCount: t.declinedPayments.count,
  recentSpendAfter: new Date(now.getTime() - t.spendVelocity.recentMs),
  spendFloorPence: t.spendVelocity.floorPence,
})

/**
 * Whether a customer's facts meet the filter: a necessary condition of
 * `harmSignals(facts, now)` answering anything (a property test holds it
 * to that), and the predicate the stores' prefilter implements
 * (HarmSignalFacts.candidatesFor, held to this by the port's contract).
 * Each kind's own count in its own window, except two kept loose where SQL
 * would have to repeat core's reading: any limit change in the lookback
 * (which are raises is isLimitRaise's to say) and any refused referral in it.
 */
export const mayFireHarmSignal = (facts: HarmFacts, filter: HarmCandidateFilter): boolean => {
  const since = filter.since.getTime()
  const until = filter.until.getTime()
  const inLookback = (at: Date) => at.getTime() >= since
  const countIn = (dates: readonly Date[], after: Date) =>
    dates.filter((at) => inLookback(at) && at.getTime() > after.getTime() && at.getTime() <= until)
      .length
  if (
    facts.limitChanges.some((c) => inLookback(c.at)) ||
    facts.referralRefusals.some((r) => inLookback(r.at)) ||
    countIn(facts.limitReached, filter.limitReachedAfter) >= filter.limitReachedCount ||
    countIn(facts.failedPayments, filter.declinesAfter) >= filter.declinesCount ||
    countIn(facts.declinedEvents, filter.declinesAfter) >= filter.declinesCount
  )
    return true
  const recent = facts.spends
    .filter(
      (s) =>
        inLookback(s.at) &&
        s.at.getTime() > filter.recentSpendAfter.getTime() &&
        s.at.getTime() <= until,
    )
    .reduce((sum, s) => sum + Math.max(0, s.pence), 0)
  return recent >= filter.spendFloorPence
}

/** One line of evidence, as staff read it. */
export const describeEvidence = (evidence: HarmEvidence, formatPence: (p: number) => string) => {
  switch (evidence.kind) {
    case "RepeatedlyReachedLimit":
      return `Checkout refused at the spend limit ${evidence.count} times in ${evidence.windowDays} days.`
    case "FrequentLimitRaises":
      return `Asked to raise or remove the spend limit ${evidence.count} times in ${evidence.windowDays} days.`
    case "ManyDeclinedPayments":
      return `${evidence.count} card payments declined in ${evidence.windowDays} days.`
    case "SpendVelocity":
      return `Spent ${formatPence(evidence.lastWeekPence)} in the last 7 days against a weekly average of ${formatPence(evidence.weeklyAveragePence)} over the 12 weeks before.`
    case "ReferralRefused": {
      const how = describeSelfDealingMatches(evidence.matches)
      const what =
        evidence.role === "Friend"
          ? `Referral refused: matches referrer (${how}).`
          : `Referral refused: a friend they referred matches them (${how}).`
      const more =
        evidence.count > 1
          ? ` ${evidence.count} referrals refused in ${evidence.windowDays} days.`
          : ""
      return `${what} Neither was paid the referral reward.${more}`
    }
  }
}

/** Reads a HarmSignalReviewed event's detail: which signals it covered (unknown kinds dropped). */
export const reviewedKinds = (detail: unknown): readonly HarmSignalKind[] => {
  if (typeof detail !== "object" || detail === null) return []
  const signals = (detail as Record<string, unknown>).signals
  return Array.isArray(signals)
    ? signals.filter((s): s is HarmSignalKind => HARM_SIGNAL_KINDS.includes(s as HarmSignalKind))
    : []
}

/** Where "this month" starts: one rule for every monthly limit, in dates.ts. */
export { startOfLondonMonth } from "./dates.js"

export const MAX_REVIEW_NOTE_LENGTH = 2000

export const harmSignalMessages = {
  noteRequired: "Please add a note saying what you did or decided.",
  noteTooLong: `Please keep the note to ${MAX_REVIEW_NOTE_LENGTH.toLocaleString("en-GB")} characters or fewer.`,
  nothingToReview: "This customer has no harm signal awaiting review.",
} as const

export const validateReviewNote = (note: string): string | undefined =>
  note.trim() === ""
    ? harmSignalMessages.noteRequired
    : note.trim().length > MAX_REVIEW_NOTE_LENGTH
      ? harmSignalMessages.noteTooLong
      : undefined
