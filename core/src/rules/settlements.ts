import type { PaymentStatus } from "../ports/payments.js"
import { UK_TIME_ZONE, zonedParts, zonedTimeToUtc } from "./dates.js"
import { type Pence, pence, ZERO_PENCE } from "./money.js"
import type { OrderStatus } from "./order-status.js"

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

/** Who took an order's money: the provider of its latest payment that succeeded. */
const providerOf = (orderId: string, payments: readonly SettlementPayment[]): string => {
  const paid = payments
    .filter((p) => p.orderId === orderId && p.succeededAt !== null)
    .sort((a, b) => (b.succeededAt?.getTime() ?? 0) - (a.succeededAt?.getTime() ?? 0))
  return paid[0]?.provider ?? NO_CARD_PROVIDER
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
): SettlementReport => {
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

  // London's offset is whole hours, so every instant of one UTC hour falls
  // on one London day: a month's tens of thousands of facts need a few
  // hundred calendar conversions, not one each (docs/decisions/0090).
  const daysByHour = new Map<number, string>()
  const dayOf = (at: Date): string => {
    const hour = Math.floor(at.getTime() / 3_600_000)
    const known = daysByHour.get(hour)
    if (known !== undefined) return known
    const day = londonDay(at)
    daysByHour.set(hour, day)
    return day
  }

  const rows = new Map<string, SettlementRow>()
  const add = (at: Date, provider: string, figures: Partial<SettlementFigures>) => {
    const day = dayOf(at)
    const key = `${day}\u0000${provider}`
    const row = rows.get(key) ?? { day, provider, ...noFigures }
    rows.set(key, { day, provider, ...addFigures(row, figures) })
  }

  for (const p of payments) {
    const succeeded = p.status === "Succeeded" || p.status === "Refunded"
    if (succeeded && within(p.succeededAt, range))
      add(p.succeededAt, p.provider, { taken: p.amount })
    if (p.status === "Pending" && within(p.createdAt, range))
      add(p.createdAt, p.provider, { pendingPayments: p.amount })
  }
  for (const r of refunds) {
    if (r.status === "Refunded" && within(r.refundedAt, range))
      add(r.refundedAt, r.provider, { refunded: r.amount })
    if (r.status === "Due" && within(r.dueAt, range))
      add(r.dueAt, r.provider, { refundsDue: r.amount })
  }
  const placed = orders.filter((o) => within(o.placedAt, range))
  for (const o of placed) {
    if (o.status === "Completed")
      add(o.placedAt, providerOf(o.id, paymentsOf(o.id)), {
        completedOrders: 1,
        completedTotal: o.cardBalance,
      })
    if (o.status === "Refunded")
      add(o.placedAt, providerOf(o.id, paymentsOf(o.id)), {
        refundedOrders: 1,
        refundedTotal: o.cardBalance,
      })
  }

  const disagreements = placed
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
