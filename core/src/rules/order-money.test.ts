import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { arbitraryOrderStatus } from "../testing/arbitraries/index.js"
import { arbitraryPence } from "../testing/arbitraries/money.js"
import { pence } from "./money.js"
import { type OrderMoneyFacts, type OrderMoneyPayment, orderMoney } from "./order-money.js"

const card = (
  amount: number,
  status: OrderMoneyPayment["status"],
  refused = false,
): OrderMoneyPayment => ({ amount: pence(amount), status, refused })

const facts = (overrides: Partial<OrderMoneyFacts>): OrderMoneyFacts => ({
  status: "Completed",
  total: pence(6327),
  siteCreditSpent: pence(0),
  siteCreditReturned: pence(0),
  payments: [],
  ...overrides,
})

/** Any order's facts as the shop can hold them: credit no more than the total, returned no more than spent. */
const arbitraryFacts = fc
  .record({
    status: arbitraryOrderStatus(),
    total: arbitraryPence({ max: 100_000 }),
    creditShare: fc.double({ min: 0, max: 1, noNaN: true }),
    returnedShare: fc.constantFrom(0, 1),
    payments: fc.array(
      fc.record({
        amount: arbitraryPence({ max: 100_000 }),
        status: fc.constantFrom("Pending", "Succeeded", "Failed", "Refunded" as const),
        refused: fc.boolean(),
      }),
      { maxLength: 4 },
    ),
  })
  .map(({ status, total, creditShare, returnedShare, payments }): OrderMoneyFacts => {
    const siteCreditSpent = pence(Math.floor(total * creditShare))
    return {
      status,
      total,
      siteCreditSpent,
      siteCreditReturned: pence(siteCreditSpent * returnedShare),
      // Only a Succeeded payment can be one the credit-card rules refused.
      payments: payments.map((p) => ({ ...p, refused: p.refused && p.status === "Succeeded" })),
    }
  })

describe("an order's money", () => {
  it("shows a paid order paid, kept, with nothing to pay", () => {
    expect(orderMoney(facts({ payments: [card(6327, "Succeeded")] }))).toEqual({
      total: 6327,
      paidBySiteCredit: 0,
      paidByCard: 6327,
      refundedToCard: 0,
      refundDueToCard: 0,
      siteCreditReturned: 0,
      kept: 6327,
      stillToPay: 0,
    })
  })

  it("shows a fully refunded order paid and refunded, with nothing to pay or kept", () => {
    const refunded = orderMoney(
      facts({
        status: "Refunded",
        siteCreditSpent: pence(1000),
        siteCreditReturned: pence(1000),
        payments: [card(5327, "Refunded")],
      }),
    )
    expect(refunded).toMatchObject({
      paidBySiteCredit: 1000,
      paidByCard: 5327,
      refundedToCard: 5327,
      refundDueToCard: 0,
      siteCreditReturned: 1000,
      kept: 0,
      stillToPay: 0,
    })
    // Refunded by staff, the provider not yet done: owed back, still nothing to pay.
    expect(
      orderMoney(facts({ status: "Refunded", payments: [card(6327, "Succeeded")] })),
    ).toMatchObject({ paidByCard: 6327, refundDueToCard: 6327, kept: 0, stillToPay: 0 })
  })

  it("owes back a payment that succeeded after the order was cancelled or expired", () => {
    for (const status of ["Cancelled", "SystemCancelled"] as const)
      expect(
        orderMoney(facts({ status, payments: [card(6327, "Failed"), card(6327, "Refunded")] })),
      ).toMatchObject({ paidByCard: 6327, refundedToCard: 6327, kept: 0, stillToPay: 0 })
  })

  it("counts site credit towards an unpaid order, leaving the rest for the card", () => {
    expect(
      orderMoney(facts({ status: "AwaitingPayment", siteCreditSpent: pence(2000) })),
    ).toMatchObject({ paidBySiteCredit: 2000, paidByCard: 0, kept: 2000, stillToPay: 4327 })
    // Paid whole by site credit: nothing for the card.
    expect(orderMoney(facts({ status: "Completed", siteCreditSpent: pence(6327) }))).toMatchObject({
      paidBySiteCredit: 6327,
      kept: 6327,
      stillToPay: 0,
    })
  })

  it("keeps an unpaid order owing when a refused credit card paid it", () => {
    expect(
      orderMoney(facts({ status: "AwaitingPayment", payments: [card(6327, "Succeeded", true)] })),
    ).toMatchObject({ paidByCard: 6327, refundDueToCard: 6327, kept: 0, stillToPay: 6327 })
  })

  it("never shows a negative amount", () => {
    fc.assert(
      fc.property(arbitraryFacts, (f) => {
        for (const amount of Object.values(orderMoney(f))) expect(amount).toBeGreaterThanOrEqual(0)
      }),
    )
  })

  it("accounts for every penny paid: kept, given back or owed back", () => {
    fc.assert(
      fc.property(arbitraryFacts, (f) => {
        const m = orderMoney(f)
        expect(m.kept + m.refundedToCard + m.refundDueToCard + m.siteCreditReturned).toBe(
          m.paidByCard + m.paidBySiteCredit,
        )
      }),
    )
  })

  it("asks for payment only while the order waits for it, and never more than the card's part", () => {
    fc.assert(
      fc.property(arbitraryFacts, (f) => {
        const { stillToPay } = orderMoney(f)
        if (f.status === "Pending" || f.status === "AwaitingPayment")
          expect(stillToPay).toBeLessThanOrEqual(f.total - f.siteCreditSpent)
        else expect(stillToPay).toBe(0)
      }),
    )
  })

  it("keeps no card money for an order cancelled, expired or refunded", () => {
    fc.assert(
      fc.property(arbitraryFacts, (f) => {
        if (f.status !== "Cancelled" && f.status !== "SystemCancelled" && f.status !== "Refunded")
          return
        const m = orderMoney(f)
        expect(m.kept).toBe(f.siteCreditSpent - f.siteCreditReturned)
      }),
    )
  })

  it("asks an unpaid order with no card money taken for exactly the card's part", () => {
    fc.assert(
      fc.property(arbitraryFacts, (f) => {
        if (f.status !== "AwaitingPayment" && f.status !== "Pending") return
        const unpaid = { ...f, payments: f.payments.filter((p) => p.status !== "Succeeded") }
        expect(orderMoney(unpaid).stillToPay).toBe(f.total - f.siteCreditSpent)
      }),
    )
  })
})
