import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { arbitraryPence } from "../testing/arbitraries/money.js"
import { type Pence, pence } from "./money.js"
import type { OrderStatus } from "./order-status.js"
import type { PaymentStatus } from "./payment-status.js"
import {
  disagreementsOf,
  londonDay,
  NO_CARD_PROVIDER,
  type SettlementFacts,
  type SettlementOrder,
  type SettlementPayment,
  type SettlementRange,
  type SettlementRefund,
  settlementRange,
  settlementReport,
  sumFigures,
} from "./settlements.js"

const NOW = new Date("2026-11-29T10:00:00Z")

const rangeOf = (from: string, to: string): SettlementRange => {
  const read = settlementRange({ from, to }, NOW)
  if (!read.ok) throw new Error(read.message)
  return read.range
}

const order = (fields: Partial<SettlementOrder> & { readonly id: string }): SettlementOrder => ({
  orderRef: `REF-${fields.id}`,
  status: "Completed",
  cardBalance: pence(1_000),
  placedAt: new Date("2026-06-10T12:00:00Z"),
  ...fields,
})
const payment = (
  fields: Partial<SettlementPayment> & { readonly id: string; readonly orderId: string },
): SettlementPayment => ({
  provider: "sandbox",
  amount: pence(1_000),
  status: "Succeeded",
  createdAt: new Date("2026-06-10T12:00:00Z"),
  succeededAt: new Date("2026-06-10T12:01:00Z"),
  ...fields,
})
const refund = (
  fields: Partial<SettlementRefund> & { readonly paymentId: string; readonly orderId: string },
): SettlementRefund => ({
  provider: "sandbox",
  amount: pence(1_000),
  status: "Refunded",
  dueAt: new Date("2026-06-11T09:00:00Z"),
  refundedAt: new Date("2026-06-11T09:05:00Z"),
  ...fields,
})

describe("the settlements range", () => {
  it("defaults to today and the 29 London days before it", () => {
    const read = settlementRange({}, NOW)
    expect(read).toMatchObject({ ok: true, range: { from: "2026-10-31", to: "2026-11-29" } })
  })

  it("spans London midnights, an hour off UTC in summer", () => {
    expect(rangeOf("2026-06-01", "2026-06-30")).toEqual({
      from: "2026-06-01",
      to: "2026-06-30",
      start: new Date("2026-05-31T23:00:00Z"),
      end: new Date("2026-06-30T23:00:00Z"),
    })
    // Across the October clock change the range's end is midnight GMT.
    expect(rangeOf("2026-10-20", "2026-10-26").end).toEqual(new Date("2026-10-27T00:00:00Z"))
  })

  it("takes a missing `from` as 29 days before `to`", () => {
    expect(settlementRange({ to: "2026-03-01" }, NOW)).toMatchObject({
      ok: true,
      range: { from: "2026-01-31", to: "2026-03-01" },
    })
  })

  it("refuses what is no date, a backwards range and one over 366 days, saying why", () => {
    const message = (from?: string, to?: string) => {
      const read = settlementRange({ from, to }, NOW)
      return read.ok ? null : read.message
    }
    expect(message("yesterday")).toMatch(/'from' must be a date as YYYY-MM-DD/)
    expect(message(undefined, "2026-02-30")).toMatch(/'to' must be a date/)
    expect(message("2026-13-01", "2026-12-01")).toMatch(/'from' must be a date/)
    expect(message("2026-11-02", "2026-11-01")).toMatch(/on or before/)
    expect(message("2025-01-01", "2026-01-01")).toBeNull()
    expect(message("2025-01-01", "2026-01-02")).toMatch(/at most 366 days/)
    expect(message("2024-01-01", "2024-12-31")).toBeNull()
    expect(message("2026-11-01", "2026-11-01")).toBeNull()
  })
})

describe("the settlements report", () => {
  it("counts taken, refunded and pending money and the day's orders, per London day and provider", () => {
    const facts: SettlementFacts = {
      orders: [
        order({ id: "paid" }),
        order({ id: "given-back", status: "Refunded", cardBalance: pence(500) }),
        order({ id: "waiting", status: "AwaitingPayment", cardBalance: pence(700) }),
        order({ id: "by-credit", cardBalance: pence(0) }),
      ],
      payments: [
        payment({ id: "p1", orderId: "paid" }),
        payment({ id: "p2", orderId: "given-back", amount: pence(500), status: "Refunded" }),
        payment({
          id: "p3",
          orderId: "waiting",
          provider: "stripe",
          amount: pence(700),
          status: "Pending",
          succeededAt: null,
        }),
      ],
      refunds: [refund({ paymentId: "p2", orderId: "given-back", amount: pence(500) })],
    }
    const report = settlementReport(facts, rangeOf("2026-06-01", "2026-06-30"))
    expect(report.disagreements).toEqual([])
    expect(report.rows).toEqual([
      {
        day: "2026-06-10",
        provider: NO_CARD_PROVIDER,
        ...sumFigures([]),
        completedOrders: 1,
      },
      {
        day: "2026-06-10",
        provider: "sandbox",
        taken: 1_500,
        refunded: 0,
        pendingPayments: 0,
        refundsDue: 0,
        completedOrders: 1,
        completedTotal: 1_000,
        refundedOrders: 1,
        refundedTotal: 500,
      },
      { day: "2026-06-10", provider: "stripe", ...sumFigures([]), pendingPayments: 700 },
      { day: "2026-06-11", provider: "sandbox", ...sumFigures([]), refunded: 500 },
    ])
    expect(report.totals).toMatchObject({ taken: 1_500, refunded: 500, completedOrders: 2 })
  })

  it("puts a payment at 23:30 UTC on a summer day on the next London day", () => {
    const late = new Date("2026-06-10T23:30:00Z")
    expect(londonDay(late)).toBe("2026-06-11")
    const report = settlementReport(
      {
        orders: [],
        payments: [payment({ id: "p", orderId: "o", succeededAt: late })],
        refunds: [refund({ paymentId: "q", orderId: "o", status: "Due", refundedAt: null })],
      },
      rangeOf("2026-06-11", "2026-06-11"),
    )
    expect(report.rows.map((r) => [r.day, r.taken, r.refundsDue])).toEqual([
      ["2026-06-11", 1_000, 1_000],
    ])
  })

  it("lists an order whose payments and status disagree, first by when it was placed", () => {
    const facts: SettlementFacts = {
      orders: [
        order({ id: "unpaid", placedAt: new Date("2026-06-12T10:00:00Z") }),
        order({ id: "cancelled-kept", status: "Cancelled" }),
        order({ id: "twice", placedAt: new Date("2026-06-11T10:00:00Z") }),
        order({ id: "fine" }),
      ],
      payments: [
        payment({ id: "k", orderId: "cancelled-kept" }),
        payment({ id: "t1", orderId: "twice" }),
        payment({ id: "t2", orderId: "twice" }),
        payment({ id: "f", orderId: "fine" }),
        payment({ id: "short", orderId: "unpaid", amount: pence(999) }),
      ],
      refunds: [],
    }
    const report = settlementReport(facts, rangeOf("2026-06-01", "2026-06-30"))
    expect(report.disagreements.map((d) => [d.order.id, d.kinds])).toEqual([
      ["cancelled-kept", ["ClosedWithKeptPayment"]],
      ["twice", ["PaidTwice"]],
      ["unpaid", ["CompletedWithoutPayment"]],
    ])
  })

  it("counts a fact once, however often the facts hold it", () => {
    const p = payment({ id: "p", orderId: "o" })
    const report = settlementReport(
      { orders: [order({ id: "o" }), order({ id: "o" })], payments: [p, p], refunds: [] },
      rangeOf("2026-06-10", "2026-06-10"),
    )
    expect(report.totals).toMatchObject({ taken: 1_000, completedOrders: 1 })
    expect(report.disagreements).toEqual([])
  })
})

const DAY = 86_400_000
const JUNE = new Date("2026-06-01T00:00:00Z").getTime()
const arbitraryInstant = fc.integer({ min: 0, max: 20 * DAY }).map((ms) => new Date(JUNE + ms))

/** A shop's worth of facts over 20 days of June, with orders, payments and refunds mixed up. */
const arbitraryFacts: fc.Arbitrary<SettlementFacts> = fc
  .array(
    fc.record({
      status: fc.constantFrom<OrderStatus>(
        "Completed",
        "Completed",
        "Refunded",
        "Cancelled",
        "SystemCancelled",
        "AwaitingPayment",
      ),
      cardBalance: fc.oneof(fc.constant(pence(0)), arbitraryPence({ min: 1, max: 5_000 })),
      placedAt: arbitraryInstant,
      payments: fc.array(
        fc.record({
          provider: fc.constantFrom("sandbox", "stripe"),
          amount: arbitraryPence({ min: 1, max: 5_000 }),
          status: fc.constantFrom<PaymentStatus>("Pending", "Succeeded", "Failed", "Refunded"),
          createdAt: arbitraryInstant,
          succeededAt: arbitraryInstant,
          refund: fc.option(
            fc.record({
              made: fc.boolean(),
              dueAt: arbitraryInstant,
              refundedAt: arbitraryInstant,
            }),
          ),
        }),
        { maxLength: 3 },
      ),
    }),
    { maxLength: 8 },
  )
  .map((orders) => {
    const facts = {
      orders: [] as SettlementOrder[],
      payments: [] as SettlementPayment[],
      refunds: [] as SettlementRefund[],
    }
    orders.forEach((o, i) => {
      const id = `o${i}`
      facts.orders.push({
        id,
        orderRef: id,
        status: o.status,
        cardBalance: o.cardBalance,
        placedAt: o.placedAt,
      })
      o.payments.forEach((p, j) => {
        const paymentId = `${id}-p${j}`
        const succeeded = p.status === "Succeeded" || p.status === "Refunded"
        facts.payments.push({
          id: paymentId,
          orderId: id,
          provider: p.provider,
          amount: p.amount,
          status: p.status,
          createdAt: p.createdAt,
          succeededAt: succeeded ? p.succeededAt : null,
        })
        if (p.refund && succeeded)
          facts.refunds.push({
            paymentId,
            orderId: id,
            provider: p.provider,
            amount: p.amount,
            status: p.refund.made ? "Refunded" : "Due",
            dueAt: p.refund.dueAt,
            refundedAt: p.refund.made ? p.refund.refundedAt : null,
          })
      })
    })
    return facts
  })

const dayOf = (n: number) => new Date(JUNE + n * DAY).toISOString().slice(0, 10)

describe("the settlements report at a large shop's size", () => {
  it("reports a month of 20,000 orders, each under its own payment's provider and London day", () => {
    // Each order's payments are found once (not by searching all of them per
    // order), and days by the hour: the figures must be what one by one gives.
    const count = 20_000
    const start = new Date("2026-06-01T00:30:00Z").getTime()
    const orders: SettlementOrder[] = []
    const payments: SettlementPayment[] = []
    for (let i = 0; i < count; i++) {
      const placedAt = new Date(start + i * 127_000)
      const provider = i % 3 === 0 ? "stripe" : "sandbox"
      orders.push(order({ id: `o${i}`, placedAt, cardBalance: pence(100 + (i % 7)) }))
      payments.push(
        payment({
          id: `p${i}`,
          orderId: `o${i}`,
          provider,
          amount: pence(100 + (i % 7)),
          createdAt: placedAt,
          succeededAt: placedAt,
        }),
      )
    }
    const range = rangeOf("2026-06-01", "2026-06-30")
    const report = settlementReport({ orders, payments, refunds: [] }, range)
    // 20,000 orders 127 s apart: all of them inside June.
    const inRange = orders
    const expected = inRange.reduce((sum, o) => sum + o.cardBalance, 0)
    expect(report.totals.completedOrders).toBe(inRange.length)
    expect(report.totals.completedTotal).toBe(expected)
    expect(report.totals.taken).toBe(expected)
    expect(report.disagreements).toEqual([])
    const perRow = new Map<string, number>()
    inRange.forEach((o, i) => {
      const key = `${londonDay(o.placedAt)} ${i % 3 === 0 ? "stripe" : "sandbox"}`
      perRow.set(key, (perRow.get(key) ?? 0) + 1)
    })
    expect(
      new Map(report.rows.map((row) => [`${row.day} ${row.provider}`, row.completedOrders])),
    ).toEqual(perRow)
  })
})

describe("the settlements report's properties", () => {
  it("adds up: the rows sum to the total, and two ranges side by side to the range they make", () => {
    fc.assert(
      fc.property(
        arbitraryFacts,
        fc.integer({ min: 0, max: 21 }),
        fc.integer({ min: 0, max: 21 }),
        fc.integer({ min: 0, max: 21 }),
        (facts, a, b, c) => {
          const [from, mid, to] = [a, b, c].sort((x, y) => x - y) as [number, number, number]
          const whole = settlementReport(facts, rangeOf(dayOf(from), dayOf(to + 1)))
          expect(sumFigures(whole.rows)).toEqual(whole.totals)
          const first = settlementReport(facts, rangeOf(dayOf(from), dayOf(mid)))
          const second = settlementReport(facts, rangeOf(dayOf(mid + 1), dayOf(to + 1)))
          expect(sumFigures([first.totals, second.totals])).toEqual(whole.totals)
          // Every day of a row lies in its range, each day and provider once.
          const keys = whole.rows.map((r) => `${r.day} ${r.provider}`)
          expect(new Set(keys).size).toBe(keys.length)
          for (const r of whole.rows) {
            expect(r.day >= dayOf(from) && r.day <= dayOf(to + 1)).toBe(true)
          }
        },
      ),
    )
  })

  it("counts every payment that succeeded in the range as taken, once", () => {
    fc.assert(
      fc.property(arbitraryFacts, (facts) => {
        const range = rangeOf(dayOf(0), dayOf(21))
        const taken = facts.payments
          .filter((p) => p.succeededAt !== null)
          .reduce((sum, p) => sum + p.amount, 0)
        expect(settlementReport(facts, range).totals.taken).toBe(taken)
      }),
    )
  })

  it("lists an order iff the money it holds is not what its status says it should hold", () => {
    fc.assert(
      fc.property(arbitraryFacts, (facts) => {
        const report = settlementReport(facts, rangeOf(dayOf(0), dayOf(21)))
        const listed = new Set(report.disagreements.map((d) => d.order.id))
        const refunded = new Set(facts.refunds.map((r) => r.paymentId))
        for (const o of facts.orders) {
          const kept: Pence[] = facts.payments
            .filter((p) => p.orderId === o.id && p.status === "Succeeded" && !refunded.has(p.id))
            .map((p) => p.amount)
          const holdsRight =
            o.status === "Completed"
              ? kept.length <= 1 && (o.cardBalance === 0 || kept.some((a) => a >= o.cardBalance))
              : o.status === "Cancelled" ||
                  o.status === "SystemCancelled" ||
                  o.status === "Refunded"
                ? kept.length === 0
                : kept.length <= 1
          expect(listed.has(o.id)).toBe(!holdsRight)
          expect(disagreementsOf(o, facts.payments, refunded).length > 0).toBe(!holdsRight)
        }
        // Listed in the order they were placed.
        const times = report.disagreements.map((d) => d.order.placedAt.getTime())
        expect(times).toEqual([...times].sort((x, y) => x - y))
      }),
    )
  })
})
