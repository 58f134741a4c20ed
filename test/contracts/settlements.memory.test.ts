import { SettlementRecords } from "@howzat/core/ports"
import type { SettlementOrder, SettlementPayment, SettlementRefund } from "@howzat/core/rules"
import { makeMemorySettlementRecords } from "@howzat/core/testing"
import { Layer } from "effect"
import { memoryId } from "./harness"
import { settlementsContract } from "./settlements.contract"

settlementsContract("the settlements report's records in memory", async () => {
  const orders: SettlementOrder[] = []
  const payments: SettlementPayment[] = []
  const refunds: SettlementRefund[] = []
  return {
    layer: Layer.succeed(
      SettlementRecords,
      makeMemorySettlementRecords({
        orders: () => orders,
        payments: () => payments,
        refunds: () => refunds,
      }),
    ),
    seed: {
      order: async (order) => {
        const id = memoryId("order")
        orders.push({ id, orderRef: id.slice(0, 8), ...order })
        return id
      },
      payment: async (payment) => {
        const id = memoryId("payment")
        payments.push({ id, ...payment })
        return id
      },
      refund: async ({ refundedAt, ...refund }) => {
        const paid = payments.find((p) => p.id === refund.paymentId)
        refunds.push({
          ...refund,
          provider: paid?.provider ?? "sandbox",
          status: refundedAt === null ? "Due" : "Refunded",
          refundedAt,
        })
      },
    },
    close: async () => {},
  }
})
