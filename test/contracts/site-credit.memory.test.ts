import { awaitingOrder, emptyPaymentStore, paymentDoublesOver } from "@howzat/core/testing"
import { memoryId } from "./harness"
import { siteCreditContract } from "./site-credit.contract"

siteCreditContract("site credit in memory (memorySiteCreditLedger)", async () => {
  const store = emptyPaymentStore()
  return {
    layer: paymentDoublesOver(store),
    seed: {
      customer: async () => memoryId("customer"),
      order: async (customerId) => {
        const order = awaitingOrder({ id: memoryId("order"), customerId })
        store.orders.set(order.id, order)
        return order
      },
      instantWinTicket: async () => memoryId("instant-win-ticket"),
    },
    close: async () => {},
  }
})
