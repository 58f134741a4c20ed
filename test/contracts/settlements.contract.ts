import { type PaymentStatus, SettlementRecords } from "@howzat/core/ports"
import {
  londonDay,
  type OrderStatus,
  type Pence,
  pence,
  settlementRange,
  settlementReport,
  settlementReportFromSummary,
} from "@howzat/core/rules"
import { Effect } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { DAY, HOUR, NOW } from "./competitions.fixtures"
import { type OpenHarness, useHarness } from "./harness"

/** Rows the report reads, written each backend's own way; every seeding answers its id. */
export interface SettlementsSeed {
  readonly order: (order: {
    readonly status: OrderStatus
    readonly cardBalance: Pence
    readonly placedAt: Date
  }) => Promise<string>
  readonly payment: (payment: {
    readonly orderId: string
    readonly provider: string
    readonly amount: Pence
    readonly status: PaymentStatus
    readonly createdAt: Date
    readonly succeededAt: Date | null
  }) => Promise<string>
  /** A refund of the payment: made at `refundedAt`, or still due when that is null. */
  readonly refund: (refund: {
    readonly paymentId: string
    readonly orderId: string
    readonly amount: Pence
    readonly dueAt: Date
    readonly refundedAt: Date | null
  }) => Promise<void>
}

/** Each test reads a window of its own, far from anything else the database holds. */
let lastWindow = 0
const newWindow = () => {
  lastWindow += 10
  return new Date(NOW.getTime() + lastWindow * DAY)
}

/**
 * The settlements report's facts (SettlementRecords, decision 0068): the
 * settled orders placed in a window with all their payments and refunds,
 * and whatever money moved or fell due in it.
 */
export const settlementsContract = (
  name: string,
  open: OpenHarness<SettlementRecords, SettlementsSeed>,
) =>
  describe(name, { timeout: 60_000 }, () => {
    const { run, seed } = useHarness(open)
    const between = (from: Date, to: Date) =>
      run(Effect.flatMap(SettlementRecords, (r) => r.between(from, to)))

    it("answers the window's settled orders, their payments and refunds, and the money moved in it", async () => {
      const start = newWindow()
      const end = new Date(start.getTime() + DAY)
      const inside = new Date(start.getTime() + HOUR)
      const before = new Date(start.getTime() - 3 * DAY)
      const after = end
      const order = (status: OrderStatus, placedAt = inside) =>
        seed().order({ status, cardBalance: pence(1_000), placedAt })
      const payment = (
        orderId: string,
        status: PaymentStatus,
        createdAt: Date,
        succeededAt: Date | null,
      ) =>
        seed().payment({
          orderId,
          provider: "sandbox",
          amount: pence(1_000),
          status,
          createdAt,
          succeededAt,
        })

      const completed = await order("Completed")
      const cancelled = await order("Cancelled")
      const expired = await order("SystemCancelled")
      const refunded = await order("Refunded")
      const awaiting = await order("AwaitingPayment")
      const earlier = await order("Completed", before)
      const later = await order("Completed", after)

      // The order's own payment started the day before the window: still its.
      const paid = await payment(completed, "Succeeded", before, before)
      const givenBack = await payment(refunded, "Refunded", inside, inside)
      await seed().refund({
        paymentId: givenBack,
        orderId: refunded,
        amount: pence(1_000),
        dueAt: before,
        refundedAt: after,
      })
      // An older order's money moved in the window: in by when it moved.
      const succeededInside = await payment(earlier, "Succeeded", before, inside)
      const pendingInside = await payment(awaiting, "Pending", inside, null)
      const refundedLater = await payment(earlier, "Refunded", before, before)
      await seed().refund({
        paymentId: refundedLater,
        orderId: earlier,
        amount: pence(1_000),
        dueAt: before,
        refundedAt: inside,
      })
      const dueInside = await payment(later, "Succeeded", after, after)
      await seed().refund({
        paymentId: dueInside,
        orderId: later,
        amount: pence(1_000),
        dueAt: inside,
        refundedAt: null,
      })
      // Nothing of these is in the window.
      await payment(earlier, "Failed", before, null)
      await payment(later, "Succeeded", after, after)

      const facts = await between(start, end)
      expect(facts.orders.map((o) => o.id).sort()).toEqual(
        [completed, cancelled, expired, refunded].sort(),
      )
      expect(new Set(facts.payments.map((p) => p.id))).toEqual(
        // refundedLater's refund is in the window, the payment itself is not.
        new Set([paid, givenBack, succeededInside, pendingInside]),
      )
      expect(new Set(facts.refunds.map((r) => r.paymentId))).toEqual(
        new Set([givenBack, refundedLater, dueInside]),
      )
      expect(facts.orders.find((o) => o.id === refunded)).toMatchObject({
        status: "Refunded",
        cardBalance: 1_000,
        placedAt: inside,
      })
      expect(typeof facts.orders[0]?.orderRef).toBe("string")
      expect(facts.payments.find((p) => p.id === paid)).toEqual({
        id: paid,
        orderId: completed,
        provider: "sandbox",
        amount: 1_000,
        status: "Succeeded",
        createdAt: before,
        succeededAt: before,
      })
      expect(facts.payments.find((p) => p.id === pendingInside)?.succeededAt).toBeNull()
      expect(facts.refunds.find((r) => r.paymentId === refundedLater)).toEqual({
        paymentId: refundedLater,
        orderId: earlier,
        provider: "sandbox",
        amount: 1_000,
        status: "Refunded",
        dueAt: before,
        refundedAt: inside,
      })
      expect(facts.refunds.find((r) => r.paymentId === dueInside)).toMatchObject({
        status: "Due",
        refundedAt: null,
      })
    })

    it("answers nothing for a window nothing happened in", async () => {
      const start = newWindow()
      expect(await between(start, new Date(start.getTime() + DAY))).toEqual({
        orders: [],
        payments: [],
        refunds: [],
      })
    })

    it("includes the window's first instant and leaves out its end", async () => {
      const start = newWindow()
      const end = new Date(start.getTime() + DAY)
      const first = await seed().order({
        status: "Completed",
        cardBalance: pence(0),
        placedAt: start,
      })
      await seed().order({ status: "Completed", cardBalance: pence(0), placedAt: end })
      expect((await between(start, end)).orders.map((o) => o.id)).toEqual([first])
    })

    // The store adds the facts up itself (docs/decisions/0094): the report
    // made from its summary is the report made from the facts, whatever
    // they are, ties of instants and orders that disagree included.
    it("answers a summary the report reads as it reads the facts", async () => {
      const first = newWindow()
      const read = settlementRange(
        { from: londonDay(first), to: londonDay(new Date(first.getTime() + DAY)) },
        NOW,
      )
      if (!read.ok) throw new Error(read.message)
      const { range } = read
      // Whole and half hours from a day before the range to a day after it:
      // instants repeat, so payments succeed at the same moment.
      const instant = fc
        .integer({ min: -48, max: 2 * 48 + 48 })
        .map((half) => new Date(range.start.getTime() - DAY + (half * HOUR) / 2))
      // Mostly inside the range, and payments often succeeding at one of a
      // few instants, so orders disagree and payments tie.
      const inside = fc
        .integer({ min: 0, max: 2 * 48 - 1 })
        .map((half) => new Date(range.start.getTime() + (half * HOUR) / 2))
      const placedAt = fc.oneof({ arbitrary: inside, weight: 3 }, { arbitrary: instant, weight: 1 })
      const tied = fc.constantFrom(1, 2, 3).map((h) => new Date(range.start.getTime() + h * HOUR))
      const succeededAt = fc.oneof(tied, instant)
      const payment = fc.record({
        provider: fc.constantFrom("sandbox", "stripe"),
        amount: fc.constantFrom(500, 1_000),
        status: fc.constantFrom<PaymentStatus>(
          "Pending",
          "Succeeded",
          "Succeeded",
          "Succeeded",
          "Failed",
          "Refunded",
        ),
        createdAt: instant,
        succeededAt,
        // A refund for one payment in three, so some succeeded payments are kept.
        refund: fc.oneof(
          { arbitrary: fc.constant(undefined), weight: 2 },
          { arbitrary: fc.record({ dueAt: instant, refundedAt: fc.option(instant) }), weight: 1 },
        ),
      })
      const order = fc.record({
        status: fc.constantFrom<OrderStatus>(
          "Completed",
          "Completed",
          "Cancelled",
          "SystemCancelled",
          "Refunded",
          "AwaitingPayment",
        ),
        cardBalance: fc.constantFrom(0, 500, 1_000),
        placedAt,
        payments: fc.array(payment, { maxLength: 3 }),
      })
      const kinds = new Set<string>()
      await fc.assert(
        fc.asyncProperty(fc.array(order, { minLength: 1, maxLength: 6 }), async (orders) => {
          for (const o of orders) {
            const orderId = await seed().order({
              status: o.status,
              cardBalance: pence(o.cardBalance),
              placedAt: o.placedAt,
            })
            for (const p of o.payments) {
              const settled = p.status === "Succeeded" || p.status === "Refunded"
              const paymentId = await seed().payment({
                orderId,
                provider: p.provider,
                amount: pence(p.amount),
                status: p.status,
                createdAt: p.createdAt,
                succeededAt: settled ? p.succeededAt : null,
              })
              if (settled && p.refund !== undefined)
                await seed().refund({
                  paymentId,
                  orderId,
                  amount: pence(p.amount),
                  dueAt: p.refund.dueAt,
                  refundedAt: p.refund.refundedAt,
                })
            }
          }
          const facts = await between(range.start, range.end)
          const summary = await run(
            Effect.flatMap(SettlementRecords, (r) => r.summary(range.start, range.end)),
          )
          const fromFacts = settlementReport(facts, range)
          for (const d of fromFacts.disagreements) for (const kind of d.kinds) kinds.add(kind)
          expect(settlementReportFromSummary(summary, range)).toEqual(fromFacts)
        }),
        { numRuns: 25 },
      )
      // Every kind of disagreement arose among the cases tried.
      expect([...kinds].sort()).toEqual([
        "ClosedWithKeptPayment",
        "CompletedWithoutPayment",
        "PaidTwice",
      ])
    })
  })
