import { pence, UNANSWERED } from "@howzat/core/rules"
import {
  awaitingOrder,
  emptyOrderStore,
  spendLimitState,
  spendLimitStoreOver,
} from "@howzat/core/testing"
import { memoryId } from "./harness"
import { spendLimitStoreContract } from "./spend-limits.contract"

spendLimitStoreContract("the spend-limit store in memory", async () => {
  const orders = emptyOrderStore()
  // The real store answers "never answered" for a customer with no row; so must this one.
  const state = spendLimitState(UNANSWERED)
  return {
    layer: spendLimitStoreOver(orders, state),
    seed: {
      customer: async () => memoryId("customer"),
      order: async (customerId, order) => {
        const id = memoryId("order")
        orders.orders.set(
          id,
          awaitingOrder({
            id,
            customerId,
            createdAt: order.createdAt,
            status: order.status,
            orderTotal: pence(order.orderTotal),
            siteCreditDebit: pence(order.siteCreditDebit),
            creditItems: order.creditBought
              ? [{ description: "Site credit", lineTotal: pence(order.creditBought) }]
              : [],
          }),
        )
        return id
      },
    },
    close: async () => {},
  }
})
