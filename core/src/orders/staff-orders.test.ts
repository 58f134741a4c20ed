import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, TestContext } from "effect"
import fc from "fast-check"
import { pence } from "../rules/money.js"
import type { RefundCompetition } from "../rules/refunds.js"
import {
  ANN,
  awaitingOrder,
  emptyPaymentStore,
  notificationFor,
  orderStatusOf,
  PAYMENTS_NOW,
  type PaymentStore,
} from "./payment-doubles.js"
import { Payments } from "./payments.js"
import { siteCreditBalanceOf } from "./site-credit-doubles.js"
import {
  emptyRefundStore,
  paidOrder,
  type RefundStore,
  runStaffOrders,
  STAFF,
} from "./staff-order-doubles.js"
import { StaffOrders } from "./staff-orders.js"

const DAY = 86_400_000
const open = (competitionId: string): RefundCompetition => ({
  competitionId,
  name: `Open ${competitionId}`,
  closesAt: new Date(PAYMENTS_NOW + DAY),
  drawn: false,
})
const drawn = (competitionId: string): RefundCompetition => ({
  competitionId,
  name: `Drawn ${competitionId}`,
  closesAt: new Date(PAYMENTS_NOW - 2 * DAY),
  drawn: true,
})
const awaitingDraw = (competitionId: string): RefundCompetition => ({
  competitionId,
  name: "Signed Ashes Stumps",
  closesAt: new Date(PAYMENTS_NOW - 1000),
  drawn: false,
})

const setUp = () => ({ store: emptyPaymentStore(), refunds: emptyRefundStore() })

const refund = (store: PaymentStore, refunds: RefundStore, orderId: string, principal = STAFF) =>
  runStaffOrders(
    store,
    refunds,
    Effect.flatMap(StaffOrders, (staff) => Effect.either(staff.refund(principal, orderId))),
  )

describe("a staff refund of a paid order", () => {
  it.effect("gives the card payment back through the provider, audited, once", () =>
    Effect.gen(function* () {
      const { store, refunds } = setUp()
      // Two tickets in the open competition, one in the drawn one.
      const line = (competitionId: string, ticketNumbers: number[]) => ({
        competitionId,
        competitionName: competitionId,
        quantity: ticketNumbers.length,
        price: pence(500),
        preDiscountTotal: pence(500 * ticketNumbers.length),
        lineTotal: pence(500 * ticketNumbers.length),
        ticketNumbers,
      })
      const lines = [line("c1", [3, 9]), line("c2", [4])]
      const order = paidOrder(store, awaitingOrder({ lines }), { amount: 1000 })
      refunds.competitions.set(order.id, [open("c1"), drawn("c2")])

      const first = yield* refund(store, refunds, order.id)
      expect(Either.isRight(first) && first.right.order.status).toBe("Refunded")
      expect(store.refunds).toMatchObject([
        {
          paymentId: `payment-${order.id}`,
          amount: 1000,
          reason: "StaffRefund",
          status: "Refunded",
        },
      ])
      expect(store.providerRefunds).toMatchObject([{ amount: 1000 }])
      // Back on sale where the competition is open; a drawn competition's entries stay.
      expect(refunds.returned.get(order.id)).toEqual(["c1"])
      expect(store.orders.get(order.id)?.lines.map((l) => l.ticketNumbers)).toEqual([[], [4]])
      expect(refunds.audit).toMatchObject([
        {
          actor: { userId: STAFF.userId, role: "Staff" },
          action: "Order.Refund",
          subject: { type: "Order", id: order.id },
          before: { status: "Completed" },
          after: {
            status: "Refunded",
            cardRefunded: 1000,
            siteCreditReturned: 0,
            ticketsReturned: 2,
          },
        },
      ])

      const second = yield* refund(store, refunds, order.id)
      expect(Either.isRight(second) && second.right.order.status).toBe("Refunded")
      expect(store.refunds).toHaveLength(1)
      expect(store.providerRefunds).toHaveLength(1)
      expect(refunds.audit).toHaveLength(1)
    }),
  )

  it.effect("returns the site credit to the ledger and reverses the club's credit", () =>
    Effect.gen(function* () {
      const { store, refunds } = setUp()
      const order = paidOrder(
        store,
        awaitingOrder({ orderTotal: pence(1000), siteCreditDebit: pence(400) }),
        { amount: 600 },
      )
      store.clubCredits.set(`club-yorkshire/${order.id}`, pence(100))
      const before = siteCreditBalanceOf(store, ANN.customerId ?? "")
      const result = yield* refund(store, refunds, order.id)
      expect(Either.isRight(result) && result.right.siteCreditReturned).toBe(400)
      expect(siteCreditBalanceOf(store, ANN.customerId ?? "")).toBe(before + 400)
      expect(store.clubCredits.get(`club-yorkshire/${order.id}/reversal`)).toBe(-100)
      expect(refunds.audit[0]?.after).toMatchObject({
        cardRefunded: 600,
        siteCreditReturned: 400,
        clubCreditReversed: 100,
      })
    }),
  )

  it.effect("keeps the prize and refuses the refund of an order that won, changing nothing", () =>
    Effect.gen(function* () {
      const { store, refunds } = setUp()
      const order = paidOrder(store, awaitingOrder(), { amount: 1000 })
      refunds.competitions.set(order.id, [open("c1")])
      refunds.winning.set(order.id, [{ competitionId: "c1", ticketNumber: 7, prize: "InstantWin" }])
      const result = yield* refund(store, refunds, order.id)
      expect(Either.isLeft(result) && result.left).toMatchObject({
        _tag: "OrderWon",
        ticketNumber: 7,
      })
      expect(orderStatusOf(store, order.id)).toBe("Completed")
      expect([store.refunds, store.providerRefunds, refunds.audit]).toEqual([[], [], []])
      expect(refunds.returned.size).toBe(0)
    }),
  )

  it.effect("waits for the draw of a competition that has closed, changing nothing", () =>
    Effect.gen(function* () {
      const { store, refunds } = setUp()
      const order = paidOrder(store, awaitingOrder(), { amount: 1000 })
      refunds.competitions.set(order.id, [open("c1"), awaitingDraw("c2")])
      const result = yield* refund(store, refunds, order.id)
      expect(Either.isLeft(result) && result.left).toMatchObject({
        _tag: "RefundMustWaitForDraw",
        competitionName: "Signed Ashes Stumps",
      })
      expect(orderStatusOf(store, order.id)).toBe("Completed")
      expect(refunds.returned.size).toBe(0)
      expect(store.refunds).toEqual([])
    }),
  )

  it.effect("keeps the order refunded when the provider reports the payment again", () =>
    Effect.gen(function* () {
      const { store, refunds } = setUp()
      const order = paidOrder(store, awaitingOrder(), { amount: 1000 })
      // The provider is away: the card refund stays due and the payment still Succeeded.
      store.gatewayDown = true
      yield* refund(store, refunds, order.id)
      store.gatewayDown = false
      // Another event about the same successful payment, after the refund.
      const [body, headers] = notificationFor(`intent-${order.id}`, "evt-late", {
        status: "Succeeded",
      })
      const verdict = yield* runStaffOrders(
        store,
        refunds,
        Effect.flatMap(Payments, (payments) => payments.handleNotification(body, headers)),
      )
      expect(verdict).toBe("Accepted")
      expect(orderStatusOf(store, order.id)).toBe("Refunded")
      // Still the one refund, owed once.
      expect(store.refunds).toMatchObject([{ reason: "StaffRefund", amount: 1000 }])
    }),
  )

  it.effect("refuses an order that was never paid", () =>
    Effect.gen(function* () {
      const { store, refunds } = setUp()
      const order = awaitingOrder()
      store.orders.set(order.id, order)
      const result = yield* refund(store, refunds, order.id)
      expect(Either.isLeft(result) && result.left._tag).toBe("OrderTransitionRefused")
      expect(orderStatusOf(store, order.id)).toBe("AwaitingPayment")
    }),
  )

  it.effect("is staff's only: the customer who paid is NotStaff", () =>
    Effect.gen(function* () {
      const { store, refunds } = setUp()
      const order = paidOrder(store, awaitingOrder(), { amount: 1000 })
      const result = yield* refund(store, refunds, order.id, ANN)
      expect(Either.isLeft(result) && result.left._tag).toBe("NotStaff")
      expect(orderStatusOf(store, order.id)).toBe("Completed")
    }),
  )

  it.effect("leaves the card refund due when the provider cannot be reached", () =>
    Effect.gen(function* () {
      const { store, refunds } = setUp()
      const order = paidOrder(store, awaitingOrder(), { amount: 1000 })
      store.gatewayDown = true
      const result = yield* refund(store, refunds, order.id)
      expect(Either.isRight(result) && result.right.order.status).toBe("Refunded")
      expect(store.refunds).toMatchObject([{ status: "Due", attempts: 1, reason: "StaffRefund" }])
    }),
  )

  it.effect("gives back exactly what the order took, by card and credit (property)", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 1_000_000 }),
          fc.integer({ min: 0, max: 100 }),
          fc.boolean(),
          async (total, creditShare, twice) => {
            const { store, refunds } = setUp()
            const credit = Math.floor((total * creditShare) / 100)
            const order = paidOrder(
              store,
              awaitingOrder({ orderTotal: pence(total), siteCreditDebit: pence(credit) }),
              { amount: total - credit },
            )
            const customerId = ANN.customerId ?? ""
            const heldBefore = siteCreditBalanceOf(store, customerId) + credit
            await Effect.runPromise(
              Effect.gen(function* () {
                yield* refund(store, refunds, order.id)
                if (twice) yield* refund(store, refunds, order.id)
              }).pipe(Effect.provide(TestContext.TestContext)),
            )
            const toCard = store.providerRefunds.reduce((sum, r) => sum + r.amount, 0)
            expect(toCard).toBe(total - credit)
            expect(siteCreditBalanceOf(store, customerId)).toBe(heldBefore)
            expect(toCard + (siteCreditBalanceOf(store, customerId) - (heldBefore - credit))).toBe(
              total,
            )
          },
        ),
        { numRuns: 60 },
      ),
    ),
  )
})

describe("a staff cancel", () => {
  it.effect("cancels any customer's unpaid order, audited; a paid one is refused", () =>
    Effect.gen(function* () {
      const { store, refunds } = setUp()
      const unpaid = awaitingOrder()
      store.orders.set(unpaid.id, unpaid)
      const paid = paidOrder(store, awaitingOrder(), { amount: 500 })
      const [cancelled, refused] = yield* runStaffOrders(
        store,
        refunds,
        Effect.flatMap(StaffOrders, (staff) =>
          Effect.all([
            Effect.either(staff.cancel(STAFF, unpaid.id)),
            Effect.either(staff.cancel(STAFF, paid.id)),
          ]),
        ),
      )
      expect(Either.isRight(cancelled) && cancelled.right.order.status).toBe("Cancelled")
      expect(Either.isLeft(refused) && refused.left._tag).toBe("OrderTransitionRefused")
      expect(refunds.audit).toMatchObject([
        {
          action: "Order.Cancel",
          before: { status: "AwaitingPayment" },
          after: { status: "Cancelled" },
        },
      ])
    }),
  )

  it.effect("is staff's only", () =>
    Effect.gen(function* () {
      const { store, refunds } = setUp()
      const unpaid = awaitingOrder()
      store.orders.set(unpaid.id, unpaid)
      const result = yield* runStaffOrders(
        store,
        refunds,
        Effect.flatMap(StaffOrders, (staff) => Effect.either(staff.cancel(ANN, unpaid.id))),
      )
      expect(Either.isLeft(result) && result.left._tag).toBe("NotStaff")
      expect(orderStatusOf(store, unpaid.id)).toBe("AwaitingPayment")
    }),
  )
})

describe("a staff refund of an order that bought site credit", () => {
  /** £5.00 of credit bought by card, paid, and on the ledger. */
  const creditBought = (store: PaymentStore) => {
    const order = paidOrder(
      store,
      awaitingOrder({
        itemTotal: pence(0),
        orderTotal: pence(500),
        creditItems: [{ description: "Howzat Credit", lineTotal: pence(500) }],
      }),
      { amount: 500 },
    )
    store.ledger.push({
      customerId: order.customerId,
      orderId: order.id,
      amount: pence(500),
      reason: "Purchase",
    })
    return order
  }

  it.effect("takes the credit back off the ledger with the card money, once", () =>
    Effect.gen(function* () {
      const { store, refunds } = setUp()
      const order = creditBought(store)
      const first = yield* refund(store, refunds, order.id)
      const again = yield* refund(store, refunds, order.id)
      expect(Either.isRight(first) && first.right.order.status).toBe("Refunded")
      expect(Either.isRight(again)).toBe(true)
      expect(store.providerRefunds).toMatchObject([{ amount: 500 }])
      expect(store.ledger.filter((e) => e.reason === "PurchaseReversal")).toMatchObject([
        { orderId: order.id, amount: -500 },
      ])
      expect(siteCreditBalanceOf(store, ANN.customerId!)).toBe(0)
      expect(refunds.audit).toMatchObject([
        { action: "Order.Refund", after: { status: "Refunded", purchasedCreditTakenBack: 500 } },
      ])
    }),
  )

  it.effect("is refused when the customer has spent some of it, and changes nothing", () =>
    Effect.gen(function* () {
      const { store, refunds } = setUp()
      const order = creditBought(store)
      // £2.00 of it spent on tickets since.
      store.ledger.push({
        customerId: order.customerId,
        orderId: "order-spent",
        amount: pence(-200),
        reason: "OrderDebit",
      })
      const before = structuredClone(store.ledger)
      const refused = yield* refund(store, refunds, order.id)
      expect(Either.isLeft(refused) && refused.left).toMatchObject({
        _tag: "PurchasedSiteCreditSpent",
        orderId: order.id,
        balance: 300,
        bought: 500,
      })
      expect(orderStatusOf(store, order.id)).toBe("Completed")
      expect(store.ledger).toEqual(before)
      expect(store.refunds).toEqual([])
      expect(store.providerRefunds).toEqual([])
      expect(refunds.audit).toEqual([])
    }),
  )
})
