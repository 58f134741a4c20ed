import type { AllocationResult } from "@howzat/core/ports"
import { allocationExceptions, pence, ZERO_PENCE } from "@howzat/core/rules"
import { Effect } from "effect"
import type { DatabaseHandle } from "../database"
import { makeTransactions } from "../transactions"
import { makeOrderRepo } from "./orders"
import { NOW } from "./orders-fixtures"
import { makeTicketAllocator } from "./ticket-allocator"

/** One simulated buyer of the concurrency suites: a basket checked out by a customer. */
export interface Buyer {
  readonly index: number
  readonly customerId: string
  readonly basketId: string
  readonly lines: readonly { readonly competitionId: string; readonly quantity: number }[]
}

export interface Outcome {
  readonly buyer: Buyer
  readonly orderId: string
  readonly created: boolean
  readonly allocation: AllocationResult | null
}

/**
 * The repository half of checkout (order per basket, allocation, lines), in
 * one transaction, as a server process would run it. Prices don't matter here.
 */
export const checkoutBuyer = (
  handle: DatabaseHandle,
  buyer: Buyer,
): Effect.Effect<Outcome, unknown> => {
  const orders = makeOrderRepo(handle.db)
  const allocator = makeTicketAllocator(handle.db)
  return makeTransactions(handle.db).within(
    Effect.gen(function* () {
      const { order, created } = yield* orders.createForBasket({
        basketId: buyer.basketId,
        customerId: buyer.customerId,
        createdAt: NOW,
        expiresAt: new Date(NOW.getTime() + 60 * 60 * 1000),
      })
      if (!created) return { buyer, orderId: order.id, created, allocation: null }
      const allocation = yield* allocator.allocate({
        orderId: order.id,
        customerId: buyer.customerId,
        at: NOW,
        lines: buyer.lines,
      })
      yield* orders.recordAllocation(order.id, {
        lines: allocation.lines.map((line) => ({
          competitionId: line.competitionId,
          quantityRequested: line.requested,
          quantity: line.ticketNumbers.length,
          unitPrice: pence(100),
          preDiscountTotal: pence(100 * line.ticketNumbers.length),
          lineTotal: pence(100 * line.ticketNumbers.length),
        })),
        itemTotal: ZERO_PENCE,
        discountTotal: ZERO_PENCE,
        donation: ZERO_PENCE,
        siteCreditDebit: ZERO_PENCE,
        orderTotal: ZERO_PENCE,
        exceptions: allocationExceptions(allocation.lines, NOW),
      })
      return { buyer, orderId: order.id, created, allocation }
    }),
  )
}
