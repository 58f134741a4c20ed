import type { PaymentJson } from "@howzat/contracts/orders"
import { describe, expect, it } from "vitest"
import {
  cancelledOrderText,
  canPayNow,
  cardPaymentRefunded,
  orderStatusLabels,
  orderStatusTone,
  orderTotalRows,
  siteCreditReturned,
  ticketRanges,
} from "./order-view"

describe("ticketRanges", () => {
  it("shows consecutive numbers as a-b", () => {
    expect(ticketRanges("1,2,3,7,9,10")).toBe("1-3, 7, 9-10")
    expect(ticketRanges("42")).toBe("42")
    expect(ticketRanges("")).toBe("")
  })

  it("sorts what the server sent", () => {
    expect(ticketRanges("5,3,4")).toBe("3-5")
  })
})

describe("order statuses", () => {
  it("every status has a label and a tone", () => {
    expect(orderStatusLabels.AwaitingPayment).toBe("Awaiting payment")
    expect(orderStatusTone("Completed")).toBe("success")
    expect(orderStatusTone("AwaitingPayment")).toBe("waiting")
    expect(orderStatusTone("SystemCancelled")).toBe("ended")
  })
})

describe("canPayNow", () => {
  const now = new Date("2026-11-23T03:00:00Z")
  const later = "2026-11-23T03:15:00Z"
  it("an unpaid order before it expires", () => {
    expect(
      canPayNow({ status: "AwaitingPayment", orderBalance: 500, expiresDateUtc: later }, now),
    ).toBe(true)
  })

  it("not once paid, cancelled, free or expired", () => {
    expect(canPayNow({ status: "Completed", orderBalance: 0, expiresDateUtc: later }, now)).toBe(
      false,
    )
    expect(canPayNow({ status: "Cancelled", orderBalance: 500, expiresDateUtc: later }, now)).toBe(
      false,
    )
    expect(
      canPayNow({ status: "AwaitingPayment", orderBalance: 0, expiresDateUtc: later }, now),
    ).toBe(false)
    expect(
      canPayNow(
        { status: "AwaitingPayment", orderBalance: 500, expiresDateUtc: "2026-11-23T02:59:59Z" },
        now,
      ),
    ).toBe(false)
  })
})

describe("an order's totals", () => {
  const paidPartlyWithCredit = {
    status: "AwaitingPayment" as const,
    discounts: [],
    charitableDonationTotal: 0,
    orderTotal: 12_021,
    siteCreditDebitTotal: 10_021,
    siteCreditRefundTotal: 0,
    orderBalance: 2_000,
    payments: [],
  }
  const labelled = (rows: ReturnType<typeof orderTotalRows>) => rows.map((r) => [r.label, r.value])

  it("an unpaid order shows the credit it holds and what is left to pay", () => {
    expect(labelled(orderTotalRows(paidPartlyWithCredit))).toEqual([
      ["Order total", "£120.21"],
      ["Paid with site credit", "-£100.21"],
      ["Left to pay", "£20.00"],
    ])
    expect(siteCreditReturned(paidPartlyWithCredit)).toBeNull()
  })

  it("a cancelled order says its site credit came back", () => {
    const cancelled = {
      ...paidPartlyWithCredit,
      status: "Cancelled" as const,
      orderBalance: 0,
      siteCreditRefundTotal: 10_021,
    }
    expect(labelled(orderTotalRows(cancelled))).toEqual([
      ["Order total", "£120.21"],
      ["Paid with site credit", "-£100.21"],
      ["Site credit returned", "+£100.21"],
    ])
    expect(siteCreditReturned(cancelled)).toBe("Site credit returned +£100.21")
  })

  it("an order whose late card payment went back says so, beside the credit returned", () => {
    const payment = (id: string, status: PaymentJson["status"], amount: number): PaymentJson => ({
      id,
      amount,
      status,
      token: null,
      provider: "sandbox",
      failureDetail: null,
      createdDateUtc: "2026-11-23T03:00:00.000Z",
    })
    const expired = {
      ...paidPartlyWithCredit,
      status: "SystemCancelled" as const,
      orderBalance: 0,
      siteCreditRefundTotal: 10_021,
      payments: [payment("declined", "Failed", 2_000), payment("late", "Refunded", 2_000)],
    }
    expect(labelled(orderTotalRows(expired))).toEqual([
      ["Order total", "£120.21"],
      ["Paid with site credit", "-£100.21"],
      ["Site credit returned", "+£100.21"],
      ["Card payment refunded", "+£20.00"],
    ])
    expect(cardPaymentRefunded(expired)).toBe("Card payment refunded +£20.00")
    // Due but not yet made, the money has not gone back: nothing is said.
    const due = { ...expired, payments: [payment("late", "Succeeded", 2_000)] }
    expect(labelled(orderTotalRows(due)).map(([label]) => label)).not.toContain(
      "Card payment refunded",
    )
    expect(cardPaymentRefunded(due)).toBeNull()
    const twice = {
      ...expired,
      payments: [payment("a", "Refunded", 2_000), payment("b", "Refunded", 2_000)],
    }
    expect(cardPaymentRefunded(twice)).toBe("Card payments refunded +£40.00")
  })
})

describe("the Cancel Order page's words", () => {
  const payment = (status: PaymentJson["status"], amount: number): PaymentJson => ({
    id: `p-${status}`,
    amount,
    status,
    token: null,
    provider: "sandbox",
    failureDetail: null,
    createdDateUtc: "2026-11-23T03:00:00.000Z",
  })

  it("says nothing was charged only when no card payment went through", () => {
    expect(
      cancelledOrderText({
        orderRef: "HZ123",
        payments: [payment("Failed", 500)],
        siteCreditRefundTotal: 0,
      }),
    ).toBe(
      "Order HZ123 is cancelled and its tickets have been released. You haven't been charged for it.",
    )
  })

  it("says a late card payment is refunded, and the site credit is back", () => {
    expect(
      cancelledOrderText({
        orderRef: "HZ123",
        payments: [payment("Refunded", 2_000)],
        siteCreditRefundTotal: 10_021,
      }),
    ).toBe(
      "Order HZ123 is cancelled and its tickets have been released. The card payment taken for it (£20.00) is refunded to your card automatically. The £100.21 of site credit it used is back in your account.",
    )
  })
})
