import { describe, expect, it } from "@effect/vitest"
import { Effect, FastCheck as fc } from "effect"
import type { Payment } from "../ports/payments.js"
import { type Pence, pence } from "../rules/money.js"
import { orderStatuses } from "../rules/order-status.js"
import { awaitingOrder } from "./payment-doubles.js"
import { readOrdersWithPayments, readOrderWithPayments } from "./payments.js"

const payment = (orderId: string, n: number): Payment => ({
  id: `${orderId}-payment-${n}`,
  orderId,
  amount: pence(100 * (n + 1)),
  status: "Succeeded",
  provider: "sandbox",
  providerReference: `pi_${orderId}_${n}`,
  clientToken: null,
  failureDetail: null,
  createdAt: new Date(Date.UTC(2026, 5, 15, 12, n)),
})

/** Ports over fixed answers that count what they are asked. */
const recorded = (stored: ReadonlyMap<string, { payments: number; returned: number }>) => {
  const asked = {
    forOrders: [] as string[][],
    refundedFor: [] as string[],
    refundedForOrders: [] as string[][],
  }
  const paymentsOf = (id: string) =>
    Array.from({ length: stored.get(id)?.payments ?? 0 }, (_, n) => payment(id, n))
  const returnedOf = (id: string): Pence => pence(stored.get(id)?.returned ?? 0)
  const payments = {
    forOrder: (id: string) => Effect.sync(() => paymentsOf(id)),
    forOrders: (ids: readonly string[]) =>
      Effect.sync(() => {
        asked.forOrders.push([...ids])
        return new Map(ids.map((id) => [id, paymentsOf(id)]))
      }),
  }
  const ledger = {
    refundedFor: (id: string) =>
      Effect.sync(() => {
        asked.refundedFor.push(id)
        return returnedOf(id)
      }),
    refundedForOrders: (ids: readonly string[]) =>
      Effect.sync(() => {
        asked.refundedForOrders.push([...ids])
        return new Map(ids.map((id) => [id, returnedOf(id)]))
      }),
  }
  return { payments, ledger, asked }
}

describe("reading a page of orders with their payments", () => {
  const order = fc.record({
    status: fc.constantFrom(...orderStatuses),
    siteCreditDebit: fc.constantFrom(0, 250),
    payments: fc.nat({ max: 3 }),
    returned: fc.constantFrom(0, 250),
  })

  it("answers each order as the single read does, in two reads for the whole page", () =>
    fc.assert(
      fc.property(fc.array(order, { maxLength: 20 }), (drawn) => {
        const orders = drawn.map((o, n) =>
          awaitingOrder({
            id: `order-${n}`,
            status: o.status,
            siteCreditDebit: pence(o.siteCreditDebit),
          }),
        )
        const stored = new Map(drawn.map((o, n) => [`order-${n}`, o]))
        const { payments, ledger, asked } = recorded(stored)
        const one = Effect.runSync(Effect.forEach(orders, readOrderWithPayments(payments, ledger)))
        const page = Effect.runSync(readOrdersWithPayments(payments, ledger)(orders))
        expect(page).toEqual(one)
        // One read of payments per page (none for an empty one), and the
        // credit asked for just the orders the single read asks about, at once.
        expect(asked.forOrders).toEqual(orders.length === 0 ? [] : [orders.map((o) => o.id)])
        expect(asked.refundedForOrders).toEqual(
          asked.refundedFor.length === 0 ? [] : [asked.refundedFor],
        )
      }),
    ))
})
