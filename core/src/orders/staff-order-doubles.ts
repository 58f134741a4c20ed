import { Effect, Exit, Layer, TestClock } from "effect"
import type { Principal } from "../accounts/model.js"
import type { AuditEntry } from "../ports/audit-log.js"
import {
  OrderRefundRepo,
  type OrderRefundRepoShape,
  type WinningTicket,
} from "../ports/order-refunds.js"
import { Transactions } from "../ports/transactions.js"
import { pence, ZERO_PENCE } from "../rules/money.js"
import type { RefundCompetition } from "../rules/refunds.js"
import { auditLogOver } from "../staff/audit-log-doubles.js"
import type { Order } from "./model.js"
import { PAYMENTS_NOW, type PaymentStore, paymentDoublesOver } from "./payment-doubles.js"
import { Payments } from "./payments.js"
import { StaffOrders } from "./staff-orders.js"

export const STAFF: Principal = {
  userId: "user-sam",
  role: "Staff",
  customerId: null,
  email: "sam@howzat.example",
  name: "Sam Staff",
}

/** What a refund reads and changes beyond the payment doubles' store. */
export interface RefundStore {
  readonly competitions: Map<string, readonly RefundCompetition[]>
  readonly winning: Map<string, readonly WinningTicket[]>
  /** orderId → the competitions whose tickets went back on sale. */
  readonly returned: Map<string, readonly string[]>
  readonly audit: AuditEntry[]
}

export const emptyRefundStore = (): RefundStore => ({
  competitions: new Map(),
  winning: new Map(),
  returned: new Map(),
  audit: [],
})

const restore = <K, V>(map: Map<K, V>, entries: readonly (readonly [K, V])[]) => {
  map.clear()
  for (const [key, value] of entries) map.set(key, value)
}

const restoreArray = <A>(array: A[], items: readonly A[]) => {
  array.length = 0
  array.push(...items)
}

/**
 * The in-memory OrderRefundRepo over the payment doubles' store (the order
 * and its lines, the club credit) and the refund store (what the order's
 * competitions are and what it won). It keeps the promises of
 * test/contracts/order-refunds.contract.ts, which the database adapter
 * passes too: competitions by name, the tickets of the competitions named
 * returned once and counted, the club credit reversed once.
 */
export const memoryOrderRefundRepo = (
  store: PaymentStore,
  refundStore: RefundStore,
): OrderRefundRepoShape => ({
  facts: (orderId) =>
    Effect.sync(() => ({
      competitions: [...(refundStore.competitions.get(orderId) ?? [])].sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
      winningTickets: refundStore.winning.get(orderId) ?? [],
    })),
  returnTickets: (orderId, competitionIds) =>
    Effect.sync(() => {
      const already = refundStore.returned.get(orderId) ?? []
      const now = competitionIds.filter((id) => !already.includes(id))
      if (now.length === 0) return 0
      refundStore.returned.set(orderId, [...already, ...now])
      const order = store.orders.get(orderId)
      if (order === undefined) return 0
      const returning = order.lines.filter((line) => now.includes(line.competitionId))
      // Back in the pool: the order's lines read no numbers there any more, as in the database.
      store.orders.set(orderId, {
        ...order,
        lines: order.lines.map((line) =>
          now.includes(line.competitionId) ? { ...line, ticketNumbers: [] } : line,
        ),
      })
      return returning.reduce((count, line) => count + line.ticketNumbers.length, 0)
    }),
  reverseClubCredit: (orderId) =>
    Effect.sync(() => {
      let reversed = 0
      for (const [key, amount] of [...store.clubCredits]) {
        const [clubId, creditedOrder] = key.split("/")
        const reversal = `${clubId}/${orderId}/reversal`
        if (creditedOrder !== orderId || amount <= 0 || store.clubCredits.has(reversal)) continue
        store.clubCredits.set(reversal, pence(-amount))
        reversed += amount
      }
      return reversed === 0 ? ZERO_PENCE : pence(reversed)
    }),
})

/**
 * StaffOrders over the payment doubles, with a transaction double that
 * puts back everything a refund writes when the work fails, as a rollback
 * would (the payment doubles' own transactions never roll back).
 */
export const staffOrdersOver = (store: PaymentStore, refundStore: RefundStore) => {
  const refunds = Layer.succeed(OrderRefundRepo, memoryOrderRefundRepo(store, refundStore))

  const transactions = Layer.succeed(Transactions, {
    within: (effect) =>
      Effect.suspend(() => {
        const orders = [...store.orders]
        const refundRecords = [...store.refunds]
        const ledger = [...store.ledger]
        const clubCredits = [...store.clubCredits]
        const returned = [...refundStore.returned]
        const audit = [...refundStore.audit]
        return Effect.onExit(effect, (exit) =>
          Effect.sync(() => {
            if (Exit.isSuccess(exit)) return
            restore(store.orders, orders)
            restoreArray(store.refunds, refundRecords)
            restoreArray(store.ledger, ledger)
            restore(store.clubCredits, clubCredits)
            restore(refundStore.returned, returned)
            restoreArray(refundStore.audit, audit)
          }),
        )
      }),
  })

  // Payments beside it: a provider's late notification meets a refunded order.
  return Layer.mergeAll(StaffOrders.Default, Payments.Default).pipe(
    Layer.provide(
      Layer.mergeAll(
        paymentDoublesOver(store),
        refunds,
        auditLogOver(refundStore.audit),
        transactions,
      ),
    ),
  )
}

export const runStaffOrders = <A, E>(
  store: PaymentStore,
  refundStore: RefundStore,
  test: Effect.Effect<A, E, StaffOrders | Payments>,
) =>
  Effect.provide(
    Effect.zipRight(TestClock.setTime(PAYMENTS_NOW), test),
    staffOrdersOver(store, refundStore),
  )

/** A paid order: Completed, its card payment succeeded, and any site credit debited. */
export const paidOrder = (
  store: PaymentStore,
  order: Order,
  card: { readonly amount: number; readonly provider?: string },
) => {
  const paid: Order = { ...order, status: "Completed" }
  store.orders.set(paid.id, paid)
  if (card.amount > 0)
    store.payments.push({
      id: `payment-${paid.id}`,
      orderId: paid.id,
      amount: pence(card.amount),
      status: "Succeeded",
      provider: card.provider ?? "double",
      providerReference: `intent-${paid.id}`,
      clientToken: null,
      failureDetail: null,
      createdAt: paid.createdAt,
    })
  if (paid.siteCreditDebit > 0)
    store.ledger.push(
      {
        customerId: paid.customerId,
        orderId: null,
        amount: pence(paid.siteCreditDebit),
        reason: "Grant",
      },
      {
        customerId: paid.customerId,
        orderId: paid.id,
        amount: pence(-paid.siteCreditDebit),
        reason: "OrderDebit",
      },
    )
  return paid
}
