import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { arbitraryOrderStatus } from "../testing/arbitraries/index.js"
import {
  drawEntryNumbers,
  isDrawEntry,
  ordersAwaitingPayment,
  ordersHoldingTicketsThatAreNotEntries,
  ordersWhoseTicketsAreNotEntries,
  type TicketHold,
} from "./draw-entries.js"
import { OrderStatus, orderStatuses, releasesTickets } from "./order-status.js"

const hold: fc.Arbitrary<TicketHold> = fc.oneof(
  arbitraryOrderStatus().map((status): TicketHold => ({ by: "Order", status })),
  fc.constant<TicketHold>({ by: "PostalEntry" }),
  fc.constant<TicketHold>({ by: "SaleWithoutOrder" }),
)
const tickets = fc.array(fc.record({ ticketNumber: fc.integer({ min: 1, max: 200 }), hold }), {
  maxLength: 60,
})
const byOrder = (status: OrderStatus): TicketHold => ({ by: "Order", status })

describe("what counts as a draw entry", () => {
  it("takes a paid order's ticket, a refunded one's (kept only once drawn), a postal entry and a seed sale", () => {
    expect(isDrawEntry(byOrder(OrderStatus.Completed))).toBe(true)
    expect(isDrawEntry(byOrder(OrderStatus.Refunded))).toBe(true)
    expect(isDrawEntry({ by: "PostalEntry" })).toBe(true)
    expect(isDrawEntry({ by: "SaleWithoutOrder" })).toBe(true)
  })

  it("leaves out the tickets of unpaid and cancelled orders", () => {
    expect(ordersWhoseTicketsAreNotEntries).toEqual([
      OrderStatus.Pending,
      OrderStatus.AwaitingPayment,
      OrderStatus.Cancelled,
      OrderStatus.SystemCancelled,
    ])
  })

  it("never takes a ticket of an order awaiting payment or one whose tickets went back on sale (property)", () => {
    fc.assert(
      fc.property(arbitraryOrderStatus(), (status) => {
        if (ordersAwaitingPayment.includes(status) || releasesTickets(status))
          expect(isDrawEntry(byOrder(status))).toBe(false)
      }),
    )
  })

  it("leaves out, of orders that can still hold tickets, exactly those awaiting payment", () => {
    expect(ordersHoldingTicketsThatAreNotEntries).toEqual(ordersAwaitingPayment)
    for (const status of orderStatuses)
      if (!releasesTickets(status) && !ordersHoldingTicketsThatAreNotEntries.includes(status))
        expect(isDrawEntry(byOrder(status))).toBe(true)
  })

  it("lists as not entries exactly the statuses the rule leaves out, and every unpaid one among them", () => {
    for (const status of orderStatuses)
      expect(ordersWhoseTicketsAreNotEntries.includes(status)).toBe(!isDrawEntry(byOrder(status)))
    for (const status of ordersAwaitingPayment)
      expect(ordersWhoseTicketsAreNotEntries).toContain(status)
  })

  it("lists the entries ascending and each once, exactly the tickets the rule takes (property)", () => {
    fc.assert(
      fc.property(tickets, (held) => {
        const entries = drawEntryNumbers(held)
        for (let i = 1; i < entries.length; i++)
          expect(entries[i - 1] ?? 0).toBeLessThan(entries[i] ?? 0)
        const taken = new Set(held.filter((t) => isDrawEntry(t.hold)).map((t) => t.ticketNumber))
        expect(new Set(entries)).toEqual(taken)
        expect(entries).toHaveLength(taken.size)
      }),
    )
  })

  it("always lists a paid order's ticket, and never one held only by an unpaid or cancelled order (property)", () => {
    fc.assert(
      fc.property(tickets, fc.integer({ min: 201, max: 400 }), (held, n) => {
        expect(
          drawEntryNumbers([...held, { ticketNumber: n, hold: byOrder("Completed") }]),
        ).toContain(n)
        for (const status of ordersWhoseTicketsAreNotEntries)
          expect(
            drawEntryNumbers([...held, { ticketNumber: n, hold: byOrder(status) }]),
          ).not.toContain(n)
      }),
    )
  })
})
