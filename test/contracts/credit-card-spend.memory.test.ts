import { pence } from "@howzat/core/rules"
import { awaitingOrder, emptyPaymentStore, paymentDoublesOver } from "@howzat/core/testing"
import { creditCardSpendContract } from "./credit-card-spend.contract"
import { memoryId } from "./harness"

creditCardSpendContract("credit-card spend in memory", async () => {
  const store = emptyPaymentStore()
  /** The store keeps which competitions have an instant-win group, not how many. */
  const orderOfLines = async (customerId: string, instantWinGroups: readonly number[]) => {
    const order = awaitingOrder({
      id: memoryId("order"),
      customerId,
      lines: instantWinGroups.map((groups) => {
        const competitionId = memoryId("competition")
        if (groups > 0) store.instantWinCompetitions.add(competitionId)
        return {
          competitionId,
          competitionName: "A car",
          quantity: 1,
          price: pence(1000),
          preDiscountTotal: pence(1000),
          lineTotal: pence(1000),
          ticketNumbers: [1],
        }
      }),
    })
    store.orders.set(order.id, order)
    return order.id
  }
  return {
    layer: paymentDoublesOver(store),
    seed: {
      customer: async () => memoryId("customer"),
      order: (customerId, { instantWin }) => orderOfLines(customerId, [instantWin ? 1 : 0]),
      orderOfLines,
    },
    close: async () => {},
  }
})
