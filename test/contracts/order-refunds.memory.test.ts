import { randomUUID } from "node:crypto"
import { OrderRefundRepo } from "@howzat/core/ports"
import { pence, type RefundCompetition } from "@howzat/core/rules"
import {
  awaitingOrder,
  emptyPaymentStore,
  emptyRefundStore,
  memoryOrderRefundRepo,
} from "@howzat/core/testing"
import { Layer } from "effect"
import { orderRefundsContract } from "./order-refunds.contract"

orderRefundsContract("order refunds in memory (the OrderRefundRepo double)", async () => {
  const store = emptyPaymentStore()
  const refunds = emptyRefundStore()
  /** The facts a refund reads are the double's store: seeding writes them as the tables join them. */
  const factsOf = (orderId: string) => refunds.competitions.get(orderId) ?? []
  return {
    layer: Layer.succeed(OrderRefundRepo, memoryOrderRefundRepo(store, refunds)),
    paidOrder: async (competitions, quantity) => {
      const orderId = randomUUID()
      const seeded = competitions.map(
        (c): RefundCompetition => ({
          competitionId: randomUUID(),
          name: c.name,
          closesAt: c.closesAt,
          drawn: false,
        }),
      )
      const numbers = Array.from({ length: quantity }, (_, i) => i + 1)
      store.orders.set(
        orderId,
        awaitingOrder({
          id: orderId,
          status: "Completed",
          lines: seeded.map((c) => ({
            competitionId: c.competitionId,
            competitionName: c.name,
            quantity,
            price: pence(99),
            preDiscountTotal: pence(99 * quantity),
            lineTotal: pence(99 * quantity),
            ticketNumbers: numbers,
          })),
        }),
      )
      refunds.competitions.set(orderId, seeded)
      return {
        orderId,
        competitionIds: seeded.map((c) => c.competitionId),
        numbers: new Map(seeded.map((c) => [c.competitionId, numbers])),
      }
    },
    draw: async (competitionId, ticketNumber) => {
      for (const orderId of [...refunds.competitions.keys()]) {
        const facts = factsOf(orderId)
        if (!facts.some((c) => c.competitionId === competitionId)) continue
        refunds.competitions.set(
          orderId,
          facts.map((c) => (c.competitionId === competitionId ? { ...c, drawn: true } : c)),
        )
        const line = store.orders.get(orderId)?.lines.find((l) => l.competitionId === competitionId)
        if (ticketNumber !== null && line?.ticketNumbers.includes(ticketNumber))
          refunds.winning.set(orderId, [
            ...(refunds.winning.get(orderId) ?? []),
            { competitionId, ticketNumber, prize: "Main" },
          ])
      }
    },
    instantWin: async (orderId, competitionId, ticketNumber) => {
      refunds.winning.set(orderId, [
        ...(refunds.winning.get(orderId) ?? []),
        { competitionId, ticketNumber, prize: "InstantWin" },
      ])
    },
    clubCredit: async (orderId, amount) => {
      store.clubCredits.set(`${randomUUID()}/${orderId}`, pence(amount))
    },
    close: async () => {},
  }
})
