import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { arbitraryOrderStatus } from "../testing/arbitraries/index.js"
import { normaliseEmail } from "./auth.js"
import { isDrawEntry, type TicketHold } from "./draw-entries.js"
import { isOpenOrder, OrderStatus, orderStatuses, releasesTickets } from "./order-status.js"
import {
  countsAgainst,
  countsTowardsMaximum,
  type HeldTicket,
  ordersHoldingTicketsNotCountedTowardsMaximum,
  ticketsHeldBy,
} from "./per-person-maximum.js"

const hold: fc.Arbitrary<TicketHold> = fc.oneof(
  arbitraryOrderStatus().map((status): TicketHold => ({ by: "Order", status })),
  fc.constant<TicketHold>({ by: "PostalEntry" }),
  fc.constant<TicketHold>({ by: "SaleWithoutOrder" }),
)
const byOrder = (status: OrderStatus): TicketHold => ({ by: "Order", status })

/** An address with its letters' case changed and whitespace put in, as a postcard may carry it. */
const variantOf = (email: string): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: email.length, maxLength: email.length }),
      fc.array(fc.constantFrom("", "", " ", "\t", "\n"), {
        minLength: email.length + 1,
        maxLength: email.length + 1,
      }),
    )
    .map(
      ([upper, spaces]) =>
        [...email].map((c, i) => `${spaces[i]}${upper[i] ? c.toUpperCase() : c}`).join("") +
        spaces[email.length],
    )

const email = fc
  .tuple(fc.stringMatching(/^[a-z0-9.]{1,8}$/), fc.stringMatching(/^[a-z]{1,6}$/))
  .map(([local, domain]) => `${local}@${domain}.example`)

describe("what the per-person maximum counts", () => {
  it("counts, per order status, every ticket not sent back on sale", () => {
    const table = Object.fromEntries(
      orderStatuses.map((status) => [status, countsTowardsMaximum(byOrder(status))]),
    )
    expect(table).toEqual({
      [OrderStatus.Pending]: true,
      [OrderStatus.AwaitingPayment]: true,
      [OrderStatus.Completed]: true,
      [OrderStatus.Cancelled]: false,
      [OrderStatus.SystemCancelled]: false,
      [OrderStatus.Refunded]: true,
    })
    expect(countsTowardsMaximum({ by: "PostalEntry" })).toBe(true)
    expect(countsTowardsMaximum({ by: "SaleWithoutOrder" })).toBe(true)
  })

  it("is the draw's entries plus the open orders' tickets (property)", () => {
    fc.assert(
      fc.property(hold, (h) => {
        expect(countsTowardsMaximum(h)).toBe(
          isDrawEntry(h) || (h.by === "Order" && isOpenOrder(h.status)),
        )
        // Whatever the draw takes, the maximum counts.
        if (isDrawEntry(h)) expect(countsTowardsMaximum(h)).toBe(true)
      }),
    )
  })

  it("counts a ticket exactly when its order did not send it back on sale (property)", () => {
    fc.assert(
      fc.property(arbitraryOrderStatus(), (status) => {
        expect(countsTowardsMaximum(byOrder(status))).toBe(!releasesTickets(status))
      }),
    )
  })

  it("lists no status SQL must leave out: every order still holding tickets counts", () => {
    expect(ordersHoldingTicketsNotCountedTowardsMaximum).toEqual([])
    for (const status of orderStatuses)
      if (!releasesTickets(status))
        expect(ordersHoldingTicketsNotCountedTowardsMaximum.includes(status)).toBe(
          !countsTowardsMaximum(byOrder(status)),
        )
  })
})

describe("whose maximum a held ticket counts against", () => {
  const customer = { customerId: "c-1", email: "ann@example.com" }

  it("counts a customer's own tickets, never another's", () => {
    fc.assert(
      fc.property(hold, fc.constantFrom("c-1", "c-2"), (h, holder) => {
        const ticket: HeldTicket = { hold: h, customerId: holder, email: null }
        expect(countsAgainst(ticket, customer)).toBe(holder === "c-1" && countsTowardsMaximum(h))
        expect(countsAgainst(ticket, { customerId: null, email: customer.email })).toBe(false)
      }),
    )
  })

  it("counts a postal entry without an account against whoever has its email, in any case or spacing (property)", () => {
    fc.assert(
      fc.property(
        email.chain((e) => fc.tuple(fc.constant(e), variantOf(e), variantOf(e))),
        fc.boolean(),
        ([address, onPostcard, signedInWith], hasAccount) => {
          const entry: HeldTicket = {
            hold: { by: "PostalEntry" },
            customerId: null,
            email: onPostcard,
          }
          const holder = { customerId: hasAccount ? "c-9" : null, email: signedInWith }
          expect(normaliseEmail(onPostcard)).toBe(address)
          expect(countsAgainst(entry, holder)).toBe(true)
          expect(countsAgainst(entry, { ...holder, email: `x${address}` })).toBe(false)
        },
      ),
    )
  })

  it("matches by email only a postal entry made without an account", () => {
    const held = (h: TicketHold): HeldTicket => ({
      hold: h,
      customerId: null,
      email: customer.email,
    })
    expect(countsAgainst(held({ by: "PostalEntry" }), customer)).toBe(true)
    expect(countsAgainst(held({ by: "SaleWithoutOrder" }), customer)).toBe(false)
    expect(countsAgainst(held(byOrder(OrderStatus.Completed)), customer)).toBe(false)
    // A postal entry given to another customer stays theirs, whatever its email.
    expect(
      countsAgainst(
        { hold: { by: "PostalEntry" }, customerId: "c-2", email: customer.email },
        customer,
      ),
    ).toBe(false)
  })

  it("sums what counts against the holder (property)", () => {
    const ticket = fc.record({
      hold,
      customerId: fc.constantFrom(null, "c-1", "c-2"),
      email: fc.constantFrom(null, "ann@example.com", " ANN@example.com", "bob@example.com"),
    })
    fc.assert(
      fc.property(fc.array(ticket, { maxLength: 30 }), (tickets) => {
        expect(ticketsHeldBy(tickets, customer)).toBe(
          tickets.filter((t) => countsAgainst(t, customer)).length,
        )
      }),
    )
  })
})
