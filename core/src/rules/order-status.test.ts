import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { arbitraryOrderStatus } from "../testing/arbitraries/index.js"
import {
  canTransition,
  isOpenOrder,
  isTerminal,
  OrderStatus,
  orderStatuses,
  orderTransitions,
  releasesTickets,
} from "./order-status.js"

const status = arbitraryOrderStatus()

const reachableFrom = (start: OrderStatus): Set<OrderStatus> => {
  const seen = new Set<OrderStatus>([start])
  const queue: OrderStatus[] = [start]
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const to of orderTransitions[next]) {
      if (!seen.has(to)) {
        seen.add(to)
        queue.push(to)
      }
    }
  }
  return seen
}

describe("order statuses", () => {
  it("are the five the API names, and Refunded for the back office", () => {
    expect([...orderStatuses].sort()).toEqual(
      [
        "AwaitingPayment",
        "Cancelled",
        "Completed",
        "Pending",
        "SystemCancelled",
        "Refunded",
      ].sort(),
    )
  })

  it("allow the moves of docs/product/states.md and no others", () => {
    const allowed = orderStatuses.flatMap((from) =>
      orderStatuses.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    )
    expect(allowed.sort()).toEqual(
      [
        "Pending->AwaitingPayment",
        "Pending->Completed",
        "Pending->Cancelled",
        "AwaitingPayment->Completed",
        "AwaitingPayment->Cancelled",
        "AwaitingPayment->SystemCancelled",
        "Completed->Refunded",
      ].sort(),
    )
  })

  it("never let a pending order be cancelled by the system", () => {
    expect(canTransition(OrderStatus.Pending, OrderStatus.SystemCancelled)).toBe(false)
  })

  it("give terminal statuses no way out", () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        if (isTerminal(from)) expect(canTransition(from, to)).toBe(false)
      }),
    )
    expect(orderStatuses.filter(isTerminal).sort()).toEqual(
      ["Cancelled", "Refunded", "SystemCancelled"].sort(),
    )
  })

  it("can all be reached from Pending", () => {
    fc.assert(
      fc.property(status, (s) => {
        expect(reachableFrom(OrderStatus.Pending).has(s)).toBe(true)
      }),
    )
  })

  it("have no self-transitions", () => {
    fc.assert(
      fc.property(status, (s) => {
        expect(canTransition(s, s)).toBe(false)
      }),
    )
  })

  it("release tickets only when cancelled, and only in a terminal status", () => {
    expect(orderStatuses.filter(releasesTickets).sort()).toEqual(["Cancelled", "SystemCancelled"])
    fc.assert(
      fc.property(status, (s) => {
        if (releasesTickets(s)) expect(isTerminal(s)).toBe(true)
      }),
    )
  })
})

describe("an open order", () => {
  it("is exactly an order that may still be paid: one that can still become Completed", () => {
    fc.assert(
      fc.property(status, (s) => {
        expect(isOpenOrder(s)).toBe(canTransition(s, OrderStatus.Completed))
      }),
    )
    expect(orderStatuses.filter(isOpenOrder)).toEqual([
      OrderStatus.Pending,
      OrderStatus.AwaitingPayment,
    ])
  })
})
