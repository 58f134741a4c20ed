import { UK_TIME_ZONE, zonedParts, zonedTimeToUtc } from "./dates.js"
import { type Pence, pence, ZERO_PENCE } from "./money.js"
import type { OrderStatus } from "./order-status.js"
import type { PaymentStatus } from "./payment-status.js"

/**
 * The settlements report (docs/decisions/0068): card money taken, given
 * back and still pending, per London day and payment provider, set against
 * the orders completed and refunded that day; and first, every order whose
 * payments and status disagree. Pure: the facts come from the
 * SettlementFacts port, the days from London's calendar.
 */

/** A range longer than this is refused: a year and a day covers any leap year. */
export const MAX_SETTLEMENT_DAYS = 366
/** The range when none is asked for: today and the 29 London days before it. */
export const DEFAULT_SETTLEMENT_DAYS = 30

/** The provider an order is counted under when no card paid it (site credit paid it all). */
export const NO_CARD_PROVIDER = "none"

/** An order the report looks at: its status and what it asked of a card. */
export interface SettlementOrder {
  readonly id: string
  readonly orderRef: string
  readonly status: OrderStatus
  /** The order's total after site credit: what a card had to pay. */
  readonly cardBalance: Pence
  readonly placedAt: Date
}

export interface SettlementPayment {
  readonly id: string
  readonly orderId: string
  readonly provider: string
  readonly amount: Pence
  readonly status: PaymentStatus
  readonly createdAt: Date
  /** When it succeeded (also kept once it is Refunded); null while it has not. */
  readonly succeededAt: Date | null
}

export interface SettlementRefund {
  readonly paymentId: string
  readonly orderId: string
  /** The provider of the payment it gives back. */
  readonly provider: string
  readonly amount: Pence
  readonly status: "Due" | "Refunded"
  readonly dueAt: Date
  readonly refundedAt: Date | null
}

/** What the report is made from; a fact outside the range is ignored. */
export interface SettlementFacts {
  readonly orders: readonly SettlementOrder[]
  readonly payments: readonly SettlementPayment[]
  readonly refunds: readonly SettlementRefund[]
}

/** London days `from` to `to`, both included, and the instants they span: [start, end). */
export interface SettlementRange {
  readonly from: string
  readonly to: string
  readonly start: Date
  readonly end: Date
}

export type SettlementRangeResult =
  | { readonly ok: true; readonly range: SettlementRange }
  | { readonly ok: false; readonly message: string }

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A calendar day as days since 1970-01-01, or null when it is no real day. */
const dayNumber = (text: string): number | null => {
  const m = ISO_DAY.exec(text)
  if (!m) return null
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const ms = Date.UTC(year, month - 1, day)
  const back = new Date(ms)
  // 2026-02-30 rolls over to March: not a day anyone meant.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1) return null
  if (back.getUTCDate() !== day) return null
  return ms / 86_400_000
}

const dayText = (n: number): string => new Date(n * 86_400_000).toISOString().slice(0, 10)

/** Midnight at the start of a London day (YYYY-MM-DD), as an instant. */
const londonMidnight = (n: number): Date => {
  const d = new Date(n * 86_400_000)
  return zonedTimeToUtc(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), 0, 0, UK_TIME_ZONE)
}

/** The London calendar day an instant falls on, as YYYY-MM-DD. */
export const londonDay = (at: Date): string => {
  const { year, month, day } = zonedParts(at, UK_TIME_ZONE)
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`
}

/**
 * Reads the report's `from`/`to` (ISO dates, London days, both included).
 * Missing `to` is today; missing `from` is 29 days before `to`. Refused with
 * a message a person can act on: not a date, `from` after `to`, or longer
 * than MAX_SETTLEMENT_DAYS.
 */
export const settlementRange = (
  asked: { readonly from?: string | undefined; readonly to?: string | undefined },
  now: Date,
): SettlementRangeResult => {
  const to =
    asked.to === undefined || asked.to === "" ? dayNumber(londonDay(now)) : dayNumber(asked.to)
  if (to === null)
    return { ok: false, message: "'to' must be a date as YYYY-MM-DD, e.g. 2026-11-29." }
  const from =
    asked.from === undefined || asked.from === ""
      ? to - (DEFAULT_SETTLEMENT_DAYS - 1)
      : dayNumber(asked.from)
  if (from === null)
    return { ok: false, message: "'from' must be a date as YYYY-MM-DD, e.g. 2026-11-01." }
  if (from > to) return { ok: false, message: "'from' must be on or before 'to'." }
  if (to - from + 1 > MAX_SETTLEMENT_DAYS)
    return {
      ok: false,
      message: `The range may cover at most ${MAX_SETTLEMENT_DAYS} days; ask for a shorter one.`,
    }
  return {
    ok: true,
    range: {
      from: dayText(from),
      to: dayText(to),
      start: londonMidnight(from),
      end: londonMidnight(to + 1),
    },
  }
}

/** Money and orders of one London day and one provider; amounts in pence. */
export interface SettlementFigures {
  /** Card payments that succeeded (kept or refunded since). */
  readonly taken: Pence
  /** Refunds the provider made. */
  readonly refunded: Pence
  /** Card payments started and not yet settled. */
  readonly pendingPayments: Pence
  /** Refunds owed and not yet made. */
  readonly refundsDue: Pence
  readonly completedOrders: number
  /** The completed orders' card balances. */
  readonly completedTotal: Pence
  readonly refundedOrders: number
  readonly refundedTotal: Pence
}

export interface SettlementRow extends SettlementFigures {
  /** YYYY-MM-DD, London. */
  readonly day: string
  readonly provider: string
}

/** Why an order's payments and status disagree. */
export type DisagreementKind =
  /** Completed with a card balance, but no kept payment covers it. */
  | "CompletedWithoutPayment"
  /** Cancelled, expired or refunded, yet a payment that succeeded has no refund recorded. */
  | "ClosedWithKeptPayment"
  /** Two or more payments succeeded and neither was given back. */
  | "PaidTwice"

export interface Disagreement {
  readonly order: SettlementOrder
  readonly kinds: readonly DisagreementKind[]
}

export interface SettlementReport {
  readonly range: SettlementRange
  /** Listed first on every page of the report: there should be none. */
  readonly disagreements: readonly Disagreement[]
  /** One per London day and provider with anything to show, by day then provider. */
  readonly rows: readonly SettlementRow[]
  readonly totals: SettlementFigures
}

export const noFigures: SettlementFigures = {
  taken: ZERO_PENCE,
  refunded: ZERO_PENCE,
  pendingPayments: ZERO_PENCE,
  refundsDue: ZERO_PENCE,
  completedOrders: 0,
  completedTotal: ZERO_PENCE,
  refundedOrders: 0,
  refundedTotal: ZERO_PENCE,
}

const addFigures = (a: SettlementFigures, b: Partial<SettlementFigures>): SettlementFigures => ({
  taken: pence(a.taken + (b.taken ?? 0)),
  refunded: pence(a.refunded + (b.refunded ?? 0)),
  pendingPayments: pence(a.pendingPayments + (b.pendingPayments ?? 0)),
  refundsDue: pence(a.refundsDue + (b.refundsDue ?? 0)),
  completedOrders: a.completedOrders + (b.completedOrders ?? 0),
  completedTotal: pence(a.completedTotal + (b.completedTotal ?? 0)),
  refundedOrders: a.refundedOrders + (b.refundedOrders ?? 0),
  refundedTotal: pence(a.refundedTotal + (b.refundedTotal ?? 0)),
})

export const sumFigures = (all: readonly SettlementFigures[]): SettlementFigures =>
  all.reduce(addFigures, noFigures)

const within = (at: Date | null, range: SettlementRange): at is Date =>
  at !== null && at >= range.start && at < range.end

const CLOSED: ReadonlySet<OrderStatus> = new Set(["Cancelled", "SystemCancelled", "Refunded"])

/** Facts may come twice (a payment of an order in range that also succeeded in range). */
const uniqueBy = <A>(items: readonly A[], key: (a: A) => string): A[] => [
  ...new Map(items.map((a) => [key(a), a])).values(),
]

/**
 * Why an order's payments and status disagree, if they do (empty: they
 * agree). A payment is kept when it succeeded and no refund, due or made,
 * is recorded for it: the shop holds its money.
 */
export const disagreementsOf = (
  order: SettlementOrder,
  payments: readonly SettlementPayment[],
  refundedPaymentIds: ReadonlySet<string>,
): DisagreementKind[] => {
  const ours = payments.filter((p) => p.orderId === order.id)
  const kept = ours.filter((p) => p.status === "Succeeded" && !refundedPaymentIds.has(p.id))
  const kinds: DisagreementKind[] = []
  if (
    order.status === "Completed" &&
    order.cardBalance > 0 &&
    !kept.some((p) => p.amount >= order.cardBalance)
  )
    kinds.push("CompletedWithoutPayment")
  if (CLOSED.has(order.status) && kept.length > 0) kinds.push("ClosedWithKeptPayment")
  if (kept.length >= 2) kinds.push("PaidTwice")
  return kinds
}

/**
 * Who took an order's money: the provider of its latest payment that
 * succeeded; of two that succeeded at the same instant, the one with the
 * lower id, so the answer never depends on the order facts are read in
 * (docs/decisions/0094).
 */
const providerOf = (payments: readonly SettlementPayment[]): string => {
  let latest: SettlementPayment | undefined
  for (const p of payments) {
    if (p.succeededAt === null) continue
    if (
      latest?.succeededAt == null ||
      p.succeededAt.getTime() > latest.succeededAt.getTime() ||
      (p.succeededAt.getTime() === latest.succeededAt.getTime() && p.id < latest.id)
    )
      latest = p
  }
  return latest?.provider ?? NO_CARD_PROVIDER
}

const HOUR_MS = 3_600_000

/** The UTC hour an instant falls in, as hours since 1970-01-01T00:00Z. */
export const settlementHourOf = (at: Date): number => Math.floor(at.getTime() / HOUR_MS)

/**
 * One UTC hour's figures for one provider. London's offset from UTC is
 * whole hours, so every instant of a UTC hour falls on one London day: a
 * store can add the facts up by hour without knowing London's calendar,
 * and core turns hours into days (docs/decisions/0094).
 */
export interface SettlementHour extends SettlementFigures {
  /** Hours since 1970-01-01T00:00Z (settlementHourOf). */
  readonly hour: number
  readonly provider: string
}

/**
 * What the report is made from when a store adds the facts up itself
 * (SettlementRecords.summary): the range's figures by hour and provider,
 * and the facts of the orders placed in the range that may disagree
 * (every one that does, perhaps more), with all their payments and the
 * refunds of those payments.
 */
export interface SettlementSummary {
  readonly hours: readonly SettlementHour[]
  readonly mayDisagree: SettlementFacts
}

/** The part of a range the summary needs: the instants it spans, [start, end). */
export type SettlementSpan = Pick<SettlementRange, "start" | "end">

/** A page of facts with duplicates dropped, and each order's payments found once. */
const distinctFacts = (facts: SettlementFacts) => {
  const orders = uniqueBy(facts.orders, (o) => o.id)
  const payments = uniqueBy(facts.payments, (p) => p.id)
  const refunds = uniqueBy(facts.refunds, (r) => r.paymentId)
  const refundedPaymentIds = new Set(refunds.map((r) => r.paymentId))
  // Each order's own payments, found once: a month of a large shop is tens
  // of thousands of orders and payments, and searching every payment for
  // every order took half a minute (docs/decisions/0090).
  const paymentsByOrder = new Map<string, SettlementPayment[]>()
  for (const p of payments) {
    const ours = paymentsByOrder.get(p.orderId)
    if (ours === undefined) paymentsByOrder.set(p.orderId, [p])
    else ours.push(p)
  }
  const paymentsOf = (orderId: string) => paymentsByOrder.get(orderId) ?? []
  return { orders, payments, refunds, refundedPaymentIds, paymentsOf }
}

/**
 * The facts added up as a store's summary answers them: the reference
 * every SettlementRecords.summary is held to (test/contracts/settlements.*).
 * Payments count in the hour they succeeded (taken) or were started
 * (pending); refunds in the hour they were made (refunded) or fell due
 * (due); orders in the hour they were placed, under the provider that took
 * their money.
 */
export const summarizeSettlements = (
  facts: SettlementFacts,
  range: SettlementSpan,
): SettlementSummary => {
  const { orders, payments, refunds, refundedPaymentIds, paymentsOf } = distinctFacts(facts)
  const hours = new Map<string, SettlementHour>()
  const add = (at: Date, provider: string, figures: Partial<SettlementFigures>) => {
    const hour = settlementHourOf(at)
    const key = `${hour}\u0000${provider}`
    const row = hours.get(key) ?? { hour, provider, ...noFigures }
    hours.set(key, { hour, provider, ...addFigures(row, figures) })
  }
  const inRange = (at: Date | null): at is Date =>
    at !== null && at >= range.start && at < range.end

  for (const p of payments) {
    const succeeded = p.status === "Succeeded" || p.status === "Refunded"
    if (succeeded && inRange(p.succeededAt)) add(p.succeededAt, p.provider, { taken: p.amount })
    if (p.status === "Pending" && inRange(p.createdAt))
      add(p.createdAt, p.provider, { pendingPayments: p.amount })
  }
  for (const r of refunds) {
    if (r.status === "Refunded" && inRange(r.refundedAt))
      add(r.refundedAt, r.provider, { refunded: r.amount })
    if (r.status === "Due" && inRange(r.dueAt)) add(r.dueAt, r.provider, { refundsDue: r.amount })
  }
  const placed = orders.filter((o) => inRange(o.placedAt))
  for (const o of placed) {
    if (o.status === "Completed")
      add(o.placedAt, providerOf(paymentsOf(o.id)), {
        completedOrders: 1,
        completedTotal: o.cardBalance,
      })
    if (o.status === "Refunded")
      add(o.placedAt, providerOf(paymentsOf(o.id)), {
        refundedOrders: 1,
        refundedTotal: o.cardBalance,
      })
  }
  const disputed = placed.filter(
    (o) => disagreementsOf(o, paymentsOf(o.id), refundedPaymentIds).length > 0,
  )
  const theirPayments = disputed.flatMap((o) => paymentsOf(o.id))
  const theirPaymentIds = new Set(theirPayments.map((p) => p.id))
  return {
    hours: [...hours.values()],
    mayDisagree: {
      orders: disputed,
      payments: theirPayments,
      refunds: refunds.filter((r) => theirPaymentIds.has(r.paymentId)),
    },
  }
}

/**
 * The report over `range` from a summary: hours become London days (once
 * per hour), and the orders that may disagree are judged here, by
 * disagreementsOf, whatever store chose them.
 */
export const settlementReportFromSummary = (
  summary: SettlementSummary,
  range: SettlementRange,
): SettlementReport => {
  const rows = new Map<string, SettlementRow>()
  const daysByHour = new Map<number, string>()
  for (const h of summary.hours) {
    let day = daysByHour.get(h.hour)
    if (day === undefined) {
      day = londonDay(new Date(h.hour * HOUR_MS))
      daysByHour.set(h.hour, day)
    }
    const key = `${day}\u0000${h.provider}`
    const { hour: _hour, provider, ...figures } = h
    const row = rows.get(key) ?? { day, provider, ...noFigures }
    rows.set(key, { day, provider, ...addFigures(row, figures) })
  }
  const { orders, refundedPaymentIds, paymentsOf } = distinctFacts(summary.mayDisagree)
  const disagreements = orders
    .filter((o) => within(o.placedAt, range))
    .map((order) => ({
      order,
      kinds: disagreementsOf(order, paymentsOf(order.id), refundedPaymentIds),
    }))
    .filter((d) => d.kinds.length > 0)
    .sort(
      (a, b) =>
        a.order.placedAt.getTime() - b.order.placedAt.getTime() ||
        a.order.id.localeCompare(b.order.id),
    )
  const sorted = [...rows.values()].sort(
    (a, b) => a.day.localeCompare(b.day) || a.provider.localeCompare(b.provider),
  )
  return { range, disagreements, rows: sorted, totals: sumFigures(sorted) }
}

/**
 * The report over `range`. Payments count on the London day they
 * succeeded (taken) or were started (pending); refunds on the day they
 * were made (refunded) or fell due (due); orders on the day they were
 * placed, under the provider that took their money.
 */
export const settlementReport = (
  facts: SettlementFacts,
  range: SettlementRange,
): SettlementReport => settlementReportFromSummary(summarizeSettlements(facts, range), range)
