import { Effect, Exit, Layer } from "effect"
import type { AuditEntry } from "../ports/audit-log.js"
import {
  type CustomerHarmFacts,
  type HarmSignalCustomer,
  HarmSignalFacts,
} from "../ports/harm-signal-facts.js"
import {
  type RecordedResponsiblePlayEvent,
  ResponsiblePlayEvents,
} from "../ports/responsible-play-events.js"
import { Transactions } from "../ports/transactions.js"
import { mayFireHarmSignal, type ReferralRefusal, reviewedKinds } from "../rules/harm-signals.js"
import type { SelfDealingMatch } from "../rules/referral-self-dealing.js"
import { auditLogOver } from "../staff/audit-log-doubles.js"
import { HarmSignals } from "./harm-signals.js"

export interface MemoryHarm {
  customers: HarmSignalCustomer[]
  events: RecordedResponsiblePlayEvent[]
  spends: { customerId: string; at: Date; pence: number }[]
  failedPayments: { customerId: string; at: Date }[]
  /** Referrals refused because the friend matched the referrer (decision 0065). */
  referralRefusals: {
    friendCustomerId: string
    referrerCustomerId: string
    at: Date
    matches: readonly SelfDealingMatch[]
  }[]
  audit: AuditEntry[]
}

export const emptyHarm = (): MemoryHarm => ({
  customers: [],
  events: [],
  spends: [],
  failedPayments: [],
  referralRefusals: [],
  audit: [],
})

/** What makes a customer a candidate from the log: evidence, not a review or a break. */
const EVIDENCE_KINDS: readonly RecordedResponsiblePlayEvent["kind"][] = [
  "SpendLimitReached",
  "SpendLimitChanged",
  "PaymentDeclined",
]

/** An order as harm signals read it, for `addHarmOrder`. */
export interface HarmOrder {
  readonly status: "Pending" | "AwaitingPayment" | "Completed" | "Cancelled" | "SystemCancelled"
  readonly at: Date
  /** The competition lines' totals after discounts. */
  readonly lineTotals: readonly number[]
  /** Its card payment's outcome, if one was tried. */
  readonly payment?: "Succeeded" | "Failed"
}

/**
 * Adds an order's facts as the Postgres adapter reads them from the
 * orders: a completed order with lines is spend (their total, at the
 * order's time); a failed payment is a failed payment whatever the order.
 */
export const addHarmOrder = (state: MemoryHarm, customerId: string, order: HarmOrder) => {
  if (order.status === "Completed" && order.lineTotals.length > 0) {
    const pence = order.lineTotals.reduce((sum, total) => sum + total, 0)
    state.spends.push({ customerId, at: order.at, pence })
  }
  if (order.payment === "Failed") state.failedPayments.push({ customerId, at: order.at })
}

/**
 * The HarmSignalFacts in memory, read the way the Postgres adapter reads
 * them (test/contracts holds both to one contract).
 */
export const harmSignalFactsOver = (state: MemoryHarm) => {
  const since = (at: Date, from: Date) => at.getTime() >= from.getTime()
  const gather = (customer: HarmSignalCustomer, from: Date): CustomerHarmFacts => {
    const mine = state.events
      .filter((e) => e.customerId === customer.customerId && since(e.at, from))
      .sort((a, b) => a.at.getTime() - b.at.getTime())
    const ofKind = (kind: RecordedResponsiblePlayEvent["kind"]) =>
      mine.filter((e) => e.kind === kind)
    const reviews = ofKind("HarmSignalReviewed").map((e) => {
      const d = (e.detail ?? {}) as { note?: unknown; reviewedBy?: unknown }
      return {
        at: e.at,
        signals: reviewedKinds(e.detail),
        note: typeof d.note === "string" ? d.note : "",
        by: typeof d.reviewedBy === "string" ? d.reviewedBy : null,
      }
    })
    return {
      customer,
      reviews,
      facts: {
        limitReached: ofKind("SpendLimitReached").map((e) => e.at),
        limitChanges: ofKind("SpendLimitChanged").map((e) => ({ at: e.at, detail: e.detail })),
        declinedEvents: ofKind("PaymentDeclined").map((e) => e.at),
        failedPayments: state.failedPayments
          .filter((p) => p.customerId === customer.customerId && since(p.at, from))
          .map((p) => p.at),
        spends: state.spends
          .filter((s) => s.customerId === customer.customerId && since(s.at, from))
          .map(({ at, pence }) => ({ at, pence })),
        reviews: reviews.map(({ at, signals }) => ({ at, signals })),
        referralRefusals: state.referralRefusals
          .filter((r) => since(r.at, from))
          .flatMap((r): ReferralRefusal[] => [
            ...(r.friendCustomerId === customer.customerId
              ? [
                  {
                    at: r.at,
                    role: "Friend" as const,
                    matches: r.matches,
                    otherCustomerId: r.referrerCustomerId,
                  },
                ]
              : []),
            ...(r.referrerCustomerId === customer.customerId
              ? [
                  {
                    at: r.at,
                    role: "Referrer" as const,
                    matches: r.matches,
                    otherCustomerId: r.friendCustomerId,
                  },
                ]
              : []),
          ]),
      },
    }
  }
  const candidates = (from: Date) => [
    ...new Set([
      ...state.events
        .filter((e) => EVIDENCE_KINDS.includes(e.kind) && since(e.at, from))
        .map((e) => e.customerId),
      ...state.spends.filter((s) => since(s.at, from)).map((s) => s.customerId),
      ...state.failedPayments.filter((p) => since(p.at, from)).map((p) => p.customerId),
      ...state.referralRefusals
        .filter((r) => since(r.at, from))
        .flatMap((r) => [r.friendCustomerId, r.referrerCustomerId]),
    ]),
  ]
  return Layer.succeed(HarmSignalFacts, {
    candidates: (from) => Effect.sync(() => candidates(from)),
    // Exactly core's predicate over the facts `factsOf` would gather.
    candidatesFor: (filter) =>
      Effect.sync(() =>
        candidates(filter.since).filter((customerId) =>
          mayFireHarmSignal(
            gather({ customerId, name: "", email: "" }, filter.since).facts,
            filter,
          ),
        ),
      ),
    factsOf: (ids, from) =>
      Effect.sync(
        () =>
          new Map(
            state.customers
              .filter((c) => ids.includes(c.customerId))
              .map((c) => [c.customerId, gather(c, from)] as const),
          ),
      ),
  })
}

/**
 * The facts in memory with the responsible-play log they are read from, and
 * a Transactions double that puts events and the audit log back on failure.
 */
export const memoryHarm = (state: MemoryHarm) => {
  const since = (at: Date, from: Date) => at.getTime() >= from.getTime()
  const facts = harmSignalFactsOver(state)
  const events = Layer.succeed(ResponsiblePlayEvents, {
    record: (event) =>
      Effect.sync(() => void state.events.push({ ...event, id: String(state.events.length + 1) })),
    forCustomer: (customerId, from) =>
      Effect.sync(() =>
        state.events.filter((e) => e.customerId === customerId && since(e.at, from)),
      ),
    ofKinds: (kinds, from) =>
      Effect.sync(() => state.events.filter((e) => kinds.includes(e.kind) && since(e.at, from))),
  })
  const transactions = Layer.succeed(Transactions, {
    within: (effect) =>
      Effect.suspend(() => {
        const before = { events: [...state.events], audit: [...state.audit] }
        return Effect.onExit(effect, (exit) =>
          Effect.sync(() => {
            if (Exit.isFailure(exit)) {
              state.events.splice(0, state.events.length, ...before.events)
              state.audit.splice(0, state.audit.length, ...before.audit)
            }
          }),
        )
      }),
  })
  return HarmSignals.Default.pipe(
    Layer.provide(Layer.mergeAll(facts, events, transactions, auditLogOver(state.audit))),
  )
}
