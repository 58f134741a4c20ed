import type { OrderJson } from "@howzat/contracts/orders"
import { describe, expect, it } from "vitest"
import { renderInRouter } from "../test-router"
import { OrderLines } from "./OrderLines"

const order = (status: OrderJson["status"], ticketNumbers: string): OrderJson => ({
  id: "order-1",
  orderRef: "HZ-0001",
  status,
  createdDateUtc: "2026-05-01T10:00:00.000Z",
  expiresDateUtc: "2026-05-01T10:15:00.000Z",
  totalTicketQuantity: 3,
  customer: { id: "customer-1", fullName: "Ann Smith" },
  billingAddress: null,
  shippingAddress: null,
  ticketItems: [
    {
      competition: {
        id: "car",
        name: "A car",
        closeDateTimeUtc: "2026-06-01T10:00:00.000Z",
        drawDateTimeUtc: null,
      },
      quantity: 3,
      price: 250,
      preDiscountTotal: 750,
      lineTotal: 750,
      ticketNumbers,
    },
  ],
  ticketItemTotal: 750,
  siteCreditItems: [],
  siteCreditItemTotal: 0,
  discounts: [],
  discountTotal: 0,
  charitableDonationTotal: 0,
  siteCreditDebitTotal: 0,
  siteCreditRefundTotal: 0,
  orderTotal: 750,
  orderBalance: status === "Completed" ? 0 : 750,
  payments: [],
  ticketAllocationExceptions: [],
})

const WITHHELD = "Your ticket numbers are given when your payment completes."

describe("an order's lines", () => {
  it("show a paid order's numbers as ranges", async () => {
    const html = await renderInRouter(() => <OrderLines order={order("Completed", "4,5,6")} />)
    expect(html).toContain("Ticket numbers")
    expect(html).toContain("4-6")
    expect(html).not.toContain(WITHHELD)
  })

  it("say, where the numbers would be, that an unpaid order gets them once paid", async () => {
    const html = await renderInRouter(() => <OrderLines order={order("AwaitingPayment", "")} />)
    expect(html).toContain(`role="note"`)
    expect(html).toContain(WITHHELD)
    // Not "no tickets purchased": the tickets are bought, only their numbers wait.
    expect(html).not.toContain("no tickets purchased")
    expect(html).not.toContain('data-testid="ticket-numbers"')
    expect(html).toContain("3 × £2.50")
  })

  it("say a cancelled unpaid order has no numbers", async () => {
    const html = await renderInRouter(() => <OrderLines order={order("SystemCancelled", "")} />)
    expect(html).toContain("This order wasn&#x27;t paid, so it has no ticket numbers.")
    expect(html).not.toContain(WITHHELD)
  })
})
