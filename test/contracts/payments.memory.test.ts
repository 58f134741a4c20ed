import { awaitingOrder, emptyPaymentStore, paymentDoublesOver } from "@howzat/core/testing"
import { memoryId } from "./harness"
import { paymentsContract } from "./payments.contract"

paymentsContract("payments in memory (paymentDoublesOver's PaymentRepo)", async () => {
  const store = emptyPaymentStore()
  return {
    layer: paymentDoublesOver(store),
    seed: {
      order: async (status) => {
        const order = awaitingOrder({
          id: memoryId("order"),
          customerId: memoryId("customer"),
          status,
        })
        store.orders.set(order.id, order)
        return order.id
      },
    },
    close: async () => {},
  }
})
