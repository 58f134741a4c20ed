import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { arbitraryOrderStatus } from "../testing/arbitraries/index.js"
import { canTransition, OrderStatus, orderStatuses, orderTransitions } from "./order-status.js"
import {
  mayReadTicketNumbers,
  type OrderReader,
  orderAsReadBy,
  ticketNumbersWithheldText,
} from "./ticket-visibility.js"

const reader = fc.constantFrom<OrderReader>("Customer", "Staff")

const order = fc.record({
  id: fc.uuid(),
  status: arbitraryOrderStatus(),
  lines: fc.array(
    fc.record({
      competitionId: fc.uuid(),
      quantity: fc.nat(20),
      lineTotal: fc.nat(10_000),
      ticketNumbers: fc.uniqueArray(fc.nat(10_000), { maxLength: 20 }),
    }),
    { maxLength: 4 },
  ),
})

/** Every status an order can reach from `from`, `from` included. */
const reachable = (from: OrderStatus): Set<OrderStatus> => {
  const seen = new Set<OrderStatus>([from])
  for (const status of seen) for (const next of orderTransitions[status]) seen.add(next)
  return seen
}

describe("mayReadTicketNumbers", () => {
  it.each<[OrderStatus, boolean]>([
    [OrderStatus.Pending, false],
    [OrderStatus.AwaitingPayment, false],
    [OrderStatus.Completed, true],
    [OrderStatus.Cancelled, false],
    [OrderStatus.SystemCancelled, false],
    [OrderStatus.Refunded, true],
  ])("a customer reading a %s order: %s", (status, readable) => {
    expect(mayReadTicketNumbers("Customer", status)).toBe(readable)
  })

  it("staff read every order's numbers", () => {
    fc.assert(
      fc.property(arbitraryOrderStatus(), (status) => {
        expect(mayReadTicketNumbers("Staff", status)).toBe(true)
      }),
    )
  })

  it("no customer reads the numbers of an order that can still be paid or dropped", () => {
    fc.assert(
      fc.property(arbitraryOrderStatus(), (status) => {
        if (canTransition(status, OrderStatus.Completed)) {
          expect(mayReadTicketNumbers("Customer", status)).toBe(false)
        }
      }),
    )
  })

  it("a customer reads them only once the order has been paid, and from then on always", () => {
    for (const status of orderStatuses) {
      if (!mayReadTicketNumbers("Customer", status)) continue
      // Readable means paid: the order is Completed or has been.
      expect(reachable(OrderStatus.Completed).has(status), status).toBe(true)
      for (const later of reachable(status)) {
        expect(mayReadTicketNumbers("Customer", later), `${status} then ${later}`).toBe(true)
      }
    }
  })
})

describe("orderAsReadBy", () => {
  it("leaves out every number exactly when the reader may not read them, and nothing else", () => {
    fc.assert(
      fc.property(reader, order, (who, o) => {
        const seen = orderAsReadBy(who, o)
        if (mayReadTicketNumbers(who, o.status)) {
          expect(seen).toBe(o)
        } else {
          expect(seen.lines.every((line) => line.ticketNumbers.length === 0)).toBe(true)
          expect(seen).toEqual({
            ...o,
            lines: o.lines.map((line) => ({ ...line, ticketNumbers: [] })),
          })
        }
      }),
    )
  })

  it("shows a customer the same unpaid order whatever numbers it holds, so paying cannot depend on them", () => {
    // Whatever the pool handed out (a winner or not), the customer's view is one and the
    // same: a choice to pay or abandon is made knowing nothing a winner would change, so
    // the orders a customer pays for win as often as anyone's.
    fc.assert(
      fc.property(
        order,
        fc.array(fc.uniqueArray(fc.nat(10_000), { maxLength: 20 }), { minLength: 4, maxLength: 4 }),
        (o, otherNumbers) => {
          if (mayReadTicketNumbers("Customer", o.status)) return
          const renumbered = {
            ...o,
            lines: o.lines.map((line, i) => ({ ...line, ticketNumbers: otherNumbers[i] ?? [] })),
          }
          expect(orderAsReadBy("Customer", renumbered)).toEqual(orderAsReadBy("Customer", o))
        },
      ),
    )
  })

  it("is the same whether applied once or twice, and never changes the order it is given", () => {
    fc.assert(
      fc.property(reader, order, (who, o) => {
        const before = structuredClone(o)
        const once = orderAsReadBy(who, o)
        expect(orderAsReadBy(who, once)).toEqual(once)
        expect(o).toEqual(before)
      }),
    )
  })

  it("gives a customer no more than staff see", () => {
    fc.assert(
      fc.property(order, (o) => {
        const customer = orderAsReadBy("Customer", o)
        const staff = orderAsReadBy("Staff", o)
        customer.lines.forEach((line, i) => {
          for (const n of line.ticketNumbers) expect(staff.lines[i]?.ticketNumbers).toContain(n)
        })
      }),
    )
  })
})

describe("ticketNumbersWithheldText", () => {
  it("tells an unpaid order's customer when the numbers come, and a dropped one's that none will", () => {
    expect(ticketNumbersWithheldText(OrderStatus.AwaitingPayment)).toBe(
      "Your ticket numbers are given when your payment completes.",
    )
    expect(ticketNumbersWithheldText(OrderStatus.Pending)).toBe(
      "Your ticket numbers are given when your payment completes.",
    )
    expect(ticketNumbersWithheldText(OrderStatus.SystemCancelled)).toBe(
      "This order wasn't paid, so it has no ticket numbers.",
    )
  })
})
