import { pence } from "@howzat/core/rules"
import { awaitingOrder, emptyPaymentStore, paymentDoublesOver } from "@howzat/core/testing"
import { creditCardSpendContract } from "./credit-card-spend.contract"
import { memoryId } from "./harness"

creditCardSpendContract("credit-card spend in memory", async () => {
  const store = emptyPaymentStore()
  return {
    layer: paymentDoublesOver(store),
    seed: {
      customer: async () => memoryId("customer"),
      order: async (customerId, { instantWin }) => {
        const competitionId = memoryId("competition")
        if (instantWin) store.instantWinCompetitions.add(competitionId)
        const order = awaitingOrder({
          id: memoryId("order"),
          customerId,
          lines: [
            {
              competitionId,
              competitionName: "A car",
              quantity: 1,
              price: pence(1000),
              preDiscountTotal: pence(1000),
              lineTotal: pence(1000),
              ticketNumbers: [1],
            },
          ],
        })
        store.orders.set(order.id, order)
        return order.id
      },
    },
    close: async () => {},
  }
})
