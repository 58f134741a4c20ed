import type { OrderJson, PaymentJson } from "@howzat/contracts/orders"
import { describe, expect, it } from "vitest"
import { moneyRows, orderMoneyOf } from "./order-money"

const payment = (overrides: Partial<PaymentJson>): PaymentJson => ({
  id: "p1",
  amount: 6327,
  status: "Succeeded",
  token: null,
  provider: "sandbox",
  failureDetail: null,
  createdDateUtc: "2026-11-20T12:00:00.000Z",
  ...overrides,
})

const order = (overrides: Partial<OrderJson>) =>
  ({
    status: "Completed",
    orderTotal: 6327,
    siteCreditDebitTotal: 0,
    siteCreditRefundTotal: 0,
    payments: [payment({})],
    ...overrides,
  }) as const

const rowsOf = (o: ReturnType<typeof order>) =>
  Object.fromEntries(moneyRows(orderMoneyOf(o), o.status).map((r) => [r.label, r.amount]))

describe("the order screen's money summary", () => {
  it("shows a fully refunded order refunded, with nothing still to pay", () => {
    const rows = rowsOf(order({ status: "Refunded", payments: [payment({ status: "Refunded" })] }))
    expect(rows).toEqual({
      "Paid with site credit": 0,
      "Paid by card": 6327,
      "Refunded to card": 6327,
      "Kept by the shop": 0,
    })
  })

  it("shows a cancelled order's late payment as owed back while the provider returns it", () => {
    expect(rowsOf(order({ status: "Cancelled" }))).toMatchObject({
      "Refund to card under way": 6327,
      "Kept by the shop": 0,
    })
  })

  it("shows what is left for the card when site credit paid part of an unpaid order", () => {
    expect(
      rowsOf(order({ status: "AwaitingPayment", siteCreditDebitTotal: 1000, payments: [] })),
    ).toEqual({
      "Paid with site credit": 1000,
      "Paid by card": 0,
      "Kept by the shop": 1000,
      "Still to pay by card": 5327,
    })
  })

  it("counts a refused credit card as owed back, the order still to pay", () => {
    const refused = payment({ failureDetail: "Credit cards cannot pay for instant-win tickets." })
    expect(rowsOf(order({ status: "AwaitingPayment", payments: [refused] }))).toMatchObject({
      "Refund to card under way": 6327,
      "Still to pay by card": 6327,
    })
  })
})
